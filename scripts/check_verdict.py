#!/usr/bin/env python3
"""Grade one submission with `judge run` and check what CTest expects of it.

Checks, each optional but --expect:
  --expect V            the overall verdict is V, and every test that is not AC has
                        verdict V (a WA solution must not also crash on another test)
  --message TEXT        the message of the first failing test contains TEXT
  --max-seconds N       `judge run` finished within N seconds of wall time
  --max-query-share F   on every test, queries <= F * query_limit
  --min-score/--max-score  the problem's score lies in the range
  --max-memory-mib M    every test reports a peak memory above 0 and at most M MiB
  --no-leftovers        no process of this run (marked through its environment) survives it
  --forbid-file PATH    PATH does not exist after the run (removed before it; repeatable)
Prints what it saw and exits 1 on the first failed check (2 on bad usage).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid

from process_marker import processes_with_marker


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--problem", required=True)
    parser.add_argument("--submission", required=True)
    parser.add_argument("--expect", required=True)
    parser.add_argument("--message")
    parser.add_argument("--max-seconds", type=float)
    parser.add_argument("--max-query-share", type=float)
    parser.add_argument("--min-score", type=float)
    parser.add_argument("--max-score", type=float)
    parser.add_argument("--max-memory-mib", type=float,
                        help="every test's reported peak memory is above 0 and at most this")
    parser.add_argument("--no-leftovers", action="store_true")
    parser.add_argument("--forbid-file", action="append", default=[])
    parser.add_argument("judge_args", nargs="*", help="more arguments for `judge run` (after --)")
    args = parser.parse_args()

    for path in args.forbid_file:
        if os.path.lexists(path):
            os.remove(path)
    with tempfile.TemporaryDirectory(prefix="check-verdict-") as tmp:
        result_file = os.path.join(tmp, "result.json")
        command = [args.judge, "run", args.problem, args.submission, "--json", result_file] + args.judge_args
        start = time.monotonic()
        marker = uuid.uuid4().hex
        env = dict(os.environ, JUDGE_RUN_ID=marker)
        run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        seconds = time.monotonic() - start
        sys.stdout.write(run.stdout)
        sys.stderr.write(run.stderr)
        if run.returncode not in (0, 1, 3):
            print(f"FAIL: judge exited with {run.returncode}")
            return 1
        try:
            with open(result_file) as f:
                result = json.load(f)
        except (OSError, ValueError) as error:
            print(f"FAIL: no usable result JSON: {error}")
            return 1

    failures = []
    verdict = result["verdict"]
    if verdict != args.expect:
        failures.append(f"verdict {verdict}, expected {args.expect}")
    others = [f"{t['name']} {t['verdict']}" for t in result["tests"] if t["verdict"] not in ("AC", args.expect)]
    if others:
        failures.append(f"tests failing with another verdict than {args.expect}: {', '.join(others)}")
    expected_status = 0 if verdict == "AC" else (3 if any(t["verdict"] == "JE" for t in result["tests"]) else 1)
    if run.returncode != expected_status:
        failures.append(f"exit status {run.returncode}, expected {expected_status} for verdict {verdict}")
    if args.message is not None:
        failing = [t for t in result["tests"] if t["verdict"] != "AC"]
        message = failing[0]["message"] if failing else result.get("message", "")
        if args.message not in message:
            failures.append(f"message {message!r} does not contain {args.message!r}")
    if args.max_seconds is not None and seconds > args.max_seconds:
        failures.append(f"judge took {seconds:.2f} s, more than {args.max_seconds} s")
    if args.max_query_share is not None:
        for test in result["tests"]:
            used, limit = test.get("queries"), test.get("query_limit")
            if used is None or limit is None:
                failures.append(f"test {test['name']}: no query figures in the result")
            elif used > args.max_query_share * limit:
                failures.append(f"test {test['name']}: {used} queries > {args.max_query_share} * {limit}")
    if args.min_score is not None and result["score"] < args.min_score:
        failures.append(f"score {result['score']} < {args.min_score}")
    if args.max_score is not None and result["score"] > args.max_score:
        failures.append(f"score {result['score']} > {args.max_score}")
    if args.max_memory_mib is not None:
        for test in result["tests"]:
            peak = test.get("memory_kib")
            if not isinstance(peak, (int, float)) or peak <= 0 or peak > args.max_memory_mib * 1024:
                failures.append(f"test {test['name']}: peak memory {peak} KiB is not in (0, {args.max_memory_mib} MiB]")
    if args.no_leftovers:
        survivors = [pid for pid, _ in processes_with_marker(marker)]  # the judge itself has exited
        if survivors:
            failures.append(f"processes of the submission survived the judge: {survivors}")
    for path in args.forbid_file:
        if os.path.lexists(path):
            failures.append(f"the submission wrote {path} outside its box")
            os.remove(path)
    print(f"check: verdict {verdict} (expected {args.expect}), score {result['score']}, {seconds:.2f} s")
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
