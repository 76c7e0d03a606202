#!/usr/bin/env python3
"""The end of scripts/test.sh: the 15 slowest tests of a CTest run and the totals,
read from its output (the "Test #N: NAME ... Passed X sec" lines). Usage:
slowest_tests.py CTEST_OUTPUT [--count N]"""
import argparse
import re
import sys

LINE = re.compile(r"Test +#\d+: (\S+) \.*\s*(?:\*\*\*)?(\w+(?: \w+)?)\s+([\d.]+) sec")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("log")
    parser.add_argument("--count", type=int, default=15)
    args = parser.parse_args()
    times = []
    wall = None
    with open(args.log, errors="replace") as f:
        for line in f:
            match = LINE.search(line)
            if match:
                times.append((float(match.group(3)), match.group(1), match.group(2)))
            elif line.startswith("Total Test time (real)"):
                wall = line.split("=")[1].strip()
    if not times:
        return 0
    times.sort(reverse=True)
    print(f"\nThe {min(args.count, len(times))} slowest of {len(times)} tests:")
    for seconds, name, status in times[:args.count]:
        print(f"  {seconds:8.2f} s  {name}{'' if status == 'Passed' else '  (' + status + ')'}")
    print(f"All tests: {sum(t for t, _, _ in times):.0f} s of test time in {wall or '?'} of wall time")
    return 0


if __name__ == "__main__":
    sys.exit(main())
