#!/usr/bin/env python3
# task-maker validator: gen/validator.py INPUT SUBTASK (1-based); exit 0 if valid.
import sys

limits = {1: 10**5, 2: 10, 3: 10**5}
tokens = open(sys.argv[1]).read().split()
subtask = int(sys.argv[2])
n = int(tokens[0])
values = list(map(int, tokens[1:]))
if not 1 <= n <= limits[subtask]:
    sys.exit("N = %d is outside subtask %d's limit %d" % (n, subtask, limits[subtask]))
if len(values) != n or not all(1 <= v <= 10**9 for v in values):
    sys.exit("expected %d values in 1..10^9" % n)
