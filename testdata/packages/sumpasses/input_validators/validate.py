#!/usr/bin/env python3
"""Input validator of the first pass: 'add K' then K integers in -10**6..10**6."""
import re
import sys

lines = sys.stdin.buffer.read().split(b"\n")
header = re.fullmatch(rb"add ([1-9][0-9]{0,2})", lines[0])
valid = header is not None and len(lines) == 3 and lines[2] == b""
if valid:
    numbers = lines[1].split(b" ")
    valid = len(numbers) == int(header.group(1)) <= 100 and all(
        re.fullmatch(rb"-?(0|[1-9][0-9]{0,6})", n) and abs(int(n)) <= 10**6 for n in numbers)
sys.exit(42 if valid else 43)
