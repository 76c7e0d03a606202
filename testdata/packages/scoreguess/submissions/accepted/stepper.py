"""Steps by 100 until it overshoots, then binary-searches that block: correct but
slower than binary search, so only part of the score (about 74.56 of 100)."""
import sys


def ask(guess):
    print(guess, flush=True)
    return sys.stdin.readline().strip()


guess = 100
while True:
    reply = ask(guess)
    if reply in ("correct", ""):
        sys.exit(0)
    if reply == "lower":
        break
    guess += 100
low, high = guess - 99, guess - 1
while low <= high:
    middle = (low + high) // 2
    reply = ask(middle)
    if reply in ("correct", ""):
        break
    if reply == "higher":
        low = middle + 1
    else:
        high = middle - 1
