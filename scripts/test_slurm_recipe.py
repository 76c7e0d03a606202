#!/usr/bin/env python3
"""The Slurm recipe of docs/batch.md on a real Slurm (a CTest: cluster.slurm_recipe).

scripts/slurm-local.sh starts a single-node Slurm of its own (Debian's slurm-wlm and
munge, task/cgroup: --mem is a memory cgroup), and on a batch of six nuts-bolts
submissions (AC, WA, PE, RTE, TLE: some not AC) on five small tests:

  1. the reference: one unsharded `judge batch` on this machine (-j 2), timed;
  2. the recipe as docs/batch.md writes it: `sbatch --array=1-3 scripts/slurm-batch.sh`
     (one CPU a task: two tasks at once on two cores) and the merge job with
     `--dependency=afterany` and `sbatch --wait`: the merge job exits 0 and ends
     COMPLETED although the batch has submissions that are not AC, and the merged
     folder equals the reference (timings aside, scripts/batch_compare.py); the wall
     time of the array and the merge against the reference's is printed;
  3. one shard run again as a single job (SHARD=3/3) and `scontrol requeue`d while it
     runs: it resumes from its journal (no unit twice), its log holds both attempts
     (appended, each with its header line, and Slurm's "DUE TO JOB REQUEUE" line),
     and merged with the array's other two shards it equals the reference;
  4. --mem bounds a test: a submission that allocates forever, judged in a job of
     --mem=150M (SHARD=1/1), is MLE by the job's limit ("the judge's own cgroup (150
     MiB), reached before the problem's 256 MiB"), not by the problem's 256 MiB;
  5. an array of one task (--array=2) without SHARD is refused (exit 2, FAILED), and a
     merge job missing a shard fails and names it.

Skipped (exit 77, "skipped") without root or without slurmctld (scripts/install-deps.sh
installs slurm-wlm and munge).
"""
import glob
import json
import os
import shutil
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import batch_compare  # noqa: E402
import scenario_steps  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RECIPE = os.path.join(ROOT, "scripts", "slurm-batch.sh")
TESTS = "01-sample,02-n2-sorted,03-n2-reversed,04-n3-fixed,06-n10-fixed"
SOLUTIONS = ["accepted/quicksort.cpp", "accepted/quicksort.py", "presentation_error/missing_space.cpp",
             "run_time_error/null_write.cpp", "time_limit_exceeded/busy_loop.cpp", "wrong_answer/swap_two.cpp"]
RANDOMNESS = ("random", "rand(", "time(", "clock", "chrono", "getpid", "now()")
ALLOC_FOREVER = r"""
#include <cstdlib>
#include <cstring>
int main() {
  for (;;) {
    char* block = static_cast<char*>(std::malloc(1 << 20));
    if (block == nullptr) return 3;
    std::memset(block, 1, 1 << 20);
  }
}
"""


def lay_out(folder, solutions):
    """One participant per solution, as scripts/batch-layout-solutions.sh names them;
    the randomized ones (compared on verdicts and scores only) returned."""
    loose = []
    for solution in solutions:
        verdict_folder, file = solution.split("/")
        participant = f"{verdict_folder}.{file}"
        os.makedirs(os.path.join(folder, participant))
        target = os.path.join(folder, participant, "nuts-bolts" + os.path.splitext(file)[1])
        shutil.copy(os.path.join(ROOT, "solutions", "nuts-bolts", solution), target)
        with open(target, errors="replace") as f:
            if any(word in f.read() for word in RANDOMNESS):
                loose.append(f"{participant}/nuts-bolts")
    return loose


def job_field(job, field, env):
    proc = subprocess.run(["scontrol", "show", "job", str(job)], capture_output=True, text=True, env=env)
    for word in proc.stdout.split():
        if word.startswith(field + "="):
            return word.split("=", 1)[1]
    return ""


