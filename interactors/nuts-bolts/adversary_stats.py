#!/usr/bin/env python3
"""How many queries a solution needs against the adversarial modes, over many seeds.

Writes `n\\nMODE SEED\\n` tests for every mode and seed 1..SEEDS into a temporary
directory, grades SUBMISSION on all of them in one `judge run` (--tests with their paths)
and prints, per mode, the mean and the largest query count (for `probe`: of the graded
pass, the one that counts; the probe pass's count is shown apart) and the largest share
of the query limit. In the lazily decided modes the count depends mostly on the seed, so
the seeds are what varies.

Exit status 0 when every test is AC and no count exceeds --max-share of the limit, 1
otherwise (2 on bad usage). Example (the README's statistical check):
  adversary_stats.py --judge build/judge/judge --submission \\
      build/solutions/nuts-bolts/accepted/random_pivot_clock --seeds 200
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--problem", default=os.path.dirname(os.path.abspath(__file__)))
    parser.add_argument("--submission", required=True)
    parser.add_argument("--n", type=int, default=1000)
    parser.add_argument("--seeds", type=int, default=200)
    parser.add_argument("--modes", nargs="+", default=["punish", "probe"])
    parser.add_argument("--max-share", type=float, default=0.8)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="nuts-bolts-stats-") as scratch:
        tests = []
        for mode in args.modes:
            for seed in range(1, args.seeds + 1):
                path = os.path.join(scratch, f"{mode}-{seed:04d}.in")
                with open(path, "w") as f:
                    f.write(f"{args.n}\n{mode} {seed}\n")
                tests.append(path)
        report = os.path.join(scratch, "result.json")
        run = subprocess.run([args.judge, "run", args.problem, args.submission, "--json", report, "-q",
                              "--tests", *tests])
        if run.returncode not in (0, 1):
            print(f"judge exited {run.returncode}", file=sys.stderr)
            return 1
        with open(report) as f:
            results = json.load(f)["tests"]

    failures = []
    print(f"{args.submission}, n = {args.n}, seeds 1..{args.seeds}")
    print(f"{'mode':<8} {'tests':>5} {'AC':>5} {'mean':>9} {'max':>7} {'limit':>7} {'max share':>9}  probe pass mean")
    for mode in args.modes:
        mine = [t for t in results if t["name"].startswith(mode + "-")]
        counts = [t["queries"] for t in mine]
        limit = mine[0]["query_limit"]
        accepted = sum(t["verdict"] == "AC" for t in mine)
        probes = [t["passes"][0]["queries"] for t in mine if len(t.get("passes") or []) > 1]
        probe_text = f"{statistics.mean(probes):.0f}" if probes else "-"
        share = max(counts) / limit
        print(f"{mode:<8} {len(mine):>5} {accepted:>5} {statistics.mean(counts):>9.1f} {max(counts):>7} {limit:>7} "
              f"{share:>8.1%}  {probe_text}")
        if accepted != len(mine):
            failures.append(f"{mode}: {len(mine) - accepted} tests not AC: "
                            + ", ".join(f"{t['name']} {t['verdict']}" for t in mine if t["verdict"] != "AC")[:500])
        if share > args.max_share:
            failures.append(f"{mode}: {max(counts)} queries > {args.max_share:.0%} of the limit {limit}")
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
