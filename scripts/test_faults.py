#!/usr/bin/env python3
"""Faults around the judge, not in the submission (a CTest: faults.judge_run).

Issue 7, "Bad input and hostile data": broken problem configurations, missing or
corrupt test files, an unwritable or full output directory, a SIGINT or SIGTERM
(or SIGKILL) to the judge mid-run. Each case is one function named after the
behaviour it pins. For each run of the judge it checks:

  - the exit status README.md documents (2 usage or configuration error, 3 judge
    error, 128 + N stopped by signal N);
  - a message on stderr that names the file, or says what happened and what to do;
  - the result file: absent, or the complete previous one, or a complete new one;
    never half a file, and no temporary of the atomic write left beside it;
  - the judge's temporary folders (TMPDIR is a fresh folder per run) are gone;
  - no process the judge started survives it: every run is marked with a unique
    JUDGE_RUN_ID in its environment, which the judge passes on to the
    interactor and the submission (and they to their children); after the judge
    has exited, /proc/*/environ must not hold that marker (as check_verdict.py).

The tmpfs cases mount tiny tmpfs file systems (`mount -t tmpfs -o size=64k`):
root only. Not root (or mount refused): those cases are skipped, the others run,
and the script exits 77 (CTest: skipped) if nothing failed.

Usage: test_faults.py --judge build/judge/judge --work DIR --repo . [--only NAME ...]
"""
import argparse
import json
import os
import random
import shutil
import signal
import stat
import subprocess
import sys
import threading
import tempfile
import time
import traceback
import uuid

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import process_marker  # noqa: E402
from process_marker import descendants, process_table  # noqa: E402

EXIT_OK = 0
EXIT_CONFIG = 2
EXIT_JUDGE_ERROR = 3
MARKER_KEY = "JUDGE_RUN_ID"
# After the judge has exited, how long a process it killed may take to vanish
# from /proc (a SIGKILLed process is gone within milliseconds; this is slack for
# a loaded CI machine, not for a process that was never killed).
SURVIVOR_GRACE_S = 1.0


class Failure(Exception):
    pass


class Skip(Exception):
    pass


def expect(condition, what):
    if not condition:
        raise Failure(what)


# ---------------------------------------------------------------- fixtures


