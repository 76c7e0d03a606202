#!/usr/bin/env python3
"""The command line's rough edges a new setter hit (issue: the setter's day), pinned:

  tests_with_commas_before_the_problem  judge run --tests a,b PROBLEM SUBMISSION: 2 tests
  tests_with_spaces_after               judge run PROBLEM SUBMISSION --tests a b: 2 tests
  compile_is_shown                      a cold cache says "compiling ..." before the header;
                                        a warm one does not
  json_into_a_new_folder                --json NEW/DIR/r.json makes its folder, as --transcripts
  long_test_is_announced_on_a_terminal  on a pty, "NAME  running ..." shows while a test runs
                                        and the test's line replaces it; a pipe gets no such text
"""
import argparse
import json
import os
import pty
import shutil
import subprocess
import sys

import scenario_steps


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--source", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    checks = scenario_steps.Checks()
    expect = checks.expect
    solution = os.path.join(args.source, "solutions", "nuts-bolts", "accepted", "quicksort.cpp")
    env = dict(os.environ, JUDGE_CACHE_DIR=os.path.join(args.work, "cache"))

    def judge(*words):
        return scenario_steps.run([args.judge, *words], cwd=args.work, env=env, timeout=300)

    print("== tests_with_commas_before_the_problem  +  compile_is_shown")
    proc = judge("run", "--tests", "01-sample,02-n2-sorted", "nuts-bolts", solution)
    lines = proc.stdout.splitlines()
    expect(proc.returncode == 0, "exit 0")
    expect("2/2 tests AC" in proc.stdout, "both tests ran, and only they")
    expect(bool(lines) and lines[0].startswith("compiling ") and "(cpp)" in lines[0],
           "the first line says the compile is running")
    proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample", "02-n2-sorted")
    print("== tests_with_spaces_after")
    expect(proc.returncode == 0 and "2/2 tests AC" in proc.stdout, "both tests ran")
    expect("compiling" not in proc.stdout, "a cached build is not compiled again, nor said to be")

    print("== json_into_a_new_folder")
    result = os.path.join(args.work, "new", "folder", "r.json")
    proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample", "--json", result, "-q")
    expect(proc.returncode == 0, "exit 0")
    expect(os.path.isfile(result) and json.load(open(result))["verdict"] == "AC", "the JSON is there, AC")

    print("== long_test_is_announced_on_a_terminal")
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([args.judge, "run", "nuts-bolts", solution, "--tests", "01-sample"], stdout=terminal,
                            stderr=terminal, env=env, cwd=args.work)
    os.close(terminal)
    seen = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # EIO: the judge closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(controller)
    status = proc.wait(timeout=120)
    text = seen.decode(errors="replace")
    print("  | " + repr(text)[:600])
    expect(status == 0, "exit 0")
    running = text.find("01-sample  running (wall limit")
    verdict = text.find("01-sample  AC")
    expect(running != -1 and verdict > running, "'running ...' first, then the test's line")
    expect("\r\x1b[K" in text, "the test's line overwrites it")
    proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample")
    expect("running" not in proc.stdout, "not on a pipe")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
