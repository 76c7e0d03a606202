#!/usr/bin/env python3
"""End-to-end test of `judge batch`, `judge merge` and `judge report` (a CTest).

On the repository's own solutions of nuts-bolts and egg-drop (every verdict
folder; randomized ones of folders other than accepted/ are left out: their verdict
on a small test is chance), a few small tests each:
  1. one command grades them all (the reference run, -j 2), with --html and --junit;
     a deterministic submission's verdict JSON equals `judge run`'s, timings aside;
  2. the same batch SIGKILLed mid-run leaves no process behind and no half-written
     file, and `--resume` finishes it with results identical to the reference;
  3. 4 shards run through GNU parallel (--sshlogin 4/: local workers), then
     `judge merge`, equal the reference;
  4. the Slurm job-array script (scripts/slurm-batch.sh) run as 4 array tasks
     (SLURM_ARRAY_TASK_ID etc. set by hand; on a real Slurm: cluster.slurm_recipe), then merged,
     equals the reference;
  5. `judge report` and the exit statuses behave.
Randomized accepted solutions are compared on verdicts and scores only; the others
on every key but timings (scripts/batch_compare.py).
"""
import argparse
import glob
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batch_compare  # noqa: E402
from process_marker import processes_with_marker  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOOSE = []  # "participant/problem" globs compared on verdicts and scores only
TESTS = "01-sample,02-n1"  # nuts-bolts: 01-sample; egg-drop: 01-sample, 02-n1
# A solution that draws random numbers is reproducible only in its verdict, and
# only if it is accepted (always AC: CTest checks it; its query counts, and so its
# messages, vary): those are compared on verdicts and scores. A randomized solution
# of another folder may be right or wrong on a small test by chance: left out.
RANDOMNESS = ("random", "rand(", "time(", "clock", "chrono", "getpid", "now()")
FAILURES = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        FAILURES.append(what)


def run(command, **kwargs):
    print("$ " + " ".join(command), flush=True)
    return subprocess.run(command, **kwargs)


def compare(a, b, what):
    problems = batch_compare.compare(a, b, LOOSE)
    for problem in problems[:20]:
        print("     " + problem)
    check(not problems, f"{what}: identical to the reference run (timings aside)")


