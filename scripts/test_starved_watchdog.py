#!/usr/bin/env python3
"""A busy loop under a 1000 ms CPU limit while the judge itself is starved (a CTest).

Issue 31: with the test suite running beside a batch, a busy-looping submission ran
to 3870 ms of CPU, was ended by the kernel's SIGXCPU backstop, and the test was JE
("the interactor did not finish within the wall limit of 3000 ms although the
submission had ended"): the judge's watchdog had not sampled in time. Here the judge
is starved completely and reproducibly: once the submission runs, the judge process
(all its threads, not its children) is stopped with SIGSTOP for --starve-seconds
(longer than the 3000 ms wall limit), then continued. The submission and the
interactor run on meanwhile, as they do beside a starved judge. A CPU-weight or idle
scheduling class starves the judge only for tens to hundreds of milliseconds at a time
(CFS still schedules a sleeper that wakes every 20 ms), which never reproduced the
issue; a stop does, and changes nothing on the host.

Each run must be TLE, and its JSON must say the judge was starved ("judge":
{"starved": true, "max_sample_gap_ms" >= the stop}). Exit 0 when every run passed,
1 otherwise; it prints each run's verdict, CPU time, rule and the judge's largest gap.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from process_marker import descendants  # noqa: E402


def wait_for_program(judge, name, timeout_s):
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if judge.poll() is not None:
            return False
        if any(argv and os.path.basename(argv[0]) == name for _, argv in descendants(judge.pid).values()):
            return True
        time.sleep(0.01)
    return False


def one_run(args, problem, work, index):
    result_file = os.path.join(work, f"run{index}.json")
    judge = subprocess.Popen([args.judge, "run", problem, args.submission, "--json", result_file, "-q"],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    started = wait_for_program(judge, os.path.basename(args.submission), 30)
    if started:
        # The judge, not its children: they run on (SIGSTOP to one pid stops its threads).
        os.kill(judge.pid, signal.SIGSTOP)
        time.sleep(args.starve_seconds)
        os.kill(judge.pid, signal.SIGCONT)
    output, _ = judge.communicate(timeout=120)
    if not started:
        return f"the submission never started (judge exited {judge.returncode}): {output.strip()}"
    if judge.returncode != 1 or not os.path.exists(result_file):
        return f"judge exited {judge.returncode} (1 expected, a TLE): {output.strip()}"
    with open(result_file) as f:
        test = json.load(f)["tests"][0]
    delays = test.get("judge", {})
    print(f"  run {index + 1:2}: {test['verdict']:<4} cpu {test['cpu_ms']:>5} ms  wall {test['wall_ms']:>5} ms  "
          f"exit {test['exit']}  limit_hit {test['limit_hit']}  rule {test.get('rule')}  "
          f"judge gap {delays.get('max_sample_gap_ms')} ms, run delay {delays.get('run_delay_ms')} ms")
    if test["verdict"] != "TLE":
        return f"{test['verdict']}: {test['message']}"
    if not delays.get("starved") or delays.get("max_sample_gap_ms", 0) < args.starve_seconds * 1000 * 0.9:
        return f"the JSON does not say the judge was starved: {delays}"
    return None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--interactor", required=True, help="the scenario interactor (echo)")
    parser.add_argument("--submission", required=True, help="a program that reads x and then busy-loops")
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--starve-seconds", type=float, default=3.5)
    parser.add_argument("--jobs", type=int, default=1,
                        help="runs at once (each its own judge, stopped on its own; one busy loop per CPU)")
    args = parser.parse_args()
    failures = []
    with tempfile.TemporaryDirectory(prefix="judge-starved-") as work:
        problem = os.path.join(work, "starved")
        os.makedirs(problem)
        with open(os.path.join(problem, "problem.json"), "w") as f:
            json.dump({"name": "starved", "interactor": args.interactor, "time_limit_ms": 1000,
                       "wall_limit_ms": 3000, "memory_mib": 64, "output_limit_kib": 1024}, f)
        with open(os.path.join(problem, "test.in"), "w") as f:
            f.write("5 normal\n")
        print(f"{args.runs} runs, the judge stopped for {args.starve_seconds} s once the submission runs")
        with ThreadPoolExecutor(max_workers=args.jobs) as pool:
            for index, failure in enumerate(pool.map(lambda i: one_run(args, problem, work, i), range(args.runs))):
                if failure:
                    print(f"  run {index + 1:2}: FAIL {failure}")
                    failures.append(failure)
    print(f"{args.runs - len(failures)} of {args.runs} runs TLE")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
