#!/usr/bin/env python3
"""End-to-end test of the long-lived workers of `judge batch` (a CTest).

A batch keeps one `judge batch-worker --serve` per -j slot and runs test after test
on it (batch/worker.hpp, batch/workers.hpp). On a problem of one-round-trip tests
(the pingpong benchmark's interactor), with -j 1:
  1. nothing leaks from one test to the next of the same worker: a submission that
     leaves a file in /tmp and a forked process (holding an abstract unix socket of
     the worker's network namespace) sees neither on the next test (it answers
     wrongly if it does). The same submission without a box (`judge run --sandbox
     none`) does see its file, and run twice by hand it sees both: the probe can fail;
  2. a crashed worker is replaced: with JUDGE_TEST_WORKER_DIE_AT_JOB=3 (each worker
     SIGKILLs itself as it starts its third job, holding the job queued behind it)
     every test is still graded, the journal holds every test once, the four retried
     tests (both jobs of each crash) are marked, and --resume runs nothing; with the
     test hook JUDGE_TEST_BATCH_NO_QUEUE=1 (no job queued) each crash loses one test,
     so two are retried; with JUDGE_TEST_WORKER_DIE_AT_JOB=1 (the retries crash too)
     the batch exits 3, journals nothing, and --resume (without the hook) finishes it;
  3. memory stays honest: with JUDGE_TEST_WORKER_BALLAST_MIB=200 (the worker
     allocates and touches 200 MiB; checked in /proc while the batch runs), a small
     submission's peak on every test is within 1 MiB of what `judge run` reports;
  4. a test's result does not depend on whether its job was queued behind another
     (and started as soon as that one ended): a batch of accepted, wrong and crashing
     tests gives the same verdicts and messages with JUDGE_TEST_BATCH_NO_QUEUE=1 and
     without. (Not the exit facts: whether a wrong submission ends on its own or is
     killed after the interactor's verdict is a race either way.)
  5. a test counts as running while it runs, and only then: with the batch stopped
     (SIGSTOP) for 0.5 s while its worker's first test runs, the worker answers that
     test and the one queued behind it before the batch reads either; every test of
     the 30 still says concurrent_tests 1 with -j 1 (before the fix, a batch counted
     the test it gave the idle worker next as running beside both).
  6. the batch process holds the records of the submissions still running, not of every
     test it ran: its peak RSS grows by under 13 KiB a test from 24 tests (4
     participants) to 264 (44 participants).
"""
import argparse
import signal
import glob
import json
import os
import shutil
import subprocess
import sys
import threading
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scenario_steps  # noqa: E402
from process_marker import descendants, processes_with_marker  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CHECKS = scenario_steps.Checks()

# Answers k + 1, or k + 2 when an earlier test's file or process is still there.
LEAK_PROBE = r"""
#include <cstddef>
#include <cstdio>
#include <cstring>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

int main() {
  const char* file = "/tmp/judge-leak-probe-MARK";
  const bool file_seen = ::access(file, F_OK) == 0;
  if (std::FILE* f = std::fopen(file, "w")) {
    std::fputs("left by an earlier test\n", f);
    std::fclose(f);
  }
  // An abstract socket name lives as long as a process holds the socket, in the
  // network namespace every test of a worker shares.
  const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const char name[] = "judge-leak-probe-MARK";
  std::memcpy(address.sun_path + 1, name, sizeof name - 1);
  const bool process_seen =
      s >= 0 && ::bind(s, reinterpret_cast<sockaddr*>(&address), offsetof(sockaddr_un, sun_path) + sizeof name) != 0;
  if (::fork() == 0) {
    ::setsid();
    for (int fd = 0; fd <= 2; ++fd) ::close(fd);  // nobody waits for its output to end
    ::sleep(300);  // holds the socket
    ::_exit(0);
  }
  if (s >= 0) ::close(s);
  std::fprintf(stderr, "file_seen=%d process_seen=%d\n", file_seen, process_seen);
  long long rounds = 0, k = 0;
  if (std::scanf("%lld", &rounds) != 1) return 1;
  for (long long i = 0; i < rounds; ++i) {
    if (std::scanf("%lld", &k) != 1) return 1;
    std::printf("%lld\n", k + 1 + (file_seen || process_seen ? 1 : 0));
    std::fflush(stdout);
  }
  return 0;
}
"""

