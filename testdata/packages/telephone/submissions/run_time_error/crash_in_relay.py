"""Encodes correctly in pass 1, then fails with an exception in the relay pass."""
command, operand = input().split()
if command == "encode":
    print("word", "".join(chr(ord("a") + int(d)) for d in operand), flush=True)
else:
    raise SystemExit(f"cannot {command} {operand}")
