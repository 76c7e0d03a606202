#!/usr/bin/env python3
"""Random process behaviour in CMS Communication tests (issue 45; CTest
fuzz.cms_communication runs it for a bounded time, the closing note says for how long
it ran in all).

Each seed makes a submission of the two-process task bits (a copy of testdata/cms/bits
with small numbers; the Python stub imports the submission as the task's module) whose
encode and decode act out a random plan before they answer: clear or set O_NONBLOCK
on every descriptor they hold, close them, flood the channel to the manager (up to
200 MiB without a newline), write garbage, answer wrong, exit with a code, die by a
signal, sleep, spin, fork a child that holds the descriptors, never read again. The
task's manager is trusted and correct, so whatever a process does:
  - `judge run` ends within the wall limit, extended as the judge may (4x), plus a
    margin: nothing a process does to its descriptors can keep the judge waiting;
  - its exit status is 0 or 1, and the verdict is never JE (the manager did nothing
    wrong) and blames a process when it is not AC;
  - no process of the run is left behind.
A seed that breaks one is printed, and its submission kept in --work/failures/.

Usage: fuzz_cms.py --judge J --repo R --work W [--seconds S | --runs N] [--seed K] [--jobs J]
"""
import argparse
import json
import os
import random
import resource
import shutil
import subprocess
import sys
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from process_marker import processes_with_marker  # noqa: E402

ACTIONS = ["answer", "answer", "answer", "block_flags", "nonblock_flags", "close_fds", "flood", "garbage", "wrong",
           "exit", "signal", "sleep", "spin", "fork_hold", "never_read"]

MODULE = '''
import fcntl, os, random, signal, sys, time
PLAN = %r
_step = [0]

def _fds():
    return [fd for fd in range(3, 32) if _open(fd)]

def _open(fd):
    try:
        fcntl.fcntl(fd, fcntl.F_GETFD)
        return True
    except OSError:
        return False

def _act(right):
    action, value = PLAN[_step[0] %% len(PLAN)]
    _step[0] += 1
    if action == "block_flags" or action == "nonblock_flags":
        for fd in _fds() + [0, 1]:
            try:
                flags = fcntl.fcntl(fd, fcntl.F_GETFL)
                fcntl.fcntl(fd, fcntl.F_SETFL, flags & ~os.O_NONBLOCK if action == "block_flags" else flags | os.O_NONBLOCK)
            except OSError:
                pass
    elif action == "close_fds":
        for fd in _fds():
            os.close(fd)
    elif action == "flood":
        try:
            with open(sys.argv[2], "wb") as out:
                chunk = b"1" * 65536
                for _ in range(value // 65536 + 1):
                    out.write(chunk)
        except OSError:
            pass
    elif action == "garbage":
        try:
            with open(sys.argv[2], "wb") as out:
                out.write(bytes(random.Random(value).randrange(256) for _ in range(value %% 5000)))
        except OSError:
            pass
    elif action == "wrong":
        return right + 1 if isinstance(right, int) else [1] * 11
    elif action == "exit":
        os._exit(value %% 4)
    elif action == "signal":
        os.kill(os.getpid(), [signal.SIGSEGV, signal.SIGABRT, signal.SIGKILL, signal.SIGPIPE][value %% 4])
    elif action == "sleep":
        time.sleep(value / 1000.0)
    elif action == "spin":
        end = time.monotonic() + value / 1000.0
        while time.monotonic() < end:
            pass
    elif action == "fork_hold":
        if os.fork() == 0:
            time.sleep(60)
            os._exit(0)
    elif action == "never_read":
        time.sleep(60)
    return right

def encode(x):
    return _act([(x >> i) & 1 for i in range(9, -1, -1)])

def decode(bits):
    x = 0
    for bit in bits:
        x = 2 * x + bit
    return _act(x)
'''


def plan_of(rng):
    plan = []
    for _ in range(rng.randint(1, 5)):
        action = rng.choice(ACTIONS)
        value = {"flood": rng.choice([10, 70000, 2 << 20, 200 << 20]), "sleep": rng.choice([10, 300, 1500]),
                 "spin": rng.choice([10, 300, 1500])}.get(action, rng.randrange(1 << 16))
        plan.append((action, value))
    return plan


