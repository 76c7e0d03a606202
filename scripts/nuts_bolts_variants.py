#!/usr/bin/env python3
"""Distinct C++ submissions of nuts-bolts, variations of its accepted references
(solutions/nuts-bolts/accepted/*.cpp), as a contest's would be: the benchmark's
contest row (scripts/bench.py, row 6c) compiles them all from a cold cache.

Variant i: reference i % 3, headed by a comment that names its contestant (line 1),
its #include lines replaced by `#include <bits/stdc++.h>` (line 2) in three variants
of four (what most contestants write; the fourth keeps the reference's headers), and
a harmless global of its own (a different program, so a different build).

  scripts/nuts_bolts_variants.py OUT_FOLDER [--count 40]
writes OUT_FOLDER/contestant-NN/nuts-bolts.cpp (a `judge batch` folder).
"""
import argparse
import os

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REFERENCES = ("quicksort.cpp", "random_pivot_clock.cpp", "shuffle_first_pivot.cpp")


def variant(reference_text, index):
    lines = reference_text.splitlines()
    body = [line for line in lines if not line.startswith("#include") and not line.startswith("// Accepted")]
    includes = [line for line in lines if line.startswith("#include")]
    head = [f"// contestant {index:02}: a variation of a nuts-bolts reference solution"]
    head += ["#include <bits/stdc++.h>"] if index % 4 != 3 else includes
    head.append(f"static volatile int contestant_{index:02} = {index};  // makes every variant a program of its own")
    return "\n".join(head + body) + "\n"


def write_variants(out, count):
    sources = []
    for name in REFERENCES:
        with open(os.path.join(REPO, "solutions", "nuts-bolts", "accepted", name)) as f:
            sources.append(f.read())
    paths = []
    for index in range(count):
        folder = os.path.join(out, f"contestant-{index:02}")
        os.makedirs(folder, exist_ok=True)
        path = os.path.join(folder, "nuts-bolts.cpp")
        with open(path, "w") as f:
            f.write(variant(sources[index % len(sources)], index))
        paths.append(path)
    return paths


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("out")
    parser.add_argument("--count", type=int, default=40)
    args = parser.parse_args()
    for path in write_variants(args.out, args.count):
        print(path)


if __name__ == "__main__":
    main()
