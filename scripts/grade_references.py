#!/usr/bin/env python3
"""The main job's grading (scripts/grade-references.sh builds first): every reference
solution of every problem of this repository, each entry of solutions/<problem>/accepted/
whatever its language, graded with `judge run`, and one table at the end.

An entry is a C or C++ file (the build's executable of it is graded), a Python, Java,
Kotlin or Rust file, or a folder (one submission of several files, or the JVM and Rust
references): the judge compiles those itself, as it would a contestant's.
Exit status: 0 when every reference solution is AC on every test, 1 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

SOURCE_ENDINGS = {".py", ".java", ".kt", ".rs"}  # compiled by the judge (judge/languages.yaml)
BUILT_ENDINGS = {".cpp", ".c"}  # built by CMake into the build tree


def references(root, build):
    """(problem, entry shown, submission path) for every reference solution."""
    for problem in sorted(os.listdir(os.path.join(root, "interactors"))):
        if not os.path.isfile(os.path.join(root, "interactors", problem, "problem.json")):
            continue
        folder = os.path.join("solutions", problem, "accepted")
        for name in sorted(os.listdir(os.path.join(root, folder))):
            entry = os.path.join(folder, name)
            stem, ending = os.path.splitext(name)
            if os.path.isdir(os.path.join(root, entry)):
                yield problem, entry + "/", os.path.join(root, entry)
            elif ending in BUILT_ENDINGS:
                yield problem, entry, os.path.join(build, folder, stem)
            elif ending in SOURCE_ENDINGS:
                yield problem, entry, os.path.join(root, entry)


def row(problem, entry, result, seconds):
    if result is None:
        return [problem, entry, "ERROR", "", "", "", "", f"{seconds:.1f} s"]
    tests = result["tests"]
    cpu = max((t["cpu_ms"] for t in tests), default=0)
    shares = [t["queries"] / t["query_limit"] for t in tests if t.get("queries") is not None and t.get("query_limit")]
    accepted = sum(t["verdict"] == "AC" for t in tests)
    return [problem, entry, result["verdict"], f"{accepted}/{len(tests)}",
            f"{result['score']:g}/{result['max_score']:g}", f"{cpu} ms",
            f"{100 * max(shares):.1f} %" if shares else "-", f"{seconds:.1f} s"]


def print_table(rows):
    header = ["problem", "solution", "verdict", "tests", "score", "max CPU", "max queries/limit", "graded in"]
    widths = [max(len(r[i]) for r in [header] + rows) for i in range(len(header))]
    right = {3, 4, 5, 6, 7}
    for r in [header] + rows:
        print("  ".join(cell.rjust(w) if i in right else cell.ljust(w) for i, (cell, w) in enumerate(zip(r, widths))))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--build", required=True, help="the build folder (its judge/judge is used)")
    args = parser.parse_args()
    judge = os.path.join(args.build, "judge", "judge")
    rows = []
    status = 0
    entries = list(references(args.root, args.build))
    with tempfile.TemporaryDirectory(prefix="grade-references-") as tmp:
        for number, (problem, entry, submission) in enumerate(entries, 1):
            print(f"\n[{number}/{len(entries)}] {entry} on {problem}", flush=True)
            result_file = os.path.join(tmp, f"{number}.json")
            start = time.monotonic()
            code = subprocess.run([judge, "run", problem, submission, "--json", result_file], cwd=args.root).returncode
            seconds = time.monotonic() - start
            try:
                with open(result_file) as f:
                    result = json.load(f)
            except (OSError, ValueError):
                result = None
            if code != 0 or result is None or result["verdict"] != "AC":
                status = 1
            rows.append(row(problem, entry, result, seconds))
    print()
    print_table(rows)
    return status


if __name__ == "__main__":
    sys.exit(main())
