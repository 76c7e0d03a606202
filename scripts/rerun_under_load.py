#!/usr/bin/env python3
"""Runs one check_verdict.py check again and again while other processes keep every CPU busy.

    scripts/rerun_under_load.py --runs 20 [--load N] -- CHECK_VERDICT_ARGS...

A verdict that depends on a race (which process the judge saw end first) shows up
as a different verdict in some of the runs. --load N starts N busy loops (default:
the number of CPUs) for the whole time. Prints each run's verdict and a summary;
exit status 1 when any run failed its check.
"""
import argparse
import os
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
BURN = "import time\nwhile True: pass\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--load", type=int, default=os.cpu_count() or 2)
    parser.add_argument("check_args", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    check_args = args.check_args[1:] if args.check_args[:1] == ["--"] else args.check_args
    burners = [subprocess.Popen([sys.executable, "-c", BURN]) for _ in range(args.load)]
    failures = 0
    try:
        for run in range(1, args.runs + 1):
            done = subprocess.run([sys.executable, os.path.join(HERE, "check_verdict.py")] + check_args,
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
            seen = next((line for line in done.stdout.splitlines() if line.startswith("check:")), "check: ?")
            print(f"run {run:2d}/{args.runs}: {'ok  ' if done.returncode == 0 else 'FAIL'} {seen}")
            if done.returncode != 0:
                failures += 1
                print(done.stdout)
    finally:
        for burner in burners:
            burner.kill()
            burner.wait()
    print(f"{args.runs - failures} of {args.runs} runs passed with {args.load} busy loops beside them")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
