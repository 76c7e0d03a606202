# Accepted: randomized quicksort matching in Python, the same algorithm as quicksort.cpp.
import random
import sys


def main():
    read = sys.stdin.readline
    write = sys.stdout.write
    flush = sys.stdout.flush
    line = read()
    if not line:
        return
    n = int(line)

    def ask(nut, bolt):
        write(f"? {nut} {bolt}\n")
        flush()
        reply = read()
        if not reply:
            sys.exit(0)
        return reply[0]

    bolt_of = [0] * (n + 1)
    tasks = [(list(range(1, n + 1)), list(range(1, n + 1)))]
    while tasks:
        nuts, bolts = tasks.pop()
        if not nuts:
            continue
        if len(nuts) == 1:  # one nut, one bolt: they fit, no need to ask
            bolt_of[nuts[0]] = bolts[0]
            continue
        pivot = random.choice(nuts)
        smaller_bolts, larger_bolts, match = [], [], 0
        for bolt in bolts:
            c = ask(pivot, bolt)
            if c == "=":
                match = bolt
            elif c == "<":
                larger_bolts.append(bolt)
            else:
                smaller_bolts.append(bolt)
        bolt_of[pivot] = match
        smaller_nuts, larger_nuts = [], []
        for nut in nuts:
            if nut != pivot:
                (smaller_nuts if ask(nut, match) == "<" else larger_nuts).append(nut)
        tasks.append((smaller_nuts, smaller_bolts))
        tasks.append((larger_nuts, larger_bolts))

    write("! " + " ".join(map(str, bolt_of[1:])) + "\n")
    flush()


main()