def one_seed(args, task, seed):
    rng = random.Random(seed)
    work = os.path.join(args.work, f"seed-{seed}")
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    submission = os.path.join(work, "bits.py")
    with open(submission, "w") as f:
        f.write(MODULE % (plan_of(rng),))
    result = os.path.join(work, "result.json")
    marker = uuid.uuid4().hex
    started = time.monotonic()
    try:
        proc = subprocess.run([args.judge, "run", task, submission, "--json", result, "-q"], capture_output=True,
                              text=True, timeout=args.wall_s * 4 + 30,
                              env=dict(os.environ, JUDGE_RUN_ID=marker, JUDGE_CACHE_DIR=os.path.join(args.work, "cache")))
    except subprocess.TimeoutExpired:
        return seed, f"judge run did not end within {args.wall_s * 4 + 30} s", submission, "hang"
    seconds = time.monotonic() - started
    problems = []
    if seconds > args.wall_s * 4 + 10:
        problems.append(f"took {seconds:.1f} s")
    if proc.returncode not in (0, 1):
        problems.append(f"exit {proc.returncode}: {proc.stdout[-500:]}{proc.stderr[-500:]}")
    else:
        with open(result) as f:
            data = json.load(f)
        for test in data["tests"]:
            if test["verdict"] == "JE":
                problems.append(f"JE on {test['name']}: {test.get('message')}")
    time.sleep(0.2)
    left = processes_with_marker(marker)
    if left:
        problems.append(f"left behind: {left}")
    verdict = data["verdict"] if proc.returncode in (0, 1) else "exit %d" % proc.returncode
    if problems:
        return seed, "; ".join(problems), submission, verdict
    shutil.rmtree(work, ignore_errors=True)
    return seed, None, None, verdict


def children_cpu_s():
    """CPU of every process this fuzzer waited for, and of what they waited for."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return children.ru_utime + children.ru_stime


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--runs", type=int, default=0, help="this many seeds (then --seconds is ignored)")
    parser.add_argument("--seed", type=int, default=None, help="the first seed (default: random)")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args()
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    task = os.path.join(args.work, "bits")
    shutil.rmtree(task, ignore_errors=True)
    shutil.copytree(os.path.join(args.repo, "testdata", "cms", "bits"), task)
    for index in range(3):
        with open(os.path.join(task, "input", f"input{index}.txt"), "w") as f:
            f.write("3\n5 700 1023\n")
    args.wall_s = 5.0  # bits: 1 s of CPU, two processes: the judge's wall limit is 5 s
    first = args.seed if args.seed is not None else random.randrange(1 << 30)
    deadline = time.monotonic() + args.seconds
    failures, runs, verdicts = [], 0, {}
    print(f"fuzz_cms: seeds from {first}, {args.jobs} at a time", flush=True)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        seed = first
        pending = set()
        while True:
            more = (runs + len(pending) < args.runs) if args.runs else time.monotonic() < deadline
            while more and len(pending) < args.jobs:
                pending.add(pool.submit(one_seed, args, task, seed))
                seed += 1
                more = (runs + len(pending) < args.runs) if args.runs else time.monotonic() < deadline
            if not pending:
                break
            done = next(iter(pending))
            for future in list(pending):
                if future.done():
                    done = future
                    break
            seed_done, problem, submission, verdict = done.result()
            verdicts[verdict] = verdicts.get(verdict, 0) + 1
            pending.discard(done)
            runs += 1
            if problem:
                failures.append(seed_done)
                kept = os.path.join(args.work, "failures", f"seed-{seed_done}.py")
                os.makedirs(os.path.dirname(kept), exist_ok=True)
                shutil.copy(submission, kept)
                print(f"FAIL seed {seed_done}: {problem} (kept in {kept})", flush=True)
            if runs % 100 == 0:
                # A long run says how far it got, so one that is stopped still counts.
                print(f"fuzz_cms: {runs} runs so far, {len(failures)} failed, "
                      f"CPU {children_cpu_s():.0f} s", flush=True)
    print(f"fuzz_cms: {runs} runs, {len(failures)} failed{': seeds ' + str(failures) if failures else ''}; "
          f"verdicts {dict(sorted(verdicts.items()))}; CPU of the judges and everything they ran: "
          f"{children_cpu_s():.0f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
