"""Sums correctly in the first run but writes S again in the second: wrong answer in
pass 2 (except where S = 0)."""
import sys

words = sys.stdin.read().split()
print(int(words[1]) if words[0] == "double" else sum(map(int, words[2:])))
