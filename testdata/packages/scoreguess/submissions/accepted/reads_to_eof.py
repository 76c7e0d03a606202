"""Binary search, then reads its input until end of file before exiting. The
validator exits right after 'correct', so this ends only if the judge closes this
program's input when the validator has exited."""
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
sys.stdin.read()
