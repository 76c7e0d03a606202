#!/usr/bin/env python3
"""Scenario tests of `judge stress` on nuts-bolts:

  finds_smallest_failing_n     a solution wrong only when n % 5 == 3: exit 1, shrunk to
                               n = 3, its input and transcript printed and saved
  correct_solution_passes      quicksort.cpp on 20 tests: exit 0, "no failure"
  failing_generator_is_exit_3  generator arguments it refuses: exit 3, not the submission's fault
  bad_arguments_are_refused    --args without {seed}; {n} without --sizes: exit 2
"""
import os
import sys

import scenario_steps


def main():
    args, checks = scenario_steps.start("--source")
    expect = checks.expect
    solutions = os.path.join(args.source, "solutions", "nuts-bolts")
    out = os.path.join(args.work, "out")

    def stress(solution, *words):
        return scenario_steps.run([args.judge, "stress", "nuts-bolts", os.path.join(solutions, solution),
                                   "--out", out, *words], cwd=args.work, timeout=600)

    print("== finds_smallest_failing_n")
    proc = stress("wrong_answer/swap_when_n_mod_5_is_3.cpp", "--args", "random {n} {seed}", "--sizes", "2..1000")
    expect(proc.returncode == 1, "exit 1")
    expect("smallest failing test: generator random 3 " in proc.stdout, "shrunk to n = 3")
    expect("WA: wrong matching" in proc.stdout, "the verdict and the interactor's message")
    expect("transcript (" in proc.stdout and ">! " in proc.stdout, "the transcript is shown, answer included")
    saved = sorted(os.listdir(out)) if os.path.isdir(out) else []
    expect(any(name.startswith("n3-") and name.endswith(".in") for name in saved), f"the n = 3 input is saved: {saved}")
    expect(any(name.startswith("n3-") and name.endswith(".transcript") for name in saved), "its transcript is saved")

    print("== correct_solution_passes")
    proc = stress("accepted/quicksort.cpp", "--args", "random {n} {seed}", "--sizes", "2..1000", "--seeds", "20", "-q")
    expect(proc.returncode == 0, "exit 0")
    expect("no failure in 20 generated tests" in proc.stdout, "says how many tests passed")

    print("== failing_generator_is_exit_3")
    proc = stress("accepted/quicksort.cpp", "--args", "nonsense {seed}")
    expect(proc.returncode == 3, "exit 3")
    expect("the generator failed on 'nonsense 1'" in proc.stderr, "the generator and its arguments are named")

    print("== bad_arguments_are_refused")
    proc = stress("accepted/quicksort.cpp", "--args", "random 10 5")
    expect(proc.returncode == 2 and "{seed}" in proc.stderr, "--args without {seed}: exit 2")
    proc = stress("accepted/quicksort.cpp", "--args", "random {n} {seed}")
    expect(proc.returncode == 2 and "--sizes" in proc.stderr, "{n} without --sizes: exit 2")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
