# The grader of pairsum in Python.
import sys

from pairsum import find_pair

data = sys.stdin.read().split()
n, target = int(data[0]), int(data[1])
values = [int(v) for v in data[2:2 + n]]
print(*find_pair(target, values))
