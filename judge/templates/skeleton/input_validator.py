# The input validator: a test input on stdin; exit 42 when it keeps every constraint
# of the statement, 43 (with the reason) when not. `judge validate` runs it.
import re
import sys

def invalid(reason):
    print(f"line 1: {reason}", file=sys.stderr)
    sys.exit(43)

text = sys.stdin.read()
match = re.fullmatch(r"(0|[1-9][0-9]*) (0|[1-9][0-9]*)\n", text)
if not match:
    invalid("expected 'N SECRET' and a newline, nothing else")
n, secret = int(match[1]), int(match[2])
if not 1 <= n <= 10**9:
    invalid(f"n = {n} is outside 1..10^9")
if not 1 <= secret <= n:
    invalid(f"secret = {secret} is outside 1..n = {n}")
sys.exit(42)