# The pingpong solution, slowed down so the batch lasts long enough to look at its worker.
SMALL = r"""
#include <cstdio>
#include <unistd.h>

int main() {
  long long rounds = 0, k = 0;
  if (std::scanf("%lld", &rounds) != 1) return 1;
  ::usleep(150000);
  for (long long i = 0; i < rounds; ++i) {
    if (std::scanf("%lld", &k) != 1) return 1;
    std::printf("%lld\n", k + 1);
    std::fflush(stdout);
  }
  return 0;
}
"""


def check(condition, what):
    CHECKS.expect(condition, what)


def run(command, env=None):
    """Runs a judge command (its output kept for the checks, the last lines shown)."""
    return scenario_steps.run(command, env=env, tail=12)


def journal(folder):
    try:
        with open(os.path.join(folder, "journal.jsonl")) as f:
            return [json.loads(line) for line in f if line.strip()]
    except OSError:
        return []


def make_problem(work, build, count, folder="problems", rounds=lambda i: 1):
    problem = os.path.join(work, folder, "pp")
    os.makedirs(os.path.join(problem, "tests"))
    for i in range(1, count + 1):
        with open(os.path.join(problem, "tests", f"{i:02}.in"), "w") as f:
            f.write(f"{rounds(i)}\n")
    with open(os.path.join(problem, "problem.json"), "w") as f:
        json.dump({"name": "pp", "interactor": os.path.join(build, "judge", "bench", "pingpong", "interactor"),
                   "testdata": "tests", "time_limit_ms": 5000, "memory_mib": 256}, f)
    return problem


def submissions(work, name, source):
    folder = os.path.join(work, name)
    os.makedirs(os.path.join(folder, "alice"))
    with open(os.path.join(folder, "alice", "pp.cpp"), "w") as f:
        f.write(source)
    return folder


def batch(judge, subs, out, env, *extra):
    return run([judge, "batch", subs, "--out", out, "-j", "1", *extra], env=env)


def remove_probe_file(mark):
    try:
        os.remove(f"/tmp/judge-leak-probe-{mark}")
    except OSError:
        pass


def no_leak(judge, work, env):
    mark = uuid.uuid4().hex
    subs = submissions(work, "leak", LEAK_PROBE.replace("MARK", mark))
    marker = "leak-" + mark
    out = os.path.join(work, "leak-out")
    done = batch(judge, subs, out, dict(env, JUDGE_RUN_ID=marker), "--tests", "01,02")
    records = journal(out)
    verdicts = [r.get("verdict") for r in records]
    check(done.returncode == 0 and verdicts == ["AC", "AC"],
          f"1. the second test of a worker sees no file and no process of the first (exit {done.returncode}, "
          f"verdicts {verdicts}; {done.stderr.strip()[-300:]})")
    check(not processes_with_marker(marker), "1. no process of the batch is left")
    check(not os.path.exists(f"/tmp/judge-leak-probe-{mark}"), "1. the host's /tmp holds no file of the submission")
    # Without a box the probe sees what the first test left: it can fail.
    problem = os.path.join(work, "problems", "pp")
    plain = run([judge, "run", problem, os.path.join(subs, "alice", "pp.cpp"), "--sandbox", "none", "--tests",
                 "01,02", "--json", os.path.join(work, "plain.json")], env=env)
    with open(os.path.join(work, "plain.json")) as f:
        plain_verdicts = [t["verdict"] for t in json.load(f)["tests"]]
    check(plain_verdicts[0] == "AC" and plain_verdicts[1] != "AC",
          f"1. unboxed, the probe sees the first test's file ({plain_verdicts})")
    remove_probe_file(mark)
    # Run by hand twice, the second run sees both the file and the first run's process.
    binary = os.path.join(work, "leak-probe")
    subprocess.run(["g++", "-O1", "-o", binary, "-x", "c++", os.path.join(subs, "alice", "pp.cpp")], check=True)
    hand_env = dict(env, JUDGE_RUN_ID=marker + "-by-hand")
    seen = [subprocess.run([binary], input="1\n1\n", capture_output=True, text=True, env=hand_env).stderr.strip()
            for _ in range(2)]
    for pid, _ in processes_with_marker(marker + "-by-hand"):
        os.kill(pid, 9)
    check(seen == ["file_seen=0 process_seen=0", "file_seen=1 process_seen=1"],
          f"1. run by hand, the probe sees the earlier run's file and process ({seen})")
    remove_probe_file(mark)