def slurm_time(text):
    """scontrol's 2026-11-29T19:11:09 as seconds (local time, as Slurm prints it)."""
    try:
        return time.mktime(time.strptime(text, "%Y-%m-%dT%H:%M:%S"))
    except ValueError:
        return float("nan")


def journal_keys(folder):
    keys = []
    try:
        with open(os.path.join(folder, "journal.jsonl")) as f:
            for line in f:
                if line.strip():
                    record = json.loads(line)
                    keys.append(f"{record['participant']}/{record['problem']}/{record['test']}")
    except (OSError, ValueError, KeyError):
        pass
    return keys


def sbatch(args, env, *options):
    """sbatch with the recipe's environment; returns the CompletedProcess."""
    return scenario_steps.run(["sbatch", *options], env=env, timeout=600)


def recipe(args, checks, env, work, loose, local_s):
    """2: the array and the merge job as docs/batch.md writes them."""
    batch_options = ["--", "--problems", "nuts-bolts", "--tests", TESTS, "-q"]
    started = time.monotonic()
    array = sbatch(args, env, "--parsable", "--array=1-3", "--cpus-per-task=1", f"--chdir={work}",
                   "--output=logs/judge-batch-%A_%a.log", RECIPE, "out", "subs", *batch_options)
    array_id = array.stdout.strip().split(";")[0]
    merge = sbatch(args, env, "--parsable", "--wait", f"--dependency=afterany:{array_id}", "--cpus-per-task=1",
                   f"--chdir={work}", "--output=logs/merge-%j.log", RECIPE, "--merge", "out", "--", "-q")
    wall_s = time.monotonic() - started
    merge_id = merge.stdout.strip().split(";")[0]
    checks.expect(merge.returncode == 0, f"sbatch --wait of the merge job exits 0: {merge.returncode}")
    state = job_field(merge_id, "JobState", env)
    checks.expect(state == "COMPLETED", f"the merge job is COMPLETED with non-AC submissions in the batch: {state}")
    for task in (1, 2, 3):
        state = job_field(f"{array_id}_{task}", "JobState", env)
        checks.expect(state == "COMPLETED", f"array task {task} COMPLETED: {state}")
    problems = batch_compare.compare("ref", "out/merged", loose)
    for problem in problems[:10]:
        print("     " + problem)
    checks.expect(not problems, "3 array tasks + merge job: identical to the unsharded local batch (timings aside)")
    # By Slurm's own clock (sbatch --wait polls at growing intervals, so its return is late).
    times = {task: {field: slurm_time(job_field(f"{array_id}_{task}", field, env))
                    for field in ("SubmitTime", "StartTime", "EndTime")} for task in (1, 2, 3)}
    merge_end = slurm_time(job_field(merge_id, "EndTime", env))
    merge_start = slurm_time(job_field(merge_id, "StartTime", env))
    first_submit = min(t["SubmitTime"] for t in times.values())
    tasks = ", ".join(f"{task}: {t['EndTime'] - t['StartTime']:.0f} s" for task, t in times.items())
    print(f"FIGURES: unsharded local judge batch -j 2: {local_s:.1f} s; Slurm (by its clock, 1 s resolution): "
          f"array submitted to merge ended {merge_end - first_submit:.0f} s (tasks ran {tasks}; the merge started "
          f"{merge_start - max(t['EndTime'] for t in times.values()):.0f} s after the last task ended and ran "
          f"{merge_end - merge_start:.0f} s); sbatch of the array to sbatch --wait's return: {wall_s:.1f} s")
    return array_id


