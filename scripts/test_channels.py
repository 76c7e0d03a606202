#!/usr/bin/env python3
"""The channel probes (issue 45, CTests channels.<placement>.<channel>): can a program
pass a secret to another around the judge? Each channel of
judge/scenarios/_channels/channels.hpp is tried in one placement:

  cms          the two processes of one CMS Communication test (a copy of
               testdata/cms/bits whose numbers are the secrets): the encoder sends no
               bit and puts the number into the channel, the decoder reads it there;
               the manager scores 1 only when the decoder got every number right
  concurrent   two submissions of `judge batch -j 2`, a sender and a receiver, whose
               tests run at once in two workers
  run          consecutive tests of one `judge run`: test 1 sends, test 2 receives
  worker       consecutive submissions of one `judge batch -j 1` worker: the sender's
               test, then the receiver's

Boxed, the receiver must learn nothing (exit 1 if it learned the secret). With
--control the same runs with `--sandbox none` (cms and run only), where the channel
is open: the receiver must learn it there (exit 1 if it did not: a probe that cannot
tell), so each probe is shown able to fail. `--list` prints the cases.

Usage: test_channels.py --judge J --repo R --work W --placement P --channel C [--control]
"""
import argparse
import json
import os
import random
import shutil
import subprocess
import sys

CHANNELS = ["flock", "posix_lock", "ofd_lock_store", "inotify", "keys", "key_users", "signal", "abstract_socket",
            "path_socket", "sysv_shm", "sysv_msg", "sysv_sem", "posix_mq", "dev_shm", "tmp_file", "proc", "cgroup",
            "cpu_locks"]
PLACEMENTS = ["cms", "concurrent", "run", "worker"]
# The unboxed controls (--control): for each placement that can run unboxed, the
# channels that are open there, so that the probe must find the secret. Not in cms:
# key_users (unboxed, both processes are one uid: the receiver cannot tell the
# sender's keys from its own), cgroup (unboxed processes get no cgroup of their own),
# cpu_locks (a CMS test claims no CPU). In run (one test after the other) only what
# outlives a test's processes unboxed: files, IPC objects and the CPU lock folder.
CONTROLS = {
    "cms": [c for c in CHANNELS if c not in ("key_users", "cgroup", "cpu_locks")],
    "run": ["sysv_shm", "sysv_msg", "sysv_sem", "posix_mq", "dev_shm", "tmp_file", "cpu_locks"],
}


def source(repo, main, defines):
    folder = os.path.join(repo, "judge", "scenarios", "_channels")
    text = "".join(f'#define {name} "{value}"\n' for name, value in defines.items())
    return text + open(os.path.join(folder, "channels.hpp")).read() + open(os.path.join(folder, main)).read()


def probe_problem(args, tests):
    """A problem of this judge's format whose tests are the given lines."""
    problem = os.path.join(args.work, "probe")
    os.makedirs(problem, exist_ok=True)
    shutil.copy(os.path.join(args.repo, "judge", "scenarios", "_channels", "interactor.py"), problem)
    with open(os.path.join(problem, "problem.json"), "w") as f:
        json.dump({"name": "probe", "interactor": "interactor.py", "time_limit_ms": 4000, "wall_limit_ms": 10000,
                   "memory_mib": 256, "output_limit_kib": 1024, "process_limit": 128}, f)
    for name, line in tests.items():
        with open(os.path.join(problem, name + ".in"), "w") as f:
            f.write(line + "\n")
    return problem


def judge(args, *words, timeout=300):
    proc = subprocess.run([args.judge, *words], capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, JUDGE_CACHE_DIR=os.path.join(args.cache)))
    return proc


def verdicts_of(result_file):
    with open(result_file) as f:
        result = json.load(f)
    return result["verdict"], [(t["name"], t["verdict"], t.get("message", "")) for t in result["tests"]]


def learned_cms(args, secret, unboxed):
    task = os.path.join(args.work, "bits")
    shutil.copytree(os.path.join(args.repo, "testdata", "cms", "bits"), task)
    for index in range(3):
        with open(os.path.join(task, "input", f"input{index}.txt"), "w") as f:
            f.write(f"2\n{secret} {secret}\n")
    submission = os.path.join(args.work, "probe.cpp")
    with open(submission, "w") as f:
        f.write(source(args.repo, "bits_main.cpp", {"PROBE_CHANNEL": args.channel}))
    result = os.path.join(args.work, "result.json")
    proc = judge(args, "run", task, submission, "--tests", "000", "--json", result, "-q",
                 *(["--sandbox", "none"] if unboxed else []))
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"judge run exited {proc.returncode}: {proc.stdout}{proc.stderr}")
    verdict, tests = verdicts_of(result)
    print(f"  {'unboxed' if unboxed else 'boxed'}: {verdict} {tests}")
    return verdict == "AC"  # the decoder answered every number right