class Context:
    def __init__(self, judge, work, repo):
        self.judge = os.path.abspath(judge)
        self.work = os.path.abspath(work)
        self.repo = os.path.abspath(repo)
        # The judge is build/judge/judge: the build tree is two levels up.
        self.build = os.path.dirname(os.path.dirname(self.judge))
        self.cache = os.path.join(self.work, "compile-cache")
        self.is_root = os.geteuid() == 0
        self.mounts = []

    def built(self, relative, target):
        path = os.path.join(self.build, relative)
        if not os.access(path, os.X_OK):
            raise Failure(f"{path} is missing: build the target {target} first")
        return path

    def echo_interactor(self):
        return self.built("judge/scenarios/_interactors/echo", "scenario_interactor_echo")

    def nuts_bolts_interactor(self):
        return self.built("interactors/nuts-bolts/interactor", "nuts-bolts-interactor")

    def mount_tmpfs(self, path, size="64k", read_only=False):
        if not self.is_root:
            raise Skip("needs root to mount a tmpfs (CI runs as root)")
        os.makedirs(path, exist_ok=True)
        options = f"size={size}" + (",ro" if read_only else "")
        run = subprocess.run(["mount", "-t", "tmpfs", "-o", options, "tmpfs", path],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        if run.returncode != 0:
            raise Skip(f"mount -t tmpfs refused: {run.stdout.strip()}")
        self.mounts.append(path)
        return path

    def remount_read_only(self, path):
        run = subprocess.run(["mount", "-o", "remount,ro", path],
                             stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        expect(run.returncode == 0, f"mount -o remount,ro {path}: {run.stdout.strip()}")

    def unmount_all(self):
        while self.mounts:
            subprocess.run(["umount", "-l", self.mounts.pop()], stderr=subprocess.DEVNULL)


def write(path, text, mode=None):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(text, bytes) else "w") as f:
        f.write(text)
    if mode is not None:
        os.chmod(path, mode)
    return path


def fill_up(directory):
    """Writes a filler file into `directory` until its file system is full."""
    fd = os.open(os.path.join(directory, "filler"), os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    try:
        # Pages first, then byte by byte, so not even a partial page is left.
        for chunk in (b"\0" * 4096, b"\0"):
            try:
                while os.write(fd, chunk) > 0:
                    pass
            except OSError:
                pass
    finally:
        os.close(fd)


def echo_problem(ctx, directory, tests=None, time_limit_ms=10000, wall_limit_ms=30000):
    """A problem with the scenario echo interactor: it sends x, expects x + 1."""
    os.makedirs(directory, exist_ok=True)
    os.symlink(ctx.echo_interactor(), os.path.join(directory, "echo"))
    write(os.path.join(directory, "problem.json"), json.dumps({
        "interactor": "echo", "testdata": "tests", "time_limit_ms": time_limit_ms,
        "wall_limit_ms": wall_limit_ms, "memory_mib": 256}))
    for name, content in (tests or {"01": "5 normal\n"}).items():
        write(os.path.join(directory, "tests", name + ".in"), content)
    return directory


def nuts_bolts_problem(ctx, directory, tests):
    """A copy of nuts-bolts (its built interactor) with the tests given."""
    os.makedirs(directory, exist_ok=True)
    os.symlink(ctx.nuts_bolts_interactor(), os.path.join(directory, "interactor"))
    write(os.path.join(directory, "problem.json"),
          json.dumps({"name": "nuts-bolts", "testdata": "tests", "time_limit_ms": 5000}))
    for name, content in tests.items():
        write(os.path.join(directory, "tests", name + ".in"), content)
    return directory


def sample_test(ctx):
    with open(os.path.join(ctx.repo, "testdata/nuts-bolts/01-sample.in")) as f:
        return f.read()


FAST_PY = "x = int(input().split()[0])\nprint(x + 1, flush=True)\n"
FAST_C = ('#include <stdio.h>\n'
          'int main(void) { long long x; if (scanf("%lld", &x) != 1) return 1;'
          ' printf("%lld\\n", x + 1); return 0; }\n')


def slow_submission(directory):
    """A submission that reads x and then sleeps, with a child in its process group
    and one that left it (setsid): the judge must kill all three."""
    return write(os.path.join(directory, "slow.py"), """\
import os, sys, time
if os.fork() == 0:              # stays in the submission's process group
    time.sleep(1000)
    os._exit(0)
if os.fork() == 0:              # escapes it
    os.setsid()
    time.sleep(1000)
    os._exit(0)
sys.stdin.readline()
time.sleep(1000)
""")


# ---------------------------------------------------------------- running the judge


def decode(data):
    return data.decode("utf-8", errors="replace") if isinstance(data, bytes) else data


def is_clean_text(data):
    """Valid UTF-8 without control characters but newline and tab: what a terminal
    shows as it is (a message must not carry raw bytes of a corrupt file)."""
    if not isinstance(data, bytes):
        return True
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False
    return all(c in "\n\t" or ord(c) >= 32 and ord(c) != 127 for c in text)


class Run:
    def __init__(self, returncode, stdout, stderr, marker, tmpdir, seconds):
        self.stderr_is_clean = is_clean_text(stderr)
        stdout, stderr = decode(stdout), decode(stderr)
        self.returncode, self.stdout, self.stderr = returncode, stdout, stderr
        self.marker, self.tmpdir, self.seconds = marker, tmpdir, seconds

    def show(self):
        return (f"exit {self.returncode} after {self.seconds:.2f} s\n"
                f"--- stdout\n{self.stdout[-3000:]}--- stderr\n{self.stderr[-3000:]}---")


def judge_env(ctx, case_dir, extra=None):
    marker = uuid.uuid4().hex
    tmpdir = tempfile.mkdtemp(prefix="tmp-", dir=case_dir)
    env = dict(os.environ, TMPDIR=tmpdir, JUDGE_CACHE_DIR=ctx.cache)
    env[MARKER_KEY] = marker
    env.update(extra or {})
    return env, marker, tmpdir


def run_judge(ctx, case_dir, args, extra_env=None, timeout=120):
    env, marker, tmpdir = judge_env(ctx, case_dir, extra_env)
    command = [ctx.judge] + args
    print("  $ " + " ".join(command), flush=True)
    start = time.monotonic()
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env,
                              timeout=timeout)
    except subprocess.TimeoutExpired as error:
        raise Failure(f"the judge did not finish within {timeout} s: {error}")
    run = Run(done.returncode, done.stdout, done.stderr, marker, tmpdir, time.monotonic() - start)
    show_stderr(run)
    return run


def show_stderr(run):
    """What the judge said, for the log: its exit status and stderr's first lines."""
    lines = run.stderr.splitlines()
    print(f"  -> exit {run.returncode}" + "".join(f"\n  | {line[:300]}" for line in lines[:6]) +
          (f"\n  | ... ({len(lines) - 6} more lines)" if len(lines) > 6 else ""), flush=True)


def start_judge(ctx, case_dir, args, extra_env=None):
    env, marker, tmpdir = judge_env(ctx, case_dir, extra_env)
    command = [ctx.judge] + args
    print("  $ " + " ".join(command) + " &", flush=True)
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    return process, marker, tmpdir


def finish_judge(process, marker, tmpdir, started, timeout=30):
    try:
        stdout, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        process.kill()
        stdout, stderr = process.communicate()
        raise Failure(f"the judge did not exit within {timeout} s of the signal\n{decode(stderr)}")
    run = Run(process.returncode, stdout, stderr, marker, tmpdir, time.monotonic() - started)
    show_stderr(run)
    return run


def processes_with_marker(marker):
    return process_marker.processes_with_marker(marker, MARKER_KEY)


def still_alive(snapshot):
    """The processes of a descendants() snapshot that still run (same pid, same
    start time, not a zombie)."""
    table = process_table()
    return [(pid, " ".join(argv)) for pid, (start, argv) in snapshot.items()
            if pid in table and table[pid][1] == start and table[pid][2] != "Z"]


def kill_marked(marker):
    for pid, _ in processes_with_marker(marker):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:
            pass


def check_no_survivors(run, snapshot=None):
    """No process with the run's marker, and none of `snapshot` (descendants of the
    judge seen while it ran: found even if a sandbox cleared their environment)."""
    deadline = time.monotonic() + SURVIVOR_GRACE_S
    while True:
        survivors = processes_with_marker(run.marker) + (still_alive(snapshot) if snapshot else [])
        if not survivors or time.monotonic() > deadline:
            break
        time.sleep(0.05)
    if survivors:
        kill_marked(run.marker)  # do not leave them to the next case
        for pid, _ in survivors:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        raise Failure("processes the judge started survived it: " +
                      "; ".join(f"{pid} {cmd}" for pid, cmd in survivors))


def check_no_judge_temporaries(run):
    left = sorted(os.listdir(run.tmpdir))
    expect(not left, f"the judge left temporary files in TMPDIR {run.tmpdir}: {left}")


def check_status(run, status):
    expect(run.returncode == status, f"exit status {run.returncode}, expected {status}\n{run.show()}")


def check_stderr(run, *fragments):
    expect(run.stderr_is_clean, f"stderr holds raw bytes (not clean UTF-8 text)\n{run.show()}")
    for fragment in fragments:
        expect(fragment in run.stderr,
               f"stderr does not say {fragment!r}\n{run.show()}")


def check_no_write_temporaries(path):
    directory, name = os.path.split(path)
    try:
        entries = os.listdir(directory)
    except OSError:
        return
    left = [e for e in entries if e.startswith("." + name + ".")]
    expect(not left, f"temporaries of the atomic write of {path} left: {left}")


def check_result_untouched(path, previous):
    """`path` holds `previous` (bytes) or, if previous is None, does not exist."""
    if previous is None:
        expect(not os.path.lexists(path), f"{path} was written although the run failed")
    else:
        with open(path, "rb") as f:
            expect(f.read() == previous, f"{path} changed although the run failed")
    check_no_write_temporaries(path)


def load_complete_result(path):
    with open(path) as f:
        text = f.read()
    try:
        result = json.loads(text)
    except ValueError as error:
        raise Failure(f"{path} is not complete JSON ({error}): {text[-200:]!r}")
    expect(isinstance(result, dict) and "verdict" in result and "tests" in result,
           f"{path} is not a verdict JSON: {text[:200]!r}")
    return result


def check_clean(run):
    check_no_survivors(run)
    check_no_judge_temporaries(run)


PREVIOUS = b'{"previous": "a complete result of an earlier run"}\n'


# ---------------------------------------------------------------- cases

CASES = []


def case(function):
    CASES.append(function)
    return function


def config_error_case(ctx, case_dir, problem, submission, fragments, extra_args=()):
    """Runs the judge on a broken setup: exit 2, stderr holds every fragment, the
    previous result file is untouched, nothing left."""
    result = write(os.path.join(case_dir, "out", "result.json"), PREVIOUS)
    run = run_judge(ctx, case_dir, ["run", problem, submission, "--json", result] + list(extra_args))
    check_status(run, EXIT_CONFIG)
    check_stderr(run, *fragments)
    check_result_untouched(result, PREVIOUS)
    check_clean(run)


@case
def judge_without_judge_box_refuses_to_contain(ctx, d):
    # Issue 17: a judge copied without judge-box used to grade uncontained and exit 0;
    # it refuses (exit 2, saying how to fix it) unless --sandbox none is asked for.
    problem = echo_problem(ctx, os.path.join(d, "p"), {"01": "5 normal\n"})
    submission = write(os.path.join(d, "fast.c"), FAST_C)
    lonely = os.path.join(d, "bin", "judge")
    os.makedirs(os.path.dirname(lonely))
    shutil.copy2(ctx.judge, lonely)
    env, _, _ = judge_env(ctx, d)
    refused = subprocess.run([lonely, "run", problem, submission], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    expect(refused.returncode == 2, f"exit {refused.returncode}, expected 2: {refused.stderr}")
    expect("judge-box is not beside the judge" in refused.stderr and "--sandbox none" in refused.stderr,
           f"stderr does not say how to fix it: {refused.stderr}")
    uncontained = subprocess.run([lonely, "run", problem, submission, "--sandbox", "none"],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, timeout=120)
    expect(uncontained.returncode == 0, f"--sandbox none: exit {uncontained.returncode}: {uncontained.stderr}")
    expect("not enforced" in uncontained.stdout + uncontained.stderr, "--sandbox none is not said loudly")


@case
def problem_json_is_not_json(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "problem.json"), '{"interactor": "echo", ')
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "problem.json"), "is not valid JSON"])


