"""For the telephone package (testdata/packages/telephone), NOT a submission folder
of it: in the relay pass it always answers 'again W', so the validator asks for a
fourth run while limits.validation_passes is 3. The 2025-09 spec makes that a judge
error ("It is a judge error to run more passes than specified by
limits.validation_passes"), and so do problemtools, BAPCtools and DOMjudge; no
submissions/ folder can express an expected judge error, hence this separate place."""
command, operand = input().split()
if command == "encode":
    print("word", "".join(chr(ord("a") + int(d)) for d in operand))
elif command == "relay":
    print("again", operand)
else:
    print(int("".join(str(ord(c) - ord("a")) for c in operand)))
