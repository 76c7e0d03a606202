# The stub of bits in Python: FIFOs from and to the manager, then the index.
import sys

from bits import decode, encode


def main():
    to_me = open(sys.argv[1], "r")
    to_manager = open(sys.argv[2], "w")
    index = int(sys.argv[3])
    cases = int(to_me.readline())
    for _ in range(cases):
        if index == 0:
            bits = encode(int(to_me.readline()))
            print(len(bits), *bits, file=to_manager, flush=True)
        else:
            words = to_me.readline().split()
            print(decode([int(w) for w in words[1:]]), file=to_manager, flush=True)


main()
