#!/usr/bin/env python3
# Input validator: "N T" with 1 <= T <= N <= 10^9; exit 42 if valid, 43 if not.
import re
import sys

text = sys.stdin.read()
m = re.fullmatch(r"([1-9][0-9]*) ([1-9][0-9]*)\n", text)
if not m or not (int(m.group(2)) <= int(m.group(1)) <= 10**9):
    sys.exit(43)
sys.exit(42)
