"""Guesses 1, 2, 3, ... and never reads the replies' meaning: far more than 11 guesses."""
import sys

for guess in range(1, 1001):
    print(guess, flush=True)
    if sys.stdin.readline().strip() in ("correct", ""):
        break
