"""Guesses 1 over and over: right only when n = 1, otherwise more than 30 guesses."""
import sys

sys.stdin.readline()
while True:
    print(1, flush=True)
    if sys.stdin.readline().strip() in ("correct", ""):
        break
