#!/usr/bin/env python3
"""Issue 31 end to end, with real processes (CTests issue31.<case>).

Each case builds a small problem in a temporary folder around the scenario interactor
(judge/scenarios/_interactors/echo: it sends x, the answer is x + 1) and Python
submissions written the way contestants write them, runs the judge and checks its
JSON and terminal:

  stderr        a program that prints a debug line and a traceback on stderr and fails:
                the JSON's "stderr" holds both (control characters escaped), the
                terminal line shows the traceback's last line; with --stderr-bytes 20
                only its last 20 bytes; one that writes nothing: "stderr" is "".
  repeat        --repeat 3 with a program whose CPU time goes above and below the limit
                from run to run (it counts its runs in a file: --sandbox none): the test is
                FLAKY, "stable" false, "repeats" has the three verdicts, the terminal shows
                min/median/max CPU.
  rules         a program that answers wrong and then spins: WA under --rules icpc (the
                interactor rejected first; "why" says so), TLE under --rules
                limits-first (the submission runs on to its CPU limit).
  batch         judge batch --repeat 3 --rules limits-first on a contestant's folder:
                every test of the results JSON has 3 runs, and the rules it was judged by.
  verify        judge verify on a problem.json folder whose time_limit_exceeded
                submission uses 1.2 x the time limit: TLE at the limit, AC at 1.5 x:
                "sensitive to time limit" on its row and in the JSON; exit 0, and 2 with
                --strict.
Exit 0 passed, 1 failed.
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

SPIN = """import sys, time
def spin(seconds):
    end = time.process_time() + seconds
    while time.process_time() < end:
        pass
"""


def write(path, text):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


def make_problem(root, interactor, time_limit_ms, behaviour="normal"):
    write(os.path.join(root, "problem.json"),
          json.dumps({"name": "issue31", "interactor": interactor, "time_limit_ms": time_limit_ms,
                      "wall_limit_ms": 4 * time_limit_ms + 2000, "memory_mib": 256, "output_limit_kib": 1024}))
    write(os.path.join(root, "test.in"), f"5 {behaviour}\n")
    return root


def judge_run(args, problem, submission, *extra):
    out = os.path.join(os.path.dirname(submission), "result.json")
    done = subprocess.run([args.judge, "run", problem, submission, "--json", out, *extra],
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
    print(done.stdout.rstrip())
    with open(out) as f:
        return done, json.load(f)


def case_stderr(args, work, failures):
    problem = make_problem(os.path.join(work, "p"), args.interactor, 1000)
    crash = os.path.join(work, "crash.py")
    write(crash, "import sys\nx = int(input())\nprint(f'debug: x = {x}\\x1b[2J', file=sys.stderr)\n"
                 "raise RuntimeError('no answer for ' + str(x))\n")
    done, result = judge_run(args, problem, crash)
    test = result["tests"][0]
    if test["verdict"] != "RTE" or "debug: x = 5\\x1b[2J" not in test["stderr"] \
            or "RuntimeError: no answer for 5" not in test["stderr"]:
        failures.append(f"stderr in the JSON: {test['verdict']} {test['stderr']!r}")
    if "[stderr: RuntimeError: no answer for 5]" not in done.stdout:
        failures.append("the terminal line lacks the last line of stderr")
    if not test.get("why"):
        failures.append("no why")
    # --stderr-bytes 20: only the last 20 bytes ("no answer for 5\n" and what precedes).
    _, result = judge_run(args, problem, crash, "--stderr-bytes", "20")
    tail = result["tests"][0]["stderr"]
    if len(tail) > 20 or not tail.endswith("no answer for 5\n") or "debug" in tail:
        failures.append(f"--stderr-bytes 20 kept {tail!r}")
    quiet = os.path.join(work, "quiet.py")
    write(quiet, "x = int(input())\nprint(x + 1)\n")
    _, result = judge_run(args, problem, quiet)
    if result["tests"][0]["stderr"] != "" or result["tests"][0]["verdict"] != "AC":
        failures.append(f"a silent AC program: {result['tests'][0]['verdict']} {result['tests'][0]['stderr']!r}")


def case_repeat(args, work, failures):
    problem = make_problem(os.path.join(work, "p"), args.interactor, 400)
    counter = os.path.join(work, "runs")
    wobbly = os.path.join(work, "wobbly.py")
    # Run 1 and 3 use ~0.15 s of CPU, run 2 ~0.6 s: around the 400 ms limit.
    write(wobbly, SPIN + f"""import os
