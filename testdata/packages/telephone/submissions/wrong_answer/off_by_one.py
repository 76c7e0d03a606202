"""Carries X correctly but answers X + 1 when decoding: wrong answer in pass 3."""
command, operand = input().split()
if command == "encode":
    print("word", "".join(chr(ord("a") + int(d)) for d in operand))
elif command == "relay":
    print("word", operand)
else:
    print(int("".join(str(ord(c) - ord("a")) for c in operand)) + 1)
