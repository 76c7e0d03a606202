"""Binary search over 1..1000: at most 10 guesses."""
import sys

low, high = 1, 1000
while low <= high:
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "correct" or not reply:
        break
    if reply == "higher":
        low = guess + 1
    else:
        high = guess - 1
