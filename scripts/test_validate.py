#!/usr/bin/env python3
"""Scenario tests of `judge validate`: what it refuses and how it says so.

  broken_input_names_file_line_and_constraint   a twin-cookies input with n = 30 named
                                                s3-*: subtask 3 allows n <= 25; exit 1
  bad_token_is_refused                          a nuts-bolts input with a letter; exit 1
  failing_validator_is_not_the_inputs_fault     a validator exiting 1: exit 3, named
  problem_without_validator                     exit 2, says where to name one
"""
import json
import os
import shutil
import sys

import scenario_steps


def run(judge, *args):
    return scenario_steps.run([judge, "validate", *args], timeout=240)


def main():
    args, checks = scenario_steps.start()
    expect = checks.expect

    print("== broken_input_names_file_line_and_constraint")
    bad = os.path.join(args.work, "s3-99-too-big.in")
    with open(bad, "w") as f:
        f.write("30\nrandom 7\n")
    proc = run(args.judge, "twin-cookies", "--tests", bad, "--json", os.path.join(args.work, "s3.json"))
    out = proc.stdout
    expect(proc.returncode == 1, "exit 1")
    expect(bad in out, "the file is named")
    expect("--subtask 3" in out, "the subtask's flags are named")
    expect("line 1: n = 30 is outside 1..25" in out, "the line and the constraint are named")
    result = json.load(open(os.path.join(args.work, "s3.json")))
    expect(result["tests"][0]["status"] == "invalid" and result["valid"] == 0, "the JSON says invalid")
    # The same file under a name of subtask 6 is valid (n <= 5000).
    good = os.path.join(args.work, "s6-99-fine.in")
    shutil.copy(bad, good)
    proc = run(args.judge, "twin-cookies", "--tests", good)
    expect(proc.returncode == 0, "the same input is valid for subtask 6")

    print("== bad_token_is_refused")
    letter = os.path.join(args.work, "letter.in")
    with open(letter, "w") as f:
        f.write("x\n")
    proc = run(args.judge, "nuts-bolts", "--tests", letter)
    expect(proc.returncode == 1, "exit 1")
    expect("line 1:" in proc.stdout and "INVALID" in proc.stdout, "the line is named")

    print("== failing_validator_is_not_the_inputs_fault")
    problem = os.path.join(args.work, "p")
    os.makedirs(os.path.join(problem, "tests"))
    with open(os.path.join(problem, "tests", "01.in"), "w") as f:
        f.write("5\n")
    with open(os.path.join(problem, "interactor.py"), "w") as f:
        f.write("import sys\nsys.exit(42)\n")
    with open(os.path.join(problem, "validator.py"), "w") as f:
        f.write("import sys\nprint('Traceback: oops', file=sys.stderr)\nsys.exit(1)\n")
    with open(os.path.join(problem, "problem.json"), "w") as f:
        json.dump({"interactor": "interactor.py", "testdata": "tests", "input_validator": "validator.py"}, f)
    proc = run(args.judge, problem)
    expect(proc.returncode == 3, "exit 3")
    expect("VALIDATOR FAILED" in proc.stdout and "validator.py" in proc.stdout, "the validator is named")
    expect("exited with status 1" in proc.stdout, "how it failed is said")

    print("== problem_without_validator")
    with open(os.path.join(problem, "problem.json"), "w") as f:
        json.dump({"interactor": "interactor.py", "testdata": "tests"}, f)
    proc = run(args.judge, problem)
    expect(proc.returncode == 2, "exit 2")
    expect("no input validator" in proc.stderr and "input_validator" in proc.stderr, "says where to name one")

    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