@case
def problem_json_is_binary_garbage(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "problem.json"), bytes(random.Random(7).randrange(256) for _ in range(512)))
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "problem.json"), "is not valid JSON"])


@case
def problem_json_missing(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    os.remove(os.path.join(problem, "problem.json"))
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [problem, "is no problem folder: it has none of problem.json"])


@case
def problem_json_misses_interactor(ctx, d):
    # No "interactor" key: the default name "interactor", which is not there.
    problem = os.path.join(d, "p")
    write(os.path.join(problem, "problem.json"), '{"testdata": "tests"}')
    write(os.path.join(problem, "tests", "01.in"), "5 normal\n")
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      ["the interactor 'interactor'", "not found", os.path.join(problem, "interactor"),
                       "problem.json"])


@case
def problem_json_has_a_wrong_type(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "problem.json"),
          '{"interactor": "echo", "testdata": "tests", "time_limit_ms": "fast"}')
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "problem.json"), '"time_limit_ms"', "whole number"])


@case
def problem_json_has_an_unknown_key(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "problem.json"),
          '{"interactor": "echo", "testdata": "tests", "time_limit": 1000}')
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "problem.json"), 'unknown key "time_limit"'])


@case
def problem_json_has_broken_scoring(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "problem.json"), json.dumps({
        "interactor": "echo", "testdata": "tests",
        "scoring": {"type": "subtasks", "max_score": 100,
                    "subtasks": [{"name": "1", "points": 30, "tests": ["*"]}]}}))
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "problem.json")])


