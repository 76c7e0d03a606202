#!/usr/bin/env python3
"""Input validator: 'secret S' with 1 <= S <= 1000 on one line. Exit 42 when valid."""
import re
import sys

match = re.fullmatch(rb"secret ([1-9][0-9]{0,3})\n", sys.stdin.buffer.read())
sys.exit(42 if match and int(match.group(1)) <= 1000 else 43)