def crash_recovery(judge, work, env):
    subs = submissions(work, "crash", open(os.path.join(ROOT, "judge", "bench", "pingpong", "solution.cpp")).read())
    out = os.path.join(work, "crash-out")
    done = batch(judge, subs, out, dict(env, JUDGE_TEST_WORKER_DIE_AT_JOB="3"))
    records = journal(out)
    names = sorted(r["test"] for r in records)
    check(done.returncode == 0, f"2. a batch whose workers crash exits 0 (got {done.returncode}: "
                                f"{done.stderr.strip()[-300:]})")
    check(names == [f"{i:02}" for i in range(1, 7)] and all(r["verdict"] == "AC" for r in records),
          f"2. the journal holds every test once, AC ({names})")
    retried = sorted(r["test"] for r in records if r["run"].get("retried"))
    check(retried == ["03", "04", "05", "06"],
          f"2. the tests whose worker crashed, running and queued, are retried and marked ({retried})")
    check(done.stderr.count("running it again on a new worker") == 4, "2. each retry is told on stderr")
    check(all(r["run"]["concurrent_tests"] == 1 for r in records),
          "2. a queued test is not a running one: concurrent_tests stays 1 with -j 1")
    unqueued = os.path.join(work, "crash-unqueued-out")
    done = batch(judge, subs, unqueued, dict(env, JUDGE_TEST_WORKER_DIE_AT_JOB="3", JUDGE_TEST_BATCH_NO_QUEUE="1"))
    retried = sorted(r["test"] for r in journal(unqueued) if r["run"].get("retried"))
    check(done.returncode == 0 and retried == ["03", "05"],
          f"2. without queuing each crash loses its running test only (exit {done.returncode}, retried {retried})")
    again = batch(judge, subs, out, env, "--resume")
    check(again.returncode == 0 and len(journal(out)) == 6 and "0 to run" in again.stdout,
          f"2. --resume runs nothing more (exit {again.returncode})")
    # The retry crashes too: the judge's error (exit 3), nothing journaled, --resume finishes.
    out = os.path.join(work, "crash-twice-out")
    done = batch(judge, subs, out, dict(env, JUDGE_TEST_WORKER_DIE_AT_JOB="1"), "--tests", "01,02")
    check(done.returncode == 3 and not journal(out) and "judge error" in done.stderr,
          f"2. a test whose retry crashes too is a judge error, not journaled (exit {done.returncode}, "
          f"{len(journal(out))} records)")
    done = batch(judge, subs, out, env, "--tests", "01,02", "--resume")
    check(done.returncode == 0 and len(journal(out)) == 2, f"2. --resume finishes it (exit {done.returncode})")


def worker_rss_mib(stop, seen):
    """The largest VmRSS of a serving worker while the batch runs."""
    while not stop.is_set():
        for status in glob.glob("/proc/[0-9]*/status"):
            try:
                with open(status.replace("status", "cmdline"), "rb") as f:
                    if b"batch-worker\0--serve" not in f.read():
                        continue
                with open(status) as f:
                    for line in f:
                        if line.startswith("VmRSS:"):
                            seen.append(int(line.split()[1]) / 1024)
            except OSError:
                pass
        time.sleep(0.02)


