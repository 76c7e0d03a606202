#!/usr/bin/env python3
"""Input validator: 'N GAP' with N = 10 and 1 <= GAP <= 2 on one line. Exit 42 when valid."""
import sys

fields = sys.stdin.buffer.read().decode("ascii", "replace")
sys.exit(42 if fields in ("10 1\n", "10 2\n") else 43)
