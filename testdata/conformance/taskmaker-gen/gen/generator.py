#!/usr/bin/env python3
# task-maker generator: gen/generator.py N SEED prints a test on stdout. Seeds above
# 12 give values near the maximum (their sum overflows 32 bits).
import random
import sys

n, seed = int(sys.argv[1]), int(sys.argv[2])
random.seed(seed)
low = 10**9 - 1000 if seed > 12 else 1
print(n)
print(" ".join(str(random.randint(low, 10**9)) for _ in range(n)))