def honest_memory(judge, work, env):
    subs = submissions(work, "memory", SMALL)
    source = os.path.join(subs, "alice", "pp.cpp")
    problem = os.path.join(work, "problems", "pp")
    result = os.path.join(work, "run.json")
    done = run([judge, "run", problem, source, "--tests", "01", "--json", result], env=env)
    with open(result) as f:
        alone_kib = json.load(f)["tests"][0]["memory_kib"]
    out = os.path.join(work, "memory-out")
    stop, seen = threading.Event(), []
    watcher = threading.Thread(target=worker_rss_mib, args=(stop, seen))
    watcher.start()
    done = batch(judge, subs, out, dict(env, JUDGE_TEST_WORKER_BALLAST_MIB="200"))
    stop.set()
    watcher.join()
    check(done.returncode == 0, f"3. the batch of a 200 MiB worker grades (exit {done.returncode})")
    check(seen and max(seen) >= 200, f"3. the worker was large ({max(seen) if seen else 0:.0f} MiB resident)")
    peaks = [r["record"]["passes"][0]["facts"]["submission"]["exit"]["peak_kib"] for r in journal(out)]
    check(len(peaks) == 6 and all(abs(p - alone_kib) <= 1024 for p in peaks),
          f"3. the submission's peak on each test equals judge run's within 1 MiB "
          f"(judge run {alone_kib} KiB, batch {peaks})")


# Answers k + 1 (AC), k + 2 (PE: the interactor reads a number out of range) or crashes
# (RTE), by the test's number of rounds.
MIXED = r"""
#include <cstdio>
#include <cstdlib>

int main() {
  long long rounds = 0, k = 0;
  if (std::scanf("%lld", &rounds) != 1) return 1;
  for (long long i = 0; i < rounds; ++i) {
    if (std::scanf("%lld", &k) != 1) return 1;
    if (rounds % 3 == 2) std::abort();
    std::printf("%lld\n", k + 1 + (rounds % 3 == 1 ? 1 : 0));
    std::fflush(stdout);
  }
  return 0;
}
"""


def same_with_and_without_queue(judge, work, build, env):
    make_problem(work, build, 6, "mixed-problems", rounds=lambda i: i)
    env = dict(env, JUDGE_PROBLEM_PATH=os.path.join(work, "mixed-problems"))
    subs = submissions(work, "mixed", MIXED)
    seen = {}
    for name, extra in (("queued", {}), ("unqueued", {"JUDGE_TEST_BATCH_NO_QUEUE": "1"})):
        out = os.path.join(work, f"mixed-{name}-out")
        done = batch(judge, subs, out, dict(env, **extra))
        seen[name] = sorted((r["test"], r["verdict"], r["message"]) for r in journal(out))
        check(done.returncode == 1 and len(seen[name]) == 6, f"4. the {name} batch grades 6 tests "
                                                             f"(exit {done.returncode})")
    verdicts = [v for _, v, _ in seen["queued"]]
    check(sorted(set(verdicts)) == ["AC", "PE", "RTE"], f"4. the tests are AC, PE and RTE ({verdicts})")
    check(seen["queued"] == seen["unqueued"],
          f"4. queued or not, every test has the same verdict and message "
          f"({seen['queued']} / {seen['unqueued']})")


# Answers as the pingpong solution does, but first sleeps 0.4 s on a test of 2 rounds: the
# first test of check 5, long enough for the check to see it and stop the batch meanwhile.
SLOW_FIRST = r"""
#include <cstdio>
#include <unistd.h>

int main() {
  long long rounds = 0, k = 0;
  if (std::scanf("%lld", &rounds) != 1) return 1;
  if (rounds == 2) ::usleep(400000);
  for (long long i = 0; i < rounds; ++i) {
    if (std::scanf("%lld", &k) != 1) return 1;
    std::printf("%lld\n", k + 1);
    std::fflush(stdout);
  }
  return 0;
}
"""