runs = int(open({counter!r}).read()) if os.path.exists({counter!r}) else 0
open({counter!r}, "w").write(str(runs + 1))
x = int(input())
spin(0.6 if runs % 2 == 1 else 0.15)
print(x + 1, flush=True)
""")
    done, result = judge_run(args, problem, wobbly, "--repeat", "3", "--sandbox", "none")
    test = result["tests"][0]
    verdicts = [run["verdict"] for run in test.get("repeats", [])]
    if verdicts != ["AC", "TLE", "AC"] or test.get("stable") is not False or test["verdict"] != "AC":
        failures.append(f"repeats {verdicts}, stable {test.get('stable')}, verdict {test['verdict']}")
    if "FLAKY: AC x2, TLE x1" not in done.stdout or "min/median/max of 3" not in done.stdout:
        failures.append("the terminal does not say FLAKY with the CPU spread")


def case_rules(args, work, failures):
    problem = make_problem(os.path.join(work, "p"), args.interactor, 500)
    spinner = os.path.join(work, "wrong_then_spin.py")
    write(spinner, SPIN + "x = int(input())\nprint(x + 2, flush=True)\nspin(60)\n")
    seen = {}
    for rules in ("icpc", "limits-first"):
        _, result = judge_run(args, problem, spinner, "--rules", rules)
        test = result["tests"][0]
        seen[rules] = test["verdict"]
        print(f"--rules {rules}: {test['verdict']} ({test['rule']}): {test['why']}")
        if result.get("rules") != rules:
            failures.append(f"the JSON says rules {result.get('rules')}")
    if seen != {"icpc": "WA", "limits-first": "TLE"}:
        failures.append(f"verdicts {seen}, expected WA under icpc and TLE under limits-first")


def case_verify(args, work, failures):
    problem = make_problem(os.path.join(work, "p"), args.interactor, 1000)
    write(os.path.join(problem, "submissions", "accepted", "fast.py"), "x = int(input())\nprint(x + 1)\n")
    write(os.path.join(problem, "submissions", "time_limit_exceeded", "slowish.py"),
          SPIN + "x = int(input())\nspin(1.2)\nprint(x + 1, flush=True)\n")
    out = os.path.join(work, "verify.json")
    for strict, expected_exit in ((False, 0), (True, 2)):
        done = subprocess.run([args.judge, "verify", problem, "--json", out] + (["--strict"] if strict else []),
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=300)
        print(done.stdout.rstrip())
        if done.returncode != expected_exit:
            failures.append(f"judge verify{' --strict' if strict else ''} exited {done.returncode}, not {expected_exit}")
        with open(out) as f:
            rows = {row["name"]: row for row in json.load(f)["submissions"]}
        slowish = rows.get("time_limit_exceeded/slowish.py", {})
        sensitivity = slowish.get("time_sensitivity", {})
        if not sensitivity.get("sensitive") or sensitivity.get("verdict_at_limit") != "TLE" \
                or sensitivity.get("verdict_at_high_limit") != "AC":
            failures.append(f"slowish is not sensitive to the time limit: {sensitivity}")
        if "sensitive to time limit: 1000 ms -> TLE, 1500 ms -> AC" not in done.stdout:
            failures.append("the table does not say 'sensitive to time limit'")


def case_batch(args, work, failures):
    # A contestant's folder as judge batch reads it; the plan's --repeat, --rules and
    # --stderr-bytes reach every worker (batch/worker.hpp's job) and the results JSON.
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    os.makedirs(os.path.join(work, "subs", "alice"))
    with open(os.path.join(root, "solutions", "nuts-bolts", "accepted", "quicksort.py")) as f:
        write(os.path.join(work, "subs", "alice", "nuts-bolts.py"), f.read())
    done = subprocess.run([os.path.abspath(args.judge), "batch", "subs", "--problems", "nuts-bolts", "--tests",
                           "01-sample,03-n2-reversed", "--repeat", "3", "--rules", "limits-first", "-j", "1",
                           "--out", "out", "-q"], cwd=work, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, timeout=300)
    print(done.stdout.rstrip())
    with open(os.path.join(work, "out", "results", "alice", "nuts-bolts.json")) as f:
        result = json.load(f)
    runs = [len(test.get("repeats", [])) for test in result["tests"]]
    print(f"batch: rules {result.get('rules')}, runs per test {runs}")
    if done.returncode != 0 or runs != [3, 3] or result.get("rules") != "limits-first":
        failures.append(f"judge batch --repeat 3: exit {done.returncode}, runs {runs}, rules {result.get('rules')}")


CASES = {"batch": case_batch, "stderr": case_stderr, "repeat": case_repeat, "rules": case_rules, "verify": case_verify}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--interactor", required=True)
    parser.add_argument("--case", choices=sorted(CASES), required=True)
    args = parser.parse_args()
    failures = []
    with tempfile.TemporaryDirectory(prefix="judge-issue31-") as work:
        CASES[args.case](args, work, failures)
    for failure in failures:
        print("FAIL " + failure)
    print(f"issue31.{args.case}: " + ("failed" if failures else "passed"))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
