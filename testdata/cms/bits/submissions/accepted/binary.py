# Ten bits, most significant first (compiled with sol/stub.py).
def encode(x):
    return [(x >> i) & 1 for i in range(9, -1, -1)]


def decode(bits):
    x = 0
    for bit in bits:
        x = 2 * x + bit
    return x
