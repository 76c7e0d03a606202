"""Binary search over 1..1000: at most 10 guesses, within every test's limit."""
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