@case
def testdata_folder_missing(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    shutil.rmtree(os.path.join(problem, "tests"))
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "tests"), "does not exist"])


@case
def problem_has_no_tests(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    os.remove(os.path.join(problem, "tests", "01.in"))
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      ["has no tests", os.path.join(problem, "tests")])


@case
def test_file_missing(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    missing = os.path.join(d, "nowhere", "02.in")
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [missing, "no such file"], ["--tests", missing])


@case
def test_file_is_a_dangling_symlink(ctx, d):
    # tests/02.in points nowhere (a test file deleted, a checkout gone wrong): it must
    # not be skipped in silence, with the run graded on the other tests.
    problem = echo_problem(ctx, os.path.join(d, "p"))
    os.symlink("gone.in", os.path.join(problem, "tests", "02.in"))
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "tests", "02.in")])


def broken_test_case(ctx, d, tests, broken, expected_verdicts):
    """The interactor cannot read test `broken`: JE (exit 3), never the contestant's
    fault; the result is written, complete, and stderr says which test is broken."""
    problem = nuts_bolts_problem(ctx, os.path.join(d, "p"), tests)
    result = os.path.join(d, "out", "result.json")
    os.makedirs(os.path.dirname(result))
    run = run_judge(ctx, d, ["run", problem, os.path.join(ctx.repo, "solutions/nuts-bolts/accepted/quicksort.py"),
                             "--json", result])
    check_status(run, EXIT_JUDGE_ERROR)
    check_stderr(run, f"judge error in test {broken}", f"{broken}.in")
    verdict = load_complete_result(result)
    expect(verdict["verdict"] == "JE", f"verdict {verdict['verdict']}, expected JE")
    expect([t["verdict"] for t in verdict["tests"]] == expected_verdicts,
           f"test verdicts {[t['verdict'] for t in verdict['tests']]}, expected {expected_verdicts}")
    check_no_write_temporaries(result)
    check_clean(run)


@case
def test_file_is_binary_garbage(ctx, d):
    garbage = bytes(random.Random(1).randrange(256) for _ in range(4096))
    broken_test_case(ctx, d, {"01-sample": sample_test(ctx), "02-garbage": garbage}, "02-garbage", ["AC", "JE"])


@case
def test_file_is_empty(ctx, d):
    broken_test_case(ctx, d, {"01-empty": ""}, "01-empty", ["JE"])


@case
def interactor_missing(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "problem.json"), '{"interactor": "no-such-interactor", "testdata": "tests"}')
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      ["no-such-interactor", "not found", 'fix "interactor" in problem.json'])


@case
def interactor_not_executable(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "checker"), "#!/bin/sh\nexit 42\n", mode=0o644)
    write(os.path.join(problem, "problem.json"), '{"interactor": "checker", "testdata": "tests"}')
    config_error_case(ctx, d, problem, write(os.path.join(d, "a.py"), FAST_PY),
                      [os.path.join(problem, "checker")])


@case
def interactor_is_not_a_program(ctx, d):
    # Executable bits, but garbage inside: exec fails (ENOEXEC). The judge cannot run
    # the test: it is JE with the reason naming the file, the run stops there and its
    # result is still written (a judge fault never loses the run); exit 3.
    problem = echo_problem(ctx, os.path.join(d, "p"))
    write(os.path.join(problem, "broken"), bytes(random.Random(3).randrange(1, 256) for _ in range(256)), mode=0o755)
    write(os.path.join(problem, "problem.json"), '{"interactor": "broken", "testdata": "tests"}')
    result = write(os.path.join(d, "out", "result.json"), PREVIOUS)
    run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY), "--json", result])
    check_status(run, EXIT_JUDGE_ERROR)
    check_stderr(run, os.path.join(problem, "broken"))
    written = load_complete_result(result)
    expect(written["verdict"] == "JE" and written["tests"][0]["verdict"] == "JE",
           f"the test the judge could not run is JE in the result\n{run.show()}")
    expect(os.path.join(problem, "broken") in written["tests"][0]["message"],
           f"the JE names the file\n{run.show()}")
    check_clean(run)


# A --json in a missing folder (exit 2, not made) and a --json that is a symbolic link
# (refused, its target untouched): test_hostile_host.py, json_into_a_missing_folder and
# json_through_a_planted_link_is_refused (issue 28).


