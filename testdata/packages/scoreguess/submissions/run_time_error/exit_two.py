"""Finds the number with binary search, then exits with status 2: the validator
accepts, the verdict is run_time_error."""
import sys

low, high = 1, 1000
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
sys.exit(2)
