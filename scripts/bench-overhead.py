#!/usr/bin/env python3
"""The judge's own overhead on a round-trip-heavy test, as a ratio from one run.

Runs, interleaved (A B A B ...), the same interaction two ways and reports medians:
  A  baseline_harness: interactor and solution wired by hand (fork/exec, two pipes)
  B  judge run PROBLEM SOLUTION --tests TEST -q
Both are timed from outside (process start to exit), so both pay their start-up.

  scripts/bench-overhead.py [--build build] [--problem nuts-bolts]
                            [--solution build/solutions/nuts-bolts/accepted/quicksort]
                            [--test 12-n1000-random] [--runs 11]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time


def timed(command, **kwargs):
    start = time.perf_counter()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, **kwargs)
    elapsed = time.perf_counter() - start
    if done.returncode not in (0, 1):
        sys.exit(f"bench: {command[0]} failed ({done.returncode}): {done.stderr.strip()}")
    return elapsed, done.stdout


def main():
    repo = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--build", default=os.path.join(repo, "build"))
    parser.add_argument("--problem", default="nuts-bolts")
    parser.add_argument("--solution")
    parser.add_argument("--test", default="12-n1000-random")
    parser.add_argument("--runs", type=int, default=11)
    args = parser.parse_args()
    solution = args.solution or os.path.join(args.build, "solutions", args.problem, "accepted", "quicksort")
    judge = os.path.join(args.build, "judge", "judge")
    harness = os.path.join(args.build, "judge", "baseline_harness")
    interactor = os.path.join(args.build, "interactors", args.problem, "interactor")
    test_file = os.path.join(repo, "testdata", args.problem, args.test + ".in")
    for path in (judge, harness, interactor, solution, test_file):
        if not os.path.exists(path):
            sys.exit(f"bench: {path} is missing: build first (bash scripts/build.sh)")

    baseline, judged, queries = [], [], []
    with tempfile.TemporaryDirectory(prefix="bench-") as feedback:
        for _ in range(args.runs):
            seconds, out = timed([harness, interactor, test_file, feedback, "--", solution])
            if out.split()[1] != "42":
                sys.exit(f"bench: the baseline run was not accepted: {out}")
            baseline.append(seconds)
            result = os.path.join(feedback, "judge.json")
            seconds, _ = timed([judge, "run", args.problem, solution, "--tests", args.test, "-q", "--json", result])
            judged.append(seconds)
            with open(result) as f:
                report = json.load(f)
            if report["verdict"] != "AC":
                sys.exit(f"bench: the judged run was {report['verdict']}")
            queries.append(report["tests"][0]["queries"])
    a, b = statistics.median(baseline), statistics.median(judged)
    print(f"test {args.problem}/{args.test}, {args.runs} interleaved runs each, median queries {statistics.median(queries):.0f}")
    print(f"  baseline harness (fork/exec + pipes): median {a * 1000:8.1f} ms  (min {min(baseline) * 1000:.1f})")
    print(f"  judge run                           : median {b * 1000:8.1f} ms  (min {min(judged) * 1000:.1f})")
    print(f"  ratio judge / baseline              : {b / a:.3f}")


if __name__ == "__main__":
    main()
