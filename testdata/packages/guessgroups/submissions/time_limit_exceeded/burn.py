"""Makes one guess, reads the reply, then loops forever on the CPU."""
import sys

print(500, flush=True)
sys.stdin.readline()
counter = 0
while True:
    counter += 1
