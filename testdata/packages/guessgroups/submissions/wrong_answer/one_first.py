"""Guesses 1 first, then binary search over 2..1000: 11 guesses on some secrets.
Whether that is accepted depends on the limit each test gets from
output_validator_args; submissions/submissions.yaml says which tests must be AC."""
import sys

low, high = 1, 1000
guess = 1
while low <= high:
    print(guess, flush=True)
    reply = sys.stdin.readline().strip()
    if reply in ("correct", ""):
        break
    if reply == "higher":
        low = guess + 1
    else:
        high = guess - 1
    guess = (low + high) // 2