def requeue(args, checks, env, work, loose):
    """3: shard 3/3 again as a single job, requeued while it runs."""
    os.makedirs("again", exist_ok=True)
    job = sbatch(args, env, "--parsable", "--cpus-per-task=1", f"--chdir={work}", "--export=ALL,SHARD=3/3",
                 "--output=logs/again.log", RECIPE, "again", "subs", "--", "--problems", "nuts-bolts",
                 "--tests", TESTS, "-q").stdout.strip()
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline and not (job_field(job, "JobState", env) == "RUNNING"
                                               and journal_keys("again/shard-3")):
        time.sleep(0.1)
    done_before = len(journal_keys("again/shard-3"))
    scenario_steps.run(["scontrol", "requeue", job], env=env)
    checks.expect(done_before > 0, f"requeued while running, with {done_before} tests in its journal")
    while time.monotonic() < deadline + 120 and job_field(job, "JobState", env) not in ("COMPLETED", "FAILED"):
        time.sleep(0.5)
    checks.expect(job_field(job, "JobState", env) == "COMPLETED", "the requeued job COMPLETED")
    checks.expect(job_field(job, "Restarts", env) == "1", "it restarted once")
    keys = journal_keys("again/shard-3")
    checks.expect(len(keys) == len(set(keys)) == len(journal_keys("out/shard-3")),
                  f"its journal holds each of its {len(set(keys))} tests once ({len(keys)} lines)")
    with open("logs/again.log") as f:
        log = f.read()
    print("     the requeued job's log:\n" + "".join(f"     | {line}\n" for line in log.splitlines()[:12]))
    checks.expect("attempt 1 " in log and "attempt 2 " in log, "its log holds both attempts' header lines")
    checks.expect("DUE TO JOB REQUEUE" in log, "and Slurm's requeue line (appended, not overwritten)")
    merged = scenario_steps.run([args.judge, "merge", "out/shard-1", "out/shard-2", "again/shard-3", "--out",
                                 "again/merged", "-q"], env=env)
    checks.expect(merged.returncode == 1, f"judge merge with the requeued shard exits 1 (graded): {merged.returncode}")
    problems = batch_compare.compare("ref", "again/merged", loose)
    checks.expect(not problems, "the requeued shard merged with the other two: identical to the local batch")


def memory_bound(args, checks, env, work):
    """4: --mem=150M bounds a test."""
    scenario_steps.write(os.path.join(work, "subs-alloc", "grows", "nuts-bolts.cpp"), ALLOC_FOREVER)
    job = sbatch(args, env, "--wait", "--parsable", "--mem=150M", "--cpus-per-task=1", f"--chdir={work}",
                 "--export=ALL,SHARD=1/1", "--output=logs/mem.log", RECIPE, "mem", "subs-alloc", "--",
                 "--problems", "nuts-bolts", "--tests", "01-sample", "-q")
    checks.expect(job.returncode == 0, f"the --mem=150M job exits 0 (graded): {job.returncode}")
    subprocess.run([args.judge, "merge", "mem/shard-1", "--out", "mem/merged", "-q"], env=env)
    try:
        with open("mem/merged/results/grows/nuts-bolts.json") as f:
            test = json.load(f)["tests"][0]
    except (OSError, ValueError, KeyError, IndexError) as error:
        checks.expect(False, f"the --mem job's result is readable: {error}")
        return
    print(f"     --mem=150M: {test['verdict']} ({test['rule']}): {test['message']}")
    checks.expect(test["verdict"] == "MLE" and test["rule"] == "outer_memory_limit",
                  f"MLE by the job's memory limit: {test['verdict']} {test['rule']}")
    checks.expect("the judge's own cgroup (150 MiB), reached before the problem's 256 MiB" in test["message"],
                  "the message names the job's 150 MiB and the problem's 256 MiB")
    peak = (test.get("outer_memory_limit") or {}).get("group_peak_kib", -1)
    checks.expect(0 < peak <= 150 * 1024, f"the test's recorded peak {peak} KiB is within the job's 150 MiB")