def journal_lines(folder):
    try:
        with open(os.path.join(folder, "journal.jsonl"), "rb") as f:
            return f.read().count(b"\n")
    except OSError:
        return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--work", required=True, help="a scratch folder (emptied first)")
    args = parser.parse_args()
    judge = os.path.abspath(args.judge)
    work = os.path.abspath(args.work)
    shutil.rmtree(work, ignore_errors=True)
    os.makedirs(work)
    os.chdir(work)
    env = dict(os.environ, JUDGE_CACHE_DIR=os.path.join(work, "cache"))
    subprocess.run(["bash", os.path.join(ROOT, "scripts/batch-layout-solutions.sh"), "subs",
                    "nuts-bolts", "egg-drop"], check=True)
    loose = []
    for participant in sorted(os.listdir("subs")):
        for name in os.listdir(os.path.join("subs", participant)):
            with open(os.path.join("subs", participant, name), errors="replace") as f:
                randomized = any(word in f.read() for word in RANDOMNESS)
            if randomized and participant.startswith("accepted."):
                loose.append(f"{participant}/{os.path.splitext(name)[0]}")
            elif randomized:
                print(f"     left out (randomized, its verdict is chance): {participant}/{name}")
                shutil.rmtree(os.path.join("subs", participant))
    LOOSE.extend(loose)
    print("     compared on verdicts and scores only (randomized, accepted): " + ", ".join(loose))
    batch = [judge, "batch", "subs", "--problems", "nuts-bolts,egg-drop", "--tests", TESTS]

    # 1. The reference run.
    started = time.monotonic()
    reference = run(batch + ["--out", "ref", "-j", "2", "--html", "ref.html", "--junit", "ref.xml"],
                    env=env)
    print(f"     reference run: {time.monotonic() - started:.1f} s")
    check(reference.returncode == 1, f"reference run exits 1 (some submission not AC): {reference.returncode}")
    with open("ref/standings.json") as f:
        standings = json.load(f)
    counts = {problem: sum(1 for participant in os.listdir("subs")
                           for name in os.listdir(os.path.join("subs", participant))
                           if name.startswith(problem + "."))
              for problem in ("nuts-bolts", "egg-drop")}
    total = counts["nuts-bolts"] * 1 + counts["egg-drop"] * 2  # tests per problem in TESTS
    check(standings["complete"] and standings["tests_planned"] == total,
          f"{total} tests of {sum(counts.values())} submissions, all finished")
    verdicts = {(row["participant"], problem): cell["verdict"]
                for row in standings["rows"] for problem, cell in row["problems"].items() if cell}
    # Folders whose verdict shows on the first small test already.
    for folder, verdict in (("accepted", "AC"), ("wrong_answer", "WA"), ("presentation_error", "PE"),
                            ("time_limit_exceeded", "TLE"), ("idle_limit_exceeded", "ILE"),
                            ("memory_limit_exceeded", "MLE")):
        for (participant, problem), got in sorted(verdicts.items()):
            if participant.startswith(folder + ".") and not (problem == "egg-drop" and folder == "wrong_answer"):
                check(got == verdict, f"{participant} on {problem} is {verdict}: {got}")
    check(os.path.getsize("ref.html") > 100000 and os.path.getsize("ref.xml") > 1000, "HTML and JUnit written")
    with open("ref/standings.csv") as f:
        header = f.readline().strip()
    check(header == "rank,participant,total,egg-drop,egg-drop verdict,nuts-bolts,nuts-bolts verdict",
          f"standings.csv header: {header}")
    # The verdict JSON is `judge run`'s.
    submission = sorted(glob.glob("subs/*/egg-drop.cpp"))[0]  # egg-drop's are deterministic
    run([judge, "run", "egg-drop", submission, "--tests", "01-sample", "02-n1", "--json", "run.json", "-q"],
        env=env, stdout=subprocess.DEVNULL)
    with open("run.json") as f:
        alone = batch_compare.comparable_result(json.load(f), False)
    with open(os.path.join("ref/results", submission.split("/")[1], "egg-drop.json")) as f:
        batched = batch_compare.comparable_result(json.load(f), False)
    for test in alone["tests"] + batched["tests"]:
        test.pop("transcript", None)
    diff = list(batch_compare.differences(alone, batched))
    check(not diff, "a batch verdict JSON equals judge run's (timings aside) " + "; ".join(diff[:3]))

    # 2. SIGKILL mid-run, then --resume.
    marker = uuid.uuid4().hex
    killed = subprocess.Popen(batch + ["--out", "killed", "-j", "2", "-q"],
                              env=dict(env, JUDGE_RUN_ID=marker))
    deadline = time.monotonic() + 120
    while journal_lines("killed") < 6 and killed.poll() is None and time.monotonic() < deadline:
        time.sleep(0.02)
    lines = journal_lines("killed")
    killed.send_signal(signal.SIGKILL)
    killed.wait()
    check(0 < lines < total, f"killed with SIGKILL after {lines} of {total} tests")
    leftovers = []
    for _ in range(50):
        leftovers = processes_with_marker(marker)
        if not leftovers:
            break
        time.sleep(0.1)
    check(not leftovers, f"no process of the killed batch survives it: {leftovers}")
    half_written = []
    for folder, _, files in os.walk("killed"):
        for name in files:
            if name.endswith(".json") and not name.startswith("."):
                try:
                    with open(os.path.join(folder, name)) as f:
                        json.load(f)
                except ValueError:
                    half_written.append(os.path.join(folder, name))
    check(not half_written, f"no half-written file: {half_written}")
    refused = run(batch + ["--out", "killed", "-q"], env=env, stderr=subprocess.PIPE, text=True)
    check(refused.returncode == 2 and "--resume" in refused.stderr, "without --resume, the folder is refused (2)")
    resumed = run(batch + ["--out", "killed", "-j", "2", "--resume"], env=env, stdout=subprocess.PIPE, text=True)
    print(resumed.stdout.splitlines()[0] if resumed.stdout else "")
    check(resumed.returncode == 1, f"resume exits 1: {resumed.returncode}")
    check(f"{lines} finished before" in resumed.stdout or f"{lines + 1} finished before" in resumed.stdout
          or "finished before" in resumed.stdout, "resume reuses the journal")
    compare("ref", "killed", "killed + resumed")
    again = run(batch + ["--out", "killed", "--resume"], env=env, stdout=subprocess.PIPE, text=True)
    check("0 to run" in again.stdout, "a finished batch resumed runs nothing")

    # 3. Four shards through GNU parallel with local workers, then merge.
    if shutil.which("parallel"):
        shards = run(["parallel", "--will-cite", "-j", "4", "--sshlogin", "4/:"] + batch +
                     ["--out", os.path.join(work, "par-{}"), "-j", "1", "-q", "--shard", "{}/4",
                      ":::", "1", "2", "3", "4"], env=env)
        check(shards.returncode in (0, 1, 2, 3, 4), f"parallel ran the 4 shards (exit {shards.returncode})")
        merged = run([judge, "merge", "par-1", "par-2", "par-3", "par-4", "--out", "par-merged", "-q"], env=env)
        check(merged.returncode == 1, f"merge exits 1: {merged.returncode}")
        compare("ref", "par-merged", "4 shards (GNU parallel) + merge")
        partial = run([judge, "merge", "par-1", "par-3", "--out", "par-partial"], env=env,
                      stderr=subprocess.PIPE, text=True)
        check(partial.returncode == 2 and "2/4" in partial.stderr, "merging without shard 2/4 is refused, naming it")
    else:
        check(False, "GNU parallel is installed (scripts/install-deps.sh)")

    # 4. The Slurm job-array script, its tasks run here by hand (ids 0..3: --array=0-3).
    for task in range(4):
        slurm_env = dict(env, JUDGE=judge, SLURM_ARRAY_TASK_ID=str(task), SLURM_ARRAY_TASK_MIN="0",
                         SLURM_ARRAY_TASK_COUNT="4", SLURM_CPUS_PER_TASK="2")
        task_run = run(["bash", os.path.join(ROOT, "scripts/slurm-batch.sh"), "slurm", "subs", "--",
                        "--problems", "nuts-bolts,egg-drop", "--tests", TESTS, "-q"], env=slurm_env)
        check(task_run.returncode == 0, f"array task {task} exits 0: {task_run.returncode}")
    with open("slurm/shard-3/batch.json") as f:
        check(json.load(f)["shard"] == "3/4", "SLURM_ARRAY_TASK_ID=2 of 0..3 ran shard 3/4")
    run([judge, "merge", "slurm/shard-1", "slurm/shard-2", "slurm/shard-3", "slurm/shard-4",
         "--out", "slurm/merged", "-q"], env=env)
    compare("ref", "slurm/merged", "4 Slurm array tasks + merge")

    # 5. judge report, usage errors.
    report = run([judge, "report", "ref", "--csv", "report.csv", "--junit", "report.xml", "-q"], env=env)
    check(report.returncode == 0, f"judge report exits 0 once written: {report.returncode}")
    report = run([judge, "report", "ref", "--check", "-q"], env=env)
    check(report.returncode == 1, f"judge report --check exits 1 (a WA in the batch): {report.returncode}")
    with open("report.csv") as a, open("ref/standings.csv") as b:
        check(a.read() == b.read(), "judge report --csv equals standings.csv")
    with open("report.xml") as a, open("ref.xml") as b:
        check(a.read() == b.read(), "judge report --junit equals judge batch --junit")
    check(run([judge, "report", "subs"], env=env, stderr=subprocess.DEVNULL).returncode == 2,
          "judge report on a folder that holds no batch exits 2")
    check(run(batch + ["--out", "x", "--shard", "5/4"], env=env, stderr=subprocess.DEVNULL).returncode == 2,
          "--shard 5/4 exits 2")
    check(run([judge, "batch", "nonexistent", "--out", "y"], env=env, stderr=subprocess.DEVNULL).returncode == 2,
          "a missing submissions folder exits 2")

    print(f"{len(FAILURES)} failed" if FAILURES else "all batch checks passed")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
