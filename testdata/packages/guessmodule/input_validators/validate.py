#!/usr/bin/env python3
"""Input validator: 'N S' with 1 <= S <= N <= 10**6 on one line. Exit 42 when valid."""
import re
import sys

match = re.fullmatch(rb"([1-9][0-9]{0,6}) ([1-9][0-9]{0,6})\n", sys.stdin.buffer.read())
valid = match is not None and int(match.group(2)) <= int(match.group(1)) <= 10**6
sys.exit(42 if valid else 43)