@case
def json_path_is_a_directory(ctx, d):
    problem = echo_problem(ctx, os.path.join(d, "p"))
    result = os.path.join(d, "out")
    os.makedirs(result)
    run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY), "--json", result])
    check_status(run, EXIT_CONFIG)
    check_stderr(run, "--json", result, "directory")
    expect(os.listdir(result) == [], f"{result} was written into")
    check_clean(run)


# A /dev of its own (a tmpfs with fresh device nodes) in a private mount namespace:
# what the judge does to a device is seen there and never touches the host's /dev.
PRIVATE_DEV = (
    "mount -t tmpfs private-dev /dev || exit 97\n"
    "mknod -m 666 /dev/null c 1 3 && mknod -m 666 /dev/zero c 1 5 && mknod -m 666 /dev/full c 1 7 &&"
    " mknod -m 666 /dev/random c 1 8 && mknod -m 666 /dev/urandom c 1 9 || exit 97\n"
    "\"$@\"\n"
    "status=$?\n"
    "echo \"private-dev: null=$(stat -c %F /dev/null) full=$(stat -c %F /dev/full)\" >&2\n"
    "exit $status\n")


def run_judge_with_private_dev(ctx, case_dir, args):
    env, marker, tmpdir = judge_env(ctx, case_dir)
    command = ["unshare", "--mount", "--propagation", "private", "sh", "-c", PRIVATE_DEV, "sh",
               ctx.judge] + args
    print("  $ unshare --mount ... " + " ".join(command[8:]), flush=True)
    start = time.monotonic()
    done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=120)
    run = Run(done.returncode, done.stdout, done.stderr, marker, tmpdir, time.monotonic() - start)
    show_stderr(run)
    expect(run.returncode != 97, f"could not make a private /dev\n{run.show()}")
    return run


@case
def json_to_dev_null_leaves_the_device(ctx, d):
    # --json /dev/null: written in place, never replaced by a regular file.
    problem = echo_problem(ctx, os.path.join(d, "p"))
    run = run_judge_with_private_dev(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY),
                                              "--json", "/dev/null"])
    check_status(run, EXIT_OK)
    check_stderr(run, "null=character special file")
    check_clean(run)


@case
def json_to_dev_full_is_a_judge_error(ctx, d):
    # A result that cannot be written is exit 3 with the reason, not a silent 0.
    problem = echo_problem(ctx, os.path.join(d, "p"))
    run = run_judge_with_private_dev(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY),
                                              "--json", "/dev/full"])
    check_status(run, EXIT_JUDGE_ERROR)
    check_stderr(run, "cannot write /dev/full", "No space left", "full=character special file")
    check_clean(run)


@case
def json_to_standard_output(ctx, d):
    # --json -: the JSON on stdout, after the summary line (-q).
    problem = echo_problem(ctx, os.path.join(d, "p"))
    run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY), "--json", "-", "-q"])
    check_status(run, EXIT_OK)
    text = run.stdout[run.stdout.index("{"):]
    expect(json.loads(text)["verdict"] == "AC", f"stdout holds the verdict JSON\n{run.show()}")
    check_clean(run)


@case
def json_into_a_fifo(ctx, d):
    # A FIFO is written to (someone reads it), not replaced.
    problem = echo_problem(ctx, os.path.join(d, "p"))
    fifo = os.path.join(d, "result.fifo")
    os.mkfifo(fifo)
    received = []

    def read_fifo():
        with open(fifo) as f:
            received.append(f.read())

    reader = threading.Thread(target=read_fifo)
    reader.start()
    run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY), "--json", fifo])
    reader.join(timeout=30)
    check_status(run, EXIT_OK)
    expect(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO is still a FIFO")
    expect(received and json.loads(received[0])["verdict"] == "AC", f"the reader got the JSON\n{run.show()}")
    check_clean(run)


@case
def json_dir_unwritable(ctx, d):
    # As root, permissions do not stop a write: a read-only file system does.
    problem = echo_problem(ctx, os.path.join(d, "p"))
    out = os.path.join(d, "out")
    if ctx.is_root:
        ctx.mount_tmpfs(out, size="64k")
        result = write(os.path.join(out, "result.json"), PREVIOUS)
        ctx.remount_read_only(out)
    else:
        result = write(os.path.join(out, "result.json"), PREVIOUS)
        os.chmod(out, 0o555)
    try:
        run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY), "--json", result])
    finally:
        if not ctx.is_root:
            os.chmod(out, 0o755)
    check_status(run, EXIT_CONFIG)
    check_stderr(run, "--json", out, "Read-only file system" if ctx.is_root else "Permission denied")
    check_result_untouched(result, PREVIOUS)
    check_clean(run)


@case
def json_dir_full_tmpfs(ctx, d):
    # The disk fills up while the tests run: the result cannot be written. Exit 3,
    # stderr names the file and the reason, the previous result is intact, no
    # temporary is left.
    problem = echo_problem(ctx, os.path.join(d, "p"), {f"{i:02}": f"{i} normal\n" for i in range(1, 4)})
    out = ctx.mount_tmpfs(os.path.join(d, "out"))
    result = write(os.path.join(out, "result.json"), PREVIOUS)
    fill_up(out)
    run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY), "--json", result])
    check_status(run, EXIT_JUDGE_ERROR)
    check_stderr(run, result, "No space left on device")
    check_result_untouched(result, PREVIOUS)
    check_clean(run)


