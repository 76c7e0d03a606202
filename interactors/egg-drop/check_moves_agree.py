#!/usr/bin/env python3
"""Check that egg-drop-moves and the interactor agree on the moves of every transcript.

Runs `judge run egg-drop SUBMISSION --tests ... --transcripts DIR --json FILE` on the
tests with N <= --max-n (their transcripts fit under the judge's 1 MiB transcript cap;
an N = 10^4 transcript is 2-3 MB and would be cut), then for every test:
  - egg-drop-moves TEST_FILE TRANSCRIPT recomputes moves, drops, floors travelled and
    direction changes from the transcript; each must equal the interactor's result.json
    figure (tests[].interactor.result);
  - tests[].moves (the problem's metric, copied by the judge) equals them too;
and, when every test is AC, the verdict JSON's max_moves is the largest of them.
Exit status 0 when everything agrees, 1 on any difference (2 on bad usage).
"""
import argparse
import glob
import json
import os
import subprocess
import sys
import tempfile

FIGURES = ("moves", "drops", "floors_travelled", "direction_changes")


def small_tests(testdata, max_n):
    """Names of the tests whose N (line 1) is at most max_n, in name order."""
    names = []
    for path in sorted(glob.glob(os.path.join(testdata, "*.in"))):
        with open(path) as f:
            n = int(f.readline())
        if n <= max_n:
            names.append(os.path.splitext(os.path.basename(path))[0])
    return names


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--moves-tool", required=True)
    parser.add_argument("--testdata", required=True)
    parser.add_argument("--submission", required=True)
    parser.add_argument("--problem", default="egg-drop", help="the problem name or its directory")
    parser.add_argument("--max-n", type=int, default=1000)
    args = parser.parse_args()

    names = small_tests(args.testdata, args.max_n)
    if not names:
        print(f"FAIL: no test with N <= {args.max_n} in {args.testdata}")
        return 1
    failures = []
    with tempfile.TemporaryDirectory(prefix="egg-drop-moves-") as tmp:
        result_file = os.path.join(tmp, "result.json")
        transcripts = os.path.join(tmp, "transcripts")
        command = [args.judge, "run", args.problem, args.submission, "--quiet", "--json", result_file,
                   "--transcripts", transcripts, "--tests"] + names
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if run.returncode not in (0, 1):
            print(run.stdout + run.stderr)
            print(f"FAIL: judge exited with {run.returncode}")
            return 1
        with open(result_file) as f:
            result = json.load(f)

        for test in result["tests"]:
            name = test["name"]
            reported = test["interactor"]["result"] or {}
            transcript = test.get("transcript") or os.path.join(transcripts, name + ".interaction")
            tool = subprocess.run([args.moves_tool, os.path.join(args.testdata, name + ".in"), transcript],
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if tool.returncode != 0:
                failures.append(f"{name}: egg-drop-moves failed: {tool.stderr.strip()}")
                continue
            recomputed = json.loads(tool.stdout)
            for key in FIGURES:
                if recomputed[key] != reported.get(key):
                    failures.append(f"{name}: {key}: transcript {recomputed[key]}, interactor {reported.get(key)}")
            if test.get("moves") != recomputed["moves"]:
                failures.append(f"{name}: tests[].moves is {test.get('moves')}, transcript {recomputed['moves']}")
            print(f"{name:20} {test['verdict']:4} moves {recomputed['moves']:>10}  drops {recomputed['drops']:>7}"
                  f"  floors {recomputed['floors_travelled']:>8}  changes {recomputed['direction_changes']:>5}")

    if result["tests"] and all(test["verdict"] == "AC" for test in result["tests"]):
        largest = max(test["moves"] for test in result["tests"])
        if result.get("max_moves") != largest:
            failures.append(f"max_moves is {result.get('max_moves')}, the largest test's moves {largest}")
    if len(result["tests"]) != len(names):
        failures.append(f"{len(result['tests'])} tests judged, {len(names)} selected")
    print(f"check: {len(result['tests'])} transcripts of {args.submission}")
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
