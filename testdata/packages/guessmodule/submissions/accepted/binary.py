"""Reads n, binary-searches 1..n, exits right after "correct"."""
import sys

low, high = 1, int(sys.stdin.readline())
while low <= high:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = sys.stdin.readline().strip()
    if reply in ("correct", ""):
        break
    if reply == "higher":
        low = guess + 1
    else:
        high = guess - 1