@case
def transcripts_dir_unwritable(ctx, d):
    problem = nuts_bolts_problem(ctx, os.path.join(d, "p"), {"01-sample": sample_test(ctx)})
    if ctx.is_root:
        transcripts = ctx.mount_tmpfs(os.path.join(d, "transcripts"), read_only=True)
    else:
        transcripts = os.path.join(d, "transcripts")
        os.makedirs(transcripts, mode=0o555)
    result = os.path.join(d, "result.json")
    run = run_judge(ctx, d, ["run", problem, os.path.join(ctx.repo, "solutions/nuts-bolts/accepted/quicksort.py"),
                             "--json", result, "--transcripts", transcripts])
    check_status(run, EXIT_CONFIG)
    check_stderr(run, "--transcripts", transcripts)
    check_result_untouched(result, None)
    check_clean(run)


@case
def transcripts_dir_full_tmpfs(ctx, d):
    # The interactor cannot write its transcript: JE (exit 3) naming the file, the
    # result written complete elsewhere, and no half-written transcript left.
    problem = nuts_bolts_problem(ctx, os.path.join(d, "p"), {"01-sample": sample_test(ctx)})
    transcripts = ctx.mount_tmpfs(os.path.join(d, "transcripts"))
    fill_up(transcripts)
    result = os.path.join(d, "result.json")
    run = run_judge(ctx, d, ["run", problem, os.path.join(ctx.repo, "solutions/nuts-bolts/accepted/quicksort.py"),
                             "--json", result, "--transcripts", transcripts])
    check_status(run, EXIT_JUDGE_ERROR)
    transcript = os.path.join(transcripts, "01-sample.interaction")
    check_stderr(run, transcript, "No space left on device")
    verdict = load_complete_result(result)
    expect(verdict["verdict"] == "JE", f"verdict {verdict['verdict']}, expected JE")
    if os.path.exists(transcript):
        with open(transcript, "rb") as f:
            text = f.read()
        expect(text.endswith(b"\n") and text.startswith(b"<"),
               f"a half-written transcript was left: {text[:100]!r} ({len(text)} bytes)")
    check_clean(run)


def wait_for_slow_submission(process, marker):
    """Waits until the slow submission and its two children run (their argv is
    python3 .../slow.py, wherever a sandbox put the file); returns a snapshot of
    the judge's descendants then."""
    deadline = time.monotonic() + 30
    while True:
        if process.poll() is not None:
            raise Failure(f"the judge exited early: {process.communicate()}")
        below = descendants(process.pid)
        pythons = [argv for _, argv in below.values()
                   if len(argv) >= 2 and argv[0].endswith("python3") and argv[1].endswith("slow.py")]
        if len(pythons) >= 3:
            return below
        expect(time.monotonic() < deadline, f"the submission never started: {below}")
        time.sleep(0.02)


def signal_mid_run(ctx, d, signum, with_transcripts=False):
    """Sends `signum` to `judge run` while the interactor and a submission (with a
    child in its group and one that escaped with setsid) are running: exit 128 +
    signum, a message naming the signal and the test, no result, nothing left."""
    problem = echo_problem(ctx, os.path.join(d, "p"), {"01": "5 normal\n", "02": "6 normal\n"})
    submission = slow_submission(d)
    out = os.path.join(d, "out")
    result = write(os.path.join(out, "result.json"), PREVIOUS)
    args = ["run", problem, submission, "--json", result]
    if with_transcripts:
        args += ["--transcripts", os.path.join(out, "transcripts")]
    process, marker, tmpdir = start_judge(ctx, d, args)
    try:
        wait_for_slow_submission(process, marker)
        time.sleep(0.5)
        snapshot = descendants(process.pid)
        started = time.monotonic()
        process.send_signal(signum)
        run = finish_judge(process, marker, tmpdir, started)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    name = signal.Signals(signum).name
    print(f"  the judge exited {run.seconds:.2f} s after {name}; it had {len(snapshot)} descendants")
    check_status(run, 128 + signum)
    check_stderr(run, f"interrupted by {name}", "test 01")
    expect(run.seconds < 5, f"the judge took {run.seconds:.2f} s to stop")
    check_result_untouched(result, PREVIOUS)
    check_no_survivors(run, snapshot)
    check_no_judge_temporaries(run)
    return run


@case
def sigint_mid_run(ctx, d):
    signal_mid_run(ctx, d, signal.SIGINT)


@case
def sigterm_mid_run(ctx, d):
    signal_mid_run(ctx, d, signal.SIGTERM)


@case
def sighup_mid_run(ctx, d):
    # The terminal (or the ssh session) went away.
    signal_mid_run(ctx, d, signal.SIGHUP)


