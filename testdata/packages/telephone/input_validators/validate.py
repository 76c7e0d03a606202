#!/usr/bin/env python3
"""Input validator: 'start X' with 0 <= X <= 10**9 on one line. Exit 42 when valid."""
import re
import sys

match = re.fullmatch(rb"start (0|[1-9][0-9]{0,9})\n", sys.stdin.buffer.read())
sys.exit(42 if match and int(match.group(1)) <= 10**9 else 43)
