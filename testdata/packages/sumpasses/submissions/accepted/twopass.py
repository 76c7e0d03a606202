"""First run: sums the numbers. Second run: doubles S."""
import sys

words = sys.stdin.read().split()
if words[0] == "double":
    print(2 * int(words[1]))
else:
    print(sum(map(int, words[2:])))