@case
def sigint_during_compile(ctx, d):
    # The compiler is a process the judge started too: killed, and nothing of the
    # compile left in the cache (no binary, no temporary, no log).
    cache = os.path.join(d, "cache")
    lines = ["#include <algorithm>", "#include <vector>", "int main() {", "  std::vector<int> v{3, 1, 2};"]
    lines += [f"  std::sort(v.begin(), v.end(), [](int a, int b) {{ return a * {i} < b * {i}; }});"
              for i in range(1, 400)]
    lines += ["  return v[0] == 99;", "}"]
    source = write(os.path.join(d, "heavy.cpp"), "\n".join(lines) + "\n")
    problem = echo_problem(ctx, os.path.join(d, "p"))
    result = os.path.join(d, "result.json")
    process, marker, tmpdir = start_judge(ctx, d, ["run", problem, source, "--json", result],
                                          {"JUDGE_CACHE_DIR": cache})
    try:
        deadline = time.monotonic() + 30
        while not any("cc1plus" in cmd for _, cmd in processes_with_marker(marker)):
            if process.poll() is not None:
                raise Skip(f"the compile ended before it could be interrupted: {process.communicate()}")
            expect(time.monotonic() < deadline, "the compiler never started")
            time.sleep(0.01)
        time.sleep(0.3)
        started = time.monotonic()
        process.send_signal(signal.SIGINT)
        run = finish_judge(process, marker, tmpdir, started)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    check_status(run, 128 + signal.SIGINT)
    check_stderr(run, "interrupted by SIGINT")
    check_result_untouched(result, None)
    # The cache's own folders may stay, and the submission's files as the judge took
    # them in before compiling (sources/<key>/, whole: docs/sandbox.md); no build, no
    # temporary of one, no log.
    left = [os.path.relpath(os.path.join(root, name), cache)
            for root, dirs, files in os.walk(cache) for name in dirs + files
            if not (root == cache and name in ("builds", "sources"))
            and not os.path.relpath(os.path.join(root, name), cache).startswith("sources" + os.sep)]
    expect(not left, f"the interrupted compile left files in the cache: {left}")
    taken_in = [name for name in os.listdir(os.path.join(cache, "sources"))] if os.path.isdir(
        os.path.join(cache, "sources")) else []
    expect(all(not name.startswith(".") for name in taken_in), f"a half-taken-in copy is left: {taken_in}")
    check_clean(run)


@case
def sigkill_mid_run_leaves_no_partial_json(ctx, d):
    # SIGKILL cannot be handled: the promise is only that the result file is never
    # half written (the old one or the whole new one, whenever the kill lands, also
    # while the judge writes it), and that the interactor and the submission die
    # with the judge (PR_SET_PDEATHSIG). 100 tests make a ~170 KB result.
    problem = echo_problem(ctx, os.path.join(d, "p"), {"01": "5 normal\n"})
    submission = write(os.path.join(d, "fast.c"), FAST_C)
    result = os.path.join(d, "result.json")
    args = ["run", problem, submission, "-q", "--json", result, "--tests"] + ["01"] * 100
    first = run_judge(ctx, d, args)  # compiles into the cache, and times a whole run
    check_status(first, 0)
    expect(len(load_complete_result(result)["tests"]) == 100, "the first run's result is incomplete")
    with open(result, "rb") as f:
        previous = f.read()
    rng = random.Random(11)
    outcomes = {"old": 0, "new": 0}
    for attempt in range(10):
        # Kill points spread over the second half of the run, the write included.
        delay = first.seconds * rng.uniform(0.5, 1.05)
        process, marker, tmpdir = start_judge(ctx, d, args)
        time.sleep(delay)
        process.kill()
        process.communicate()
        with open(result, "rb") as f:
            now = f.read()
        if now == previous:
            outcomes["old"] += 1
        else:
            load_complete_result(result)
            outcomes["new"] += 1
            previous = now
        # The test's two processes die with the judge; give the kernel a moment.
        check_no_survivors(Run(None, "", "", marker, tmpdir, 0))
        shutil.rmtree(tmpdir)  # what a SIGKILLed judge cannot remove (see README)
    print(f"  after SIGKILL: {outcomes['old']} times the old result, {outcomes['new']} times a complete new one")
    check_no_write_temporaries(result)


@case
def sigkill_mid_run_kills_the_test(ctx, d):
    # The interactor and the submission (and a sandbox between the judge and the
    # submission) ask for SIGKILL when the judge dies (PR_SET_PDEATHSIG): a SIGKILLed
    # judge leaves neither running. (What the submission itself started may outlive
    # a SIGKILLed judge unless a pid namespace holds it: README.md.)
    problem = echo_problem(ctx, os.path.join(d, "p"))
    submission = write(os.path.join(d, "sleeper.py"), "import sys, time\nsys.stdin.readline()\ntime.sleep(1000)\n")
    process, marker, tmpdir = start_judge(ctx, d, ["run", problem, submission])
    try:
        deadline = time.monotonic() + 30
        while True:
            if process.poll() is not None:
                raise Failure(f"the judge exited early: {process.communicate()}")
            snapshot = descendants(process.pid)
            if any(len(argv) >= 2 and argv[1].endswith("sleeper.py") for _, argv in snapshot.values()):
                break
            expect(time.monotonic() < deadline, f"the submission never started: {snapshot}")
            time.sleep(0.02)
        time.sleep(0.3)
        snapshot = descendants(process.pid)
        process.kill()
        process.communicate()
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    print(f"  SIGKILLed the judge with {len(snapshot)} descendants: "
          + "; ".join(" ".join(argv[:2]) for _, argv in snapshot.values()))
    check_no_survivors(Run(None, "", "", marker, tmpdir, 0), snapshot)
    shutil.rmtree(tmpdir)  # what a SIGKILLed judge cannot remove (README.md)