def two_answers_at_once(judge, work, build, env):
    """Stops the batch while its worker's first test sleeps: that test and the one queued behind
    it both end while the batch is stopped, so it reads their two answers in one wait."""
    make_problem(work, build, 30, "stopped-problems", rounds=lambda i: 2 if i == 1 else 1)
    env = dict(env, JUDGE_PROBLEM_PATH=os.path.join(work, "stopped-problems"))
    subs = submissions(work, "stopped", SLOW_FIRST)
    out = os.path.join(work, "stopped-out")
    command = [judge, "batch", subs, "--out", out, "-j", "1", "-q"]
    print("$ " + " ".join(command) + "  (stopped for 1 s while its first test sleeps)", flush=True)
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 60
    started = False
    while not started and time.monotonic() < deadline and proc.poll() is None:
        started = any(argv and os.path.basename(argv[0]) == "main" for _, argv in descendants(proc.pid).values())
        time.sleep(0.005)
    if started:
        os.kill(proc.pid, signal.SIGSTOP)
        time.sleep(1.0)
        os.kill(proc.pid, signal.SIGCONT)
    proc.wait(timeout=120)
    counts = [r["run"]["concurrent_tests"] for r in journal(out)]
    check(started and proc.returncode == 0 and len(counts) == 30,
          f"5. the stopped batch grades 30 tests (saw its first test: {started}, exit {proc.returncode})")
    check(all(c == 1 for c in counts), f"5. every test ran alone with -j 1 (concurrent_tests {counts})")


def batch_peak_kib(command, env):
    """Runs a batch and returns its exit status and the batch process's own peak RSS
    (VmHWM, the kernel's high-water mark, read until it exits)."""
    # Nothing is piped: an unread pipe that filled up would stop the batch.
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    peak = 0
    while process.poll() is None:
        try:
            with open(f"/proc/{process.pid}/status") as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        peak = max(peak, int(line.split()[1]))
        except OSError:
            pass
        time.sleep(0.002)
    return process.returncode, peak


def memory_per_test(judge, work, env):
    """6. The batch process holds the records of the submissions still running, not of
    every test it ran: a graded submission's records are let go (forget_facts in
    judge_batch/batch.cpp). 4 and 44 participants of the same source on the 6 tests:
    the 240 tests more add little to the batch's peak (measured: 5 KiB a test; 20 KiB
    when every record was held to the end)."""
    peaks = {}
    for count in (4, 44):
        subs = os.path.join(work, f"many-{count}")
        for i in range(count):
            os.makedirs(os.path.join(subs, f"p{i:02}"))
            with open(os.path.join(subs, f"p{i:02}", "pp.cpp"), "w") as f:
                f.write(SMALL)
        status, peaks[count] = batch_peak_kib(
            [judge, "batch", subs, "--out", os.path.join(work, f"many-{count}-out"), "-j", "1", "-q"], env)
        check(status == 0, f"6. the batch of {count} participants grades (exit {status})")
    per_test_kib = (peaks[44] - peaks[4]) / 240
    check(per_test_kib < 13, f"6. the batch process's peak grows by {per_test_kib:.1f} KiB a test "
          f"({peaks[4]} KiB with 24 tests, {peaks[44]} KiB with 264): under 13")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--build", required=True)
    parser.add_argument("--work", required=True, help="a scratch folder (emptied first)")
    args = parser.parse_args()
    judge, build, work = os.path.abspath(args.judge), os.path.abspath(args.build), os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    make_problem(work, build, 6)
    env = dict(os.environ, JUDGE_PROBLEM_PATH=os.path.join(work, "problems"))
    for name in ("JUDGE_TEST_WORKER_DIE_AT_JOB", "JUDGE_TEST_WORKER_BALLAST_MIB", "JUDGE_TEST_BATCH_NO_QUEUE"):
        env.pop(name, None)
    no_leak(judge, work, env)
    crash_recovery(judge, work, env)
    honest_memory(judge, work, env)
    same_with_and_without_queue(judge, work, build, env)
    two_answers_at_once(judge, work, build, env)
    memory_per_test(judge, work, env)
    return CHECKS.finish()


if __name__ == "__main__":
    sys.exit(main())
