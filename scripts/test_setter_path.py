#!/usr/bin/env python3
"""The setter's whole path on what `judge new --format FORMAT` makes, as a setter walks it:

  judge new DIR --format FORMAT
  judge generate DIR, then judge generate DIR --check   (the data is what the generator makes)
  judge validate DIR                                    (every input through the validators)
  judge verify DIR                                      (each submission gets its folder's verdict)
  judge stress DIR wrong_answer/off_by_one.py           (finds the failing guess: exit 1)
  judge export DIR to each format that takes it, then judge verify of the export: exit 0

Each step must exit as said; a step that fails prints its output. FORMAT is a format
`judge new --help` offers (icpc, judge).
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

# An ICPC package is exported as it is (icpc) and as a legacy package (kattis); a
# problem.json problem to every format.
EXPORTS = {"icpc": ["icpc", "kattis"], "judge": ["icpc", "kattis", "polygon"]}


class Path:
    def __init__(self, judge):
        self.judge = judge
        self.failures = []

    def step(self, words, expected_exit, what):
        print("$ judge " + " ".join(words), flush=True)
        proc = subprocess.run([self.judge] + words, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              errors="replace", timeout=1500)
        ok = proc.returncode == expected_exit
        print(f"{'ok' if ok else 'FAIL'}: {what} (exit {proc.returncode}, expected {expected_exit})")
        if not ok:
            print(proc.stdout[-4000:])
            self.failures.append(what)
        return proc


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("format", choices=sorted(EXPORTS))
    parser.add_argument("--judge", required=True)
    args = parser.parse_args()
    scratch = tempfile.mkdtemp(prefix="judge-setter-path-")
    path = Path(args.judge)
    problem = os.path.join(scratch, "guess")
    path.step(["new", problem, "--format", args.format, "-q"], 0, f"judge new --format {args.format}")
    if args.format == "icpc":
        # What made the package, not a problem.json the setter never saw.
        first = open(os.path.join(problem, "problem.yaml")).readline()
        ok = first.startswith("# Made by `judge new`") and "problem.json" not in first
        print(f"{'ok' if ok else 'FAIL'}: problem.yaml says judge new made it ({first.strip()!r})")
        if not ok:
            path.failures.append("problem.yaml's first line")
    path.step(["generate", problem], 0, "judge generate on the new problem")
    path.step(["generate", problem, "--check"], 0, "judge generate --check: the data is what the generator makes")
    path.step(["validate", problem, "-q"], 0, "judge validate: every input passes the input validators")
    path.step(["verify", problem, "-q"], 0, "judge verify: each submission gets its folder's verdict")
    generator = os.path.join(problem, "generators" if args.format == "icpc" else "", "generator.py")
    path.step(["stress", problem, os.path.join(problem, "submissions", "wrong_answer", "off_by_one.py"),
               "--generator", generator, "--args", "{n} random {seed}", "--sizes", "1..1000", "--seeds", "50",
               "--out", os.path.join(scratch, "stress"), "-q"], 1, "judge stress finds the off-by-one guess")
    for target in EXPORTS[args.format]:
        exported = os.path.join(scratch, f"export-{target}")
        path.step(["export", problem, exported, "--format", target, "-q"], 0, f"judge export --format {target}")
        path.step(["verify", exported, "-q"], 0, f"judge verify of the {target} export")
    if path.failures:
        print(f"FAIL: {len(path.failures)} steps: " + "; ".join(path.failures))
        print(f"(kept in {scratch})")
        sys.exit(1)
    shutil.rmtree(scratch)
    print(f"ok: the whole path on judge new --format {args.format}")


if __name__ == "__main__":
    main()
