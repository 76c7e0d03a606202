#!/usr/bin/env python3
"""Compare two `judge batch` folders, timings aside.

Usage: batch_compare.py DIR_A DIR_B [--loose GLOB ...]

Compares what a resumed, merged or sharded batch must reproduce exactly:
  - the set of finished tests (journal keys) and each one's verdict;
  - every results/<participant>/<problem>.json, key by key, except the figures that
    depend on timing: cpu_ms, wall_ms, memory_kib (the submission's and the
    interactor's), exited_first and interactor_output_ended_first, the judge's own
    delays ("judge": its sampling gaps), the containment's outer_memory_limit_kib
    (where it ran: a Slurm job's --mem), and the submission's `exit` on a test the
    interactor rejected (the judge stops the submission at once: whether it had
    already ended is a race);
  - standings.json and standings.csv, byte for byte.
--loose GLOB (fnmatch over "participant/problem"): for randomized solutions, compare
only the overall verdict, the score and each test's verdict (their query counts,
and so their messages, differ from run to run).
Prints each difference; exit status 0 when equal, 1 when not, 2 on bad usage.
"""
import argparse
import fnmatch
import json
import os
import sys

TIMING_KEYS = {"cpu_ms", "wall_ms", "memory_kib", "exited_first", "wall_limit_extended_ms", "judge",
               "interactor_output_ended_first",
               # Where the judge ran, not what it judged: the memory limit of the cgroup
               # it ran in (a Slurm job's --mem; none on a workstation).
               "outer_memory_limit_kib"}
# Verdicts reached by a measured limit: the message quotes the measurement ("used
# 2014 ms of CPU time", "peak 249124 KiB"), and where the limit struck decides how
# the interactor ended and what it reported. Of such a test only the verdict counts.
MEASURED_VERDICTS = {"TLE", "ILE", "MLE", "OLE"}


def strip_timing(value, rejected=False):
    if isinstance(value, dict):
        out = {}
        for key, item in value.items():
            if key in TIMING_KEYS:
                continue
            if key == "exit" and rejected:
                continue
            out[key] = strip_timing(item)
        return out
    if isinstance(value, list):
        return [strip_timing(item) for item in value]
    return value


def comparable_result(result, loose):
    if loose:
        return {"verdict": result["verdict"], "score": result["score"],
                "tests": [(t["name"], t["verdict"]) for t in result.get("tests", [])]}
    result = dict(result)
    if result.get("verdict") in MEASURED_VERDICTS:
        result["message"] = result.get("message", "").split(":")[0]  # "test NAME"
    tests = []
    for test in result.get("tests", []):
        if test.get("verdict") in MEASURED_VERDICTS:
            tests.append({"name": test.get("name"), "verdict": test.get("verdict")})
            continue
        rejected = test.get("interactor", {}).get("exit", {}).get("code") == 43
        tests.append(strip_timing(test, rejected))
    result["tests"] = tests
    return strip_timing(result)


def differences(a, b, path=""):
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b)):
            if key not in a or key not in b:
                yield f"{path}/{key}: only in {'A' if key in a else 'B'}"
            else:
                yield from differences(a[key], b[key], f"{path}/{key}")
    elif isinstance(a, list) and isinstance(b, list) and len(a) == len(b):
        for index, (x, y) in enumerate(zip(a, b)):
            yield from differences(x, y, f"{path}[{index}]")
    elif a != b:
        yield f"{path}: {json.dumps(a)[:120]} != {json.dumps(b)[:120]}"


def journal_verdicts(folder):
    verdicts = {}
    with open(os.path.join(folder, "journal.jsonl"), encoding="utf-8", errors="replace") as f:
        for line in f:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            key = f"{record['participant']}/{record['problem']}/{record['test']}"
            verdicts.setdefault(key, record["verdict"])
    return verdicts


def result_files(folder):
    root = os.path.join(folder, "results")
    found = set()
    for participant in sorted(os.listdir(root)) if os.path.isdir(root) else []:
        for name in sorted(os.listdir(os.path.join(root, participant))):
            if name.endswith(".json") and not name.startswith("."):
                found.add(f"{participant}/{name[:-5]}")
    return found


def compare(dir_a, dir_b, loose_globs=()):
    problems = []
    verdicts_a, verdicts_b = journal_verdicts(dir_a), journal_verdicts(dir_b)
    for key in sorted(set(verdicts_a) | set(verdicts_b)):
        if verdicts_a.get(key) != verdicts_b.get(key):
            problems.append(f"journal {key}: {verdicts_a.get(key)} != {verdicts_b.get(key)}")
    files_a, files_b = result_files(dir_a), result_files(dir_b)
    for name in sorted(files_a ^ files_b):
        problems.append(f"results/{name}.json only in {'A' if name in files_a else 'B'}")
    for name in sorted(files_a & files_b):
        loose = any(fnmatch.fnmatch(name, glob) for glob in loose_globs)
        with open(os.path.join(dir_a, "results", name + ".json")) as f:
            a = comparable_result(json.load(f), loose)
        with open(os.path.join(dir_b, "results", name + ".json")) as f:
            b = comparable_result(json.load(f), loose)
        problems += [f"results/{name}.json{d}" for d in differences(a, b)]
    loose_rows = bool(loose_globs)
    for name in ("standings.json", "standings.csv"):
        with open(os.path.join(dir_a, name), "rb") as f:
            a = f.read()
        with open(os.path.join(dir_b, name), "rb") as f:
            b = f.read()
        if a != b and not loose_rows:
            problems.append(f"{name} differs")
    with open(os.path.join(dir_a, "standings.json")) as f:
        standings_a = json.load(f)
    with open(os.path.join(dir_b, "standings.json")) as f:
        standings_b = json.load(f)
    if loose_rows:
        # Loose submissions' scores may differ (a score from a figure of a random run).
        def rows(standings):
            return [(r["participant"], {p: (c or {}).get("verdict") for p, c in r["problems"].items()})
                    for r in sorted(standings["rows"], key=lambda r: r["participant"])]
        if rows(standings_a) != rows(standings_b):
            problems.append("standings verdicts differ")
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("dir_a")
    parser.add_argument("dir_b")
    parser.add_argument("--loose", action="append", default=[], metavar="GLOB")
    args = parser.parse_args()
    problems = compare(args.dir_a, args.dir_b, args.loose)
    for problem in problems:
        print(problem)
    if not problems:
        print(f"equal (timings aside): {args.dir_a} and {args.dir_b}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