def learned_run(args, secret, unboxed):
    problem = probe_problem(args, {"1-send": f"{args.channel} {secret} send 0 0",
                                   "2-receive": f"{args.channel} {secret} receive 0 500"})
    submission = os.path.join(args.work, "probe.cpp")
    with open(submission, "w") as f:
        f.write(source(args.repo, "icpc_main.cpp", {"PROBE_ROLE": "any"}))
    result = os.path.join(args.work, "result.json")
    proc = judge(args, "run", problem, submission, "--json", result, "-q", *(["--sandbox", "none"] if unboxed else []))
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"judge run exited {proc.returncode}: {proc.stdout}{proc.stderr}")
    verdict, tests = verdicts_of(result)
    print(f"  {'unboxed' if unboxed else 'boxed'}: {verdict} {tests}")
    return verdict == "WA"


def learned_batch(args, secret, jobs, hold_ms, wait_ms):
    problem = probe_problem(args, {"1": f"{args.channel} {secret} any {hold_ms} {wait_ms}"})
    root = os.path.join(args.work, "contest")
    # Sorted by participant, the sender's test is planned first (-j 1: it runs first).
    for participant, role in (("a-sender", "send"), ("b-receiver", "receive")):
        os.makedirs(os.path.join(root, participant))
        with open(os.path.join(root, participant, "probe.cpp"), "w") as f:
            f.write(source(args.repo, "icpc_main.cpp", {"PROBE_ROLE": role}))
    out = os.path.join(args.work, "batch")
    proc = judge(args, "batch", root, "--out", out, "--problems", problem, "-j", str(jobs), "-q")
    if proc.returncode not in (0, 1):
        raise RuntimeError(f"judge batch exited {proc.returncode}: {proc.stdout}{proc.stderr}")
    verdict, tests = verdicts_of(os.path.join(out, "results", "b-receiver", "probe.json"))
    print(f"  boxed, -j {jobs}: receiver {verdict} {tests}")
    return verdict == "WA"


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge")
    parser.add_argument("--repo")
    parser.add_argument("--work")
    parser.add_argument("--placement", choices=PLACEMENTS)
    parser.add_argument("--channel", choices=CHANNELS)
    parser.add_argument("--control", action="store_true")
    parser.add_argument("--list", action="store_true", help="print PLACEMENT.CHANNEL for every case")
    args = parser.parse_args()
    if args.list:
        cases = [f"{p}.{c}" for p in PLACEMENTS for c in CHANNELS]
        cases += [f"{p}.{c}.control" for p, channels in CONTROLS.items() for c in channels]
        print(";".join(cases))
        return 0
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    args.work = os.path.abspath(args.work)
    args.cache = os.path.join(os.path.dirname(args.work), "cache")  # shared by the cases: the probes compile once
    secret = random.randint(1, 63)
    print(f"{args.placement}.{args.channel}: secret {secret}")
    if args.control:
        if args.channel not in CONTROLS.get(args.placement, []):
            print("  no unboxed control for this channel here (CONTROLS says why)")
            return 77
        learned = learned_cms(args, secret, True) if args.placement == "cms" else learned_run(args, secret, True)
        print(f"  unboxed, the receiver {'learned it' if learned else 'learned nothing: the probe cannot tell'}")
        return 0 if learned else 1
    if args.placement == "cms":
        learned = learned_cms(args, secret, False)
    elif args.placement == "run":
        learned = learned_run(args, secret, False)
    elif args.placement == "concurrent":
        # Both tests start together, one in each worker: the sender holds its state
        # longer than the receiver looks.
        learned = learned_batch(args, secret, 2, 2500, 2000)
    else:
        learned = learned_batch(args, secret, 1, 0, 500)
    print(f"  boxed, the receiver {'LEARNED the secret' if learned else 'learned nothing'}")
    return 1 if learned else 0


if __name__ == "__main__":
    sys.exit(main())
