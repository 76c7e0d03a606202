"""Binary search that aborts (SIGABRT) right after flushing its third guess."""
import os
import sys

low, high = 1, 1000
for guess_number in range(1, 11):
    guess = (low + high) // 2
    print(guess, flush=True)
    if guess_number == 3:
        os.abort()
    reply = sys.stdin.readline().strip()
    if reply in ("correct", ""):
        break
    if reply == "higher":
        low = guess + 1
    else:
        high = guess - 1