def refusals(args, checks, env, work):
    """5: an array of one task without SHARD; a merge that misses a shard."""
    one = sbatch(args, env, "--wait", "--parsable", "--array=2", "--cpus-per-task=1", f"--chdir={work}",
                 "--output=logs/one-task.log", RECIPE, "out", "subs", "--", "--problems", "nuts-bolts", "-q")
    with open("logs/one-task.log") as f:
        log = f.read()
    checks.expect(one.returncode != 0 and "cannot tell which shard it is" in log,
                  f"--array=2 alone is refused ({one.returncode}): {log.strip()[-160:]}")
    os.makedirs("partial")
    for shard in ("shard-1", "shard-2"):
        shutil.copytree(os.path.join("out", shard), os.path.join("partial", shard))
    merge = sbatch(args, env, "--wait", "--parsable", "--cpus-per-task=1", f"--chdir={work}",
                   "--output=logs/partial-merge.log", RECIPE, "--merge", "partial")
    with open("logs/partial-merge.log") as f:
        log = f.read()
    checks.expect(merge.returncode != 0 and "3/3" in log,
                  f"a merge without shard 3/3 fails and names it ({merge.returncode}): {log.strip()[-200:]}")


def main():
    args, checks = scenario_steps.start()
    if os.geteuid() != 0 or not shutil.which("slurmctld"):
        print("skipped: " + ("needs root" if os.geteuid() != 0 else
                             "no slurmctld (scripts/install-deps.sh installs slurm-wlm and munge)"))
        return 77
    work = os.path.abspath(args.work)
    args.judge = os.path.abspath(args.judge)
    os.chdir(work)
    os.makedirs("logs")
    judge_dir = os.path.dirname(os.path.abspath(args.judge))
    env = dict(os.environ, JUDGE=os.path.abspath(args.judge), JUDGE_CACHE_DIR=os.path.join(work, "cache"),
               SLURM_CONF=os.path.join(work, "slurm", "slurm.conf"),
               PATH=judge_dir + os.pathsep + os.environ.get("PATH", ""))
    loose = lay_out("subs", SOLUTIONS)
    # Every submission compiled into the cache first (one test each): the timed runs
    # below, local and on Slurm, then judge and do not compile.
    scenario_steps.run([args.judge, "batch", "subs", "--problems", "nuts-bolts", "--tests", "01-sample",
                        "--out", "warm", "-j", "2", "-q"], env=env)
    started = time.monotonic()
    reference = scenario_steps.run([args.judge, "batch", "subs", "--problems", "nuts-bolts", "--tests", TESTS,
                                    "--out", "ref", "-j", "2", "-q"], env=env)
    local_s = time.monotonic() - started
    checks.expect(reference.returncode == 1, f"the local batch exits 1 (some submission not AC): {reference.returncode}")
    up = scenario_steps.run(["bash", os.path.join(ROOT, "scripts", "slurm-local.sh"), "start",
                             os.path.join(work, "slurm")], env=env, timeout=120)
    if up.returncode == 77:
        return 77
    try:
        checks.expect(up.returncode == 0, f"slurm-local.sh started Slurm: {up.returncode}")
        if up.returncode == 0:
            recipe(args, checks, env, work, loose, local_s)
            requeue(args, checks, env, work, loose)
            memory_bound(args, checks, env, work)
            refusals(args, checks, env, work)
    finally:
        scenario_steps.run(["bash", os.path.join(ROOT, "scripts", "slurm-local.sh"), "stop",
                            os.path.join(work, "slurm")], env=env, timeout=120)
    host = subprocess.run(["stat", "-fc", "%T", "/sys/fs/cgroup"], capture_output=True, text=True).stdout.strip()
    print(f"host: {os.cpu_count()} CPUs, {os.uname().release}, /sys/fs/cgroup is {host}")
    for log in sorted(glob.glob("slurm/*.log")):
        errors = [line for line in open(log, errors="replace") if "error" in line and "pmix" not in line.lower()]
        if errors:
            print(f"     {log}: {len(errors)} error lines, the last: {errors[-1].strip()}")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
