"""Two binary-search guesses, then an uncaught exception (exit code 1)."""
import sys

low, high = 1, 1000
for _ in range(2):
    guess = (low + high) // 2
    print(guess, flush=True)
    reply = sys.stdin.readline().strip()
    if reply == "higher":
        low = guess + 1
    elif reply == "lower":
        high = guess - 1
raise RuntimeError("gave up after two guesses")
