"""Correct first run; the second run divides by zero."""
import sys

words = sys.stdin.read().split()
if words[0] == "double":
    print(int(words[1]) // 0)
print(sum(map(int, words[2:])))
