"""Encodes X as letters (0 -> a, ..., 9 -> j), relays the word, decodes it back."""
command, operand = input().split()
if command == "encode":
    print("word", "".join(chr(ord("a") + int(d)) for d in operand))
elif command == "relay":
    print("word", operand)
else:
    print(int("".join(str(ord(c) - ord("a")) for c in operand)))
