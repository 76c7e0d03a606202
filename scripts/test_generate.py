#!/usr/bin/env python3
"""Scenario tests of `judge generate` on a problem of its own (a Python generator):

  writes_every_manifest_test       three lines, three .in files, exit 0; --check then 0
  check_names_changed_and_extra    an edited file and a stray one: --check exit 1, both named,
                                   nothing written; without --check the stray file is removed
  failing_generator_names_line     exit 3 with the manifest's file:line and the arguments
  bad_manifest_is_refused          a name listed twice: exit 2 with file:line
  problem_without_generator        exit 2, says how to name one
  answers_are_generated_too        "answer_generator": NAME.ans from NAME.in, checked alike
"""
import json
import os
import sys

import scenario_steps
from scenario_steps import write

GENERATOR = '''import random, sys
kind, seed = sys.argv[1], int(sys.argv[2])
if kind == "fail":
    sys.exit("generator: cannot make " + kind)
rng = random.Random(seed)
print(rng.randint(1, 1000))
'''


def main():
    args, checks = scenario_steps.start()
    problem = os.path.join(args.work, "p")
    tests = os.path.join(problem, "tests")
    write(os.path.join(problem, "interactor.py"), "import sys\nsys.exit(42)\n")
    write(os.path.join(problem, "gen.py"), GENERATOR)
    write(os.path.join(tests, "manifest.txt"), "# NAME KIND SEED\n01-small small 1\n02-big big 2  # comment\n\n03 x 3\n")
    write(os.path.join(problem, "problem.json"),
          json.dumps({"interactor": "interactor.py", "testdata": "tests", "generator": "gen.py"}))
    expect = checks.expect

    def judge(*words):
        return scenario_steps.run([args.judge, "generate", *words], timeout=120)

    def read(name):
        with open(os.path.join(tests, name)) as f:
            return f.read()

    print("== writes_every_manifest_test")
    proc = judge(problem)
    expect(proc.returncode == 0, "exit 0")
    made = sorted(name for name in os.listdir(tests) if name.endswith(".in"))
    expect(made == ["01-small.in", "02-big.in", "03.in"], f"three tests written: {made}")
    expect(read("02-big.in").strip().isdigit(), "a test holds what the generator printed")
    first = read("01-small.in")
    proc = judge(problem, "--check")
    expect(proc.returncode == 0 and "all 3 tests match" in proc.stdout, "--check: all 3 match")

    print("== check_names_changed_and_extra")
    write(os.path.join(tests, "01-small.in"), "edited\n")
    write(os.path.join(tests, "99-stray.in"), "1\n")
    proc = judge(problem, "--check")
    expect(proc.returncode == 1, "exit 1")
    expect("changed  01-small.in" in proc.stdout, "the edited file is named")
    expect("extra    99-stray.in" in proc.stdout, "the stray file is named")
    expect(read("01-small.in") == "edited\n", "--check wrote nothing")
    proc = judge(problem, "-q")
    expect(proc.returncode == 0, "regenerating: exit 0")
    expect(read("01-small.in") == first, "the edited file is restored byte for byte")
    expect(not os.path.exists(os.path.join(tests, "99-stray.in")), "the stray file is removed")

    print("== failing_generator_names_line")
    with open(os.path.join(tests, "manifest.txt"), "a") as f:
        f.write("04 fail 4\n")
    proc = judge(problem, "--check")
    expect(proc.returncode == 3, "exit 3")
    expect("manifest.txt:6" in proc.stderr and "04 fail 4" in proc.stderr, "the manifest line is named")
    expect("cannot make fail" in proc.stderr, "the generator's own message is shown")

    print("== bad_manifest_is_refused")
    write(os.path.join(tests, "manifest.txt"), "01 a 1\n01 b 2\n")
    proc = judge(problem)
    expect(proc.returncode == 2, "exit 2")
    expect("manifest.txt:2: test 01 is listed twice" in proc.stderr, "file:line and the reason")

    print("== problem_without_generator")
    write(os.path.join(problem, "problem.json"), json.dumps({"interactor": "interactor.py", "testdata": "tests"}))
    proc = judge(problem)
    expect(proc.returncode == 2, "exit 2")
    expect("no generator" in proc.stderr and "\"generator\"" in proc.stderr, "says how to name one")

    print("== answers_are_generated_too")
    write(os.path.join(tests, "manifest.txt"), "01 a 1\n02 b 2\n")
    write(os.path.join(problem, "double.py"), "import sys\nprint(2 * int(sys.stdin.read()))\n")
    write(os.path.join(problem, "problem.json"), json.dumps(
        {"interactor": "interactor.py", "testdata": "tests", "generator": "gen.py", "answer_generator": "double.py"}))
    proc = judge(problem, "-q")
    expect(proc.returncode == 0, "exit 0")
    expect(int(read("01.ans")) == 2 * int(read("01.in")), "01.ans is twice 01.in")
    write(os.path.join(tests, "02.ans"), "0\n")
    proc = judge(problem, "--check")
    expect(proc.returncode == 1 and "changed  02.ans" in proc.stdout, "--check names an edited .ans")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