def check_batch_folder_whole(out):
    """After a batch stopped by a full disk: no temporary left in OUT, and every JSON
    file in it complete (the filler that took the space is not the batch's)."""
    for root, _, files in os.walk(out):
        for name in files:
            path = os.path.join(root, name)
            if name == "filler":
                continue
            expect(not name.startswith("."), f"a temporary was left: {path}")
            if name.endswith(".json"):
                with open(path) as f:
                    try:
                        json.load(f)
                    except ValueError:
                        raise Failure(f"half-written {path}")


@case
def batch_out_on_full_tmpfs(ctx, d):
    # judge batch with its --out folder on a full file system: a clear error, no
    # half-written file in it, nothing left running.
    subs = os.path.join(d, "subs", "alice")
    os.makedirs(subs)
    shutil.copy(os.path.join(ctx.repo, "solutions/nuts-bolts/accepted/quicksort.py"),
                os.path.join(subs, "nuts-bolts.py"))
    out = ctx.mount_tmpfs(os.path.join(d, "out"))
    fill_up(out)
    run = run_judge(ctx, d, ["batch", os.path.join(d, "subs"), "--out", out, "--problems", "nuts-bolts",
                             "--tests", "01-sample", "-j", "1", "-q"])
    expect(run.returncode in (EXIT_CONFIG, EXIT_JUDGE_ERROR),
           f"exit status {run.returncode}, expected {EXIT_CONFIG} or {EXIT_JUDGE_ERROR}\n{run.show()}")
    check_stderr(run, out, "No space left on device")
    check_batch_folder_whole(out)
    check_clean(run)


@case
def batch_out_fills_up_mid_run(ctx, d):
    # Room for the plan, not for everything after it.
    subs = os.path.join(d, "subs")
    for who in ("alice", "bob", "carol"):
        os.makedirs(os.path.join(subs, who))
        shutil.copy(os.path.join(ctx.repo, "solutions/nuts-bolts/accepted/quicksort.py"),
                    os.path.join(subs, who, "nuts-bolts.py"))
    out = ctx.mount_tmpfs(os.path.join(d, "out"), size="16k")
    run = run_judge(ctx, d, ["batch", subs, "--out", out, "--problems", "nuts-bolts",
                             "--tests", "01-sample,02-n2-sorted,03-n2-reversed", "-j", "1", "-q"])
    if run.returncode == 0:
        raise Skip("16 KiB were enough for this batch: the case tests nothing")
    expect(run.returncode in (EXIT_CONFIG, EXIT_JUDGE_ERROR),
           f"exit status {run.returncode}, expected {EXIT_CONFIG} or {EXIT_JUDGE_ERROR}\n{run.show()}")
    check_stderr(run, "No space left on device")
    check_batch_folder_whole(out)
    check_clean(run)


# ---------------------------------------------------------------- main


def unmount_leftovers(work):
    with open("/proc/mounts") as f:
        points = [line.split()[1] for line in f]
    for point in sorted(points, reverse=True):
        if point.startswith(work.rstrip("/") + "/"):
            subprocess.run(["umount", "-l", point], stderr=subprocess.DEVNULL)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--only", nargs="*", help="run only these cases")
    args = parser.parse_args()

    ctx = Context(args.judge, args.work, args.repo)
    if os.path.isdir(ctx.work):
        unmount_leftovers(ctx.work)  # of an earlier run that was killed
        shutil.rmtree(ctx.work, ignore_errors=True)
    os.makedirs(ctx.work)
    if not ctx.is_root:
        print("note: not root: the tmpfs cases are skipped (they mount tiny tmpfs file systems)")

    return run_cases(ctx, CASES, args.only)


def run_cases(ctx, cases, only=None):
    """Runs each case (a function of ctx and its own folder under ctx.work; only those
    named in `only`, if given), prints a summary, and returns the exit status: 1 if
    one failed, 77 (CTest: skipped) if one was skipped and none failed, else 0.
    test_hostile_host.py runs its cases with it too."""
    results = {}
    for function in cases:
        name = function.__name__
        if only and name not in only:
            continue
        case_dir = os.path.join(ctx.work, name)
        os.makedirs(case_dir)
        print(f"== {name}", flush=True)
        try:
            function(ctx, case_dir)
            results[name] = "PASS"
        except Skip as why:
            results[name] = f"SKIP ({why})"
        except Failure as why:
            results[name] = "FAIL"
            print(f"  FAIL: {why}", flush=True)
        except Exception:  # a broken case is a failure too, and the others still run
            results[name] = "FAIL"
            traceback.print_exc()
        finally:
            ctx.unmount_all()
        print(f"  {results[name]}", flush=True)
    if only and not results:
        print(f"no case named {only}")
        return 1

    print("\nsummary:")
    for name, outcome in results.items():
        print(f"  {outcome.split(' ')[0]:4} {name}{outcome[4:]}")
    if any(outcome == "FAIL" for outcome in results.values()):
        return 1
    if any(outcome.startswith("SKIP") for outcome in results.values()):
        return 77
    return 0


if __name__ == "__main__":
    sys.exit(main())
