#!/usr/bin/env python3
"""Check every answer of nuts-bolts transcripts against the sizes the interactor reported.

Runs `judge run PROBLEM SUBMISSION --transcripts DIR --json FILE`, then for every test
reads the interactor's result.json facts (tests[].interactor.result: nuts, bolts,
queries, verdict) and its transcript, and checks that
  - the first line sent is n = len(nuts);
  - every query "? i j" got the answer that sizes nuts[i-1] and bolts[j-1] call for;
  - the answered queries number `queries` (one less for QLE: the extra query is not
    answered);
  - an AC test ends with an answer "! p_1 ... p_n" that matches the sizes.
A probe test has two passes (tests[].passes; the judge keeps the graded pass's transcript
as NAME.interaction.pass2): the graded pass is checked as above, and the probe pass
against the same sizes, which it wrote for the replay: every reply of the probe must fit
them, and the answered queries number the probe's `queries` (its query over the limit,
if any, is not answered).
Exit status 0 when everything agrees, 1 on any difference, 2 on bad usage.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile


def check_transcript(transcript_path, nuts, bolts, queries, verdict, graded):
    """Problems found in one pass's transcript (empty when it agrees)."""
    with open(transcript_path) as f:
        lines = f.read().splitlines()
    if "[transcript truncated]" in lines:
        return [f"transcript truncated: raise the cap or drop this test"]
    problems = []
    if not lines or lines[0] != f"<{len(nuts)}":
        problems.append(f"first line {lines[:1]} is not <{len(nuts)}")
    answered, answer = 0, None
    for k in range(1, len(lines)):
        line = lines[k]
        if line.startswith(">? "):
            i, j = (int(x) for x in line[3:].split())
            if k + 1 >= len(lines) or not lines[k + 1].startswith("<"):
                continue  # not answered (the query over the limit)
            a, b = nuts[i - 1], bolts[j - 1]
            expected = "<" if a < b else ">" if a > b else "="
            if lines[k + 1] != "<" + expected:
                problems.append(f"line {k + 1}: '{line}' answered '{lines[k + 1]}', sizes {a} and {b}")
            answered += 1
        elif line.startswith(">! "):
            answer = [int(x) for x in line[3:].split()]
    expected_answered = queries - (1 if verdict == "QLE" else 0)
    if answered != expected_answered:
        problems.append(f"{answered} queries answered, the result says queries = {queries}")
    if graded and verdict == "AC":
        if answer is None or len(answer) != len(nuts):
            problems.append("AC without a full answer line")
        elif any(nuts[i] != bolts[p - 1] for i, p in enumerate(answer)):
            problems.append("AC but the answer does not match the sizes")
    return problems


def check_test(test, transcript_path):
    """Problems found in one test (empty when it agrees)."""
    result = test["interactor"]["result"]
    nuts, bolts = result["nuts"], result["bolts"]
    passes = test.get("passes") or [{"pass": 1, "probe": False}]
    problems = []
    for entry in passes:
        number = entry["pass"]
        path = transcript_path if number == 1 else f"{transcript_path}.pass{number}"
        last = number == passes[-1]["pass"]
        if last:
            found = check_transcript(path, nuts, bolts, result["queries"], result.get("verdict"), True)
        else:
            found = check_transcript(path, nuts, bolts, entry["queries"], entry.get("verdict"), False)
        problems += [f"pass {number}: {p}" if len(passes) > 1 else p for p in found]
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--problem", required=True)
    parser.add_argument("--submission", required=True)
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "result.json")
        transcripts = os.path.join(scratch, "transcripts")
        # A private copy: the solution checks of CTest (scripts/check_verdict.py) look for
        # leftover processes by executable path and must not see this run's.
        submission = os.path.join(scratch, os.path.basename(args.submission))
        shutil.copy2(args.submission, submission)
        run = subprocess.run([args.judge, "run", args.problem, submission, "--json", report,
                              "--transcripts", transcripts, "-q"])
        if run.returncode not in (0, 1):
            print(f"judge exited {run.returncode}", file=sys.stderr)
            return 1
        with open(report) as f:
            tests = json.load(f)["tests"]
        failures = 0
        for test in tests:
            problems = check_test(test, os.path.join(transcripts, test["name"] + ".interaction"))
            status = "ok" if not problems else "MISMATCH"
            passes = test.get("passes") or []
            probe = f"  (after a probe of {passes[0]['queries']} queries)" if len(passes) > 1 else ""
            queries = test["interactor"]["result"]["queries"]
            print(f"{test['name']:<22} {test['verdict']:<4} {queries:>6} queries  {status}{probe}")
            for problem in problems:
                print(f"    {problem}")
            failures += bool(problems)
        return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
