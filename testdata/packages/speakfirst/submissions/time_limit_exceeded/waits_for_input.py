"""Waits for the judge to speak first. The judge never does: the program blocks on
its input using no CPU until the judge's wall-clock limit stops it."""
import sys

sys.stdin.readline()
print(*range(2, 11, 2), *range(1, 10, 2))
