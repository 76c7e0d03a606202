#!/usr/bin/env python3
"""Input validator: one integer 1..1000 on one line, nothing else. Exit 42 when valid."""
import re
import sys

data = sys.stdin.buffer.read()
if re.fullmatch(rb"[1-9][0-9]{0,3}\n", data) and 1 <= int(data) <= 1000:
    sys.exit(42)
print(f"not one integer in 1..1000 on one line: {data[:40]!r}", file=sys.stderr)
sys.exit(43)
