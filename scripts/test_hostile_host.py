#!/usr/bin/env python3
"""Hostile input around the judge on a shared host (CTest label `hostile`, one test
per case: hostile.<case>).

Issue 28: what a contestant or another user of the machine can make the judge do
with names, bytes and files it does not make itself. Each case reproduces one
finding of the red team's report against the judge and checks what it must do now:

  - names and bytes that are not UTF-8 (a participant folder, a submission's file
    name, an interactor's message) never crash the judge, and every JSON it writes
    is valid UTF-8 (item 5);
  - a submission's stderr cannot take disk beyond its limits when the run folder is
    on disk (fallocate with FALLOC_FL_KEEP_SIZE, item 7);
  - nothing planted in /tmp steers a root judge: its CPU locks (item 8);
  - --json is not written through a link, never waits on a FIFO nobody reads, and a
    missing folder is exit 2 (item 9);
  - names and messages reach the terminal with their control characters escaped,
    and standings.csv neutralises cells a spreadsheet would take as formulas (item 10);
  - run folders of judges killed by SIGKILL are swept by the next judge (item 11);
  - transcripts work for test names with folders (secret/01, from issue 29), in
    judge run and judge batch;
  - judge doctor names the host settings and places that matter here;
  - (issue 32) a submission reads no key of the judge's session keyring, nor a key an
    earlier test of the same run left.

Every case fails on the judge before the fix (commit cc6fd41) and passes after it.
It reuses scripts/test_faults.py's fixtures and checks (exit status, stderr, no
survivors, no temporaries).

Usage: test_hostile_host.py --judge build/judge/judge --work DIR --repo . [--only NAME ...]
       test_hostile_host.py --list
"""
import argparse
import copy
import csv
import json
import os
import shutil
import stat
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from test_faults import (  # noqa: E402
    EXIT_CONFIG, EXIT_OK, Context, Failure, Skip, check_clean, check_no_survivors, check_status, check_stderr,
    decode, echo_problem, expect, is_clean_text, load_complete_result, run_cases, run_judge, start_judge,
    wait_for_slow_submission, slow_submission, write, FAST_PY)

CASES = []


def case(function):
    CASES.append(function)
    return function


# Bytes a terminal acts on: ESC (CSI, OSC), BEL ending an OSC title, and the
# one-character C1 CSI (U+009B) some terminals honour in UTF-8.
TERMINAL_CONTROLS = (b"\x1b", b"\x07", b"\xc2\x9b")
CLEAR_AND_TITLE = "\x1b[2J\x1b]0;owned\x07"


def check_no_terminal_controls(run, raw_stdout, raw_stderr):
    for name, data in (("stdout", raw_stdout), ("stderr", raw_stderr)):
        for control in TERMINAL_CONTROLS:
            expect(control not in data, f"{name} carries {control!r} to the terminal\n{show(run)}")


def run_raw(ctx, case_dir, args, extra_env=None, timeout=120):
    """run_judge, keeping the raw bytes of stdout and stderr as well."""
    env = dict(os.environ, TMPDIR=os.path.join(case_dir, "tmp"), JUDGE_CACHE_DIR=ctx.cache)
    os.makedirs(env["TMPDIR"], exist_ok=True)
    env.update(extra_env or {})
    command = [os.fsencode(ctx.judge)] + [a if isinstance(a, bytes) else os.fsencode(a) for a in args]
    print("  $ " + " ".join(decode(a) for a in command), flush=True)
    started = time.monotonic()
    try:
        done = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, timeout=timeout)
    except subprocess.TimeoutExpired as error:
        raise Failure(f"the judge did not finish within {timeout} s: {error}")
    seconds = time.monotonic() - started
    print(f"  -> exit {done.returncode} after {seconds:.2f} s", flush=True)
    for line in decode(done.stderr).splitlines()[:6]:
        print(f"  | {line[:300]!r}", flush=True)
    return done


def show(done):
    return (f"exit {done.returncode}\n--- stdout\n{decode(done.stdout)[-3000:]}--- stderr\n"
            f"{decode(done.stderr)[-3000:]}---")


def load_utf8_json(path):
    """The file must be valid UTF-8 JSON (Python's decoder refuses other bytes)."""
    with open(path, "rb") as f:
        data = f.read()
    try:
        return json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        raise Failure(f"{path} is not valid UTF-8 JSON ({error}): {data[:200]!r}")


def nuts_bolts_batch(ctx, d, participants, extra=()):
    """DIR/<participant>/nuts-bolts.py (an accepted solution) for each name (bytes)."""
    subs = os.path.join(os.fsencode(d), b"subs")
    for name in participants:
        os.makedirs(os.path.join(subs, name))
        shutil.copy(os.path.join(ctx.repo, "solutions/nuts-bolts/accepted/quicksort.py"),
                    os.path.join(subs, name, b"nuts-bolts.py"))
    out = os.path.join(d, "out")
    args = [subs, "--out", out, "--problems", "nuts-bolts", "--tests", "01-sample", "-j", "1"] + list(extra)
    return out, ["batch"] + args


# ---------------------------------------------------------------- item 5: not UTF-8


@case
def batch_participant_folder_not_utf8(ctx, d):
    # It aborted the batch before anything was graded (type_error 316, exit 3).
    out, args = nuts_bolts_batch(ctx, d, [b"bad\xff\xfe", b"alice"])
    done = run_raw(ctx, d, args)
    expect(done.returncode == EXIT_OK, f"expected exit 0\n{show(done)}")
    standings = load_utf8_json(os.path.join(out, "standings.json"))
    names = sorted(row["participant"] for row in standings["rows"])
    expect(names == ["alice", "bad\ufffd\ufffd"], f"participants {names}")
    result = load_utf8_json(os.path.join(out, "results", "bad\ufffd\ufffd", "nuts-bolts.json"))
    expect(result["verdict"] == "AC", f"verdict {result['verdict']}")
    with open(os.path.join(out, "journal.jsonl"), "rb") as f:
        for line in f:
            expect(is_clean_text(line), f"the journal holds bytes that are not UTF-8: {line[:200]!r}")
    expect(is_clean_text(done.stdout) and is_clean_text(done.stderr), f"raw bytes on the terminal\n{show(done)}")
    # Resumed, the journal's names still match the folders: nothing runs again.
    again = run_raw(ctx, d, args + ["--resume"])
    expect(again.returncode == EXIT_OK, f"--resume: expected exit 0\n{show(again)}")
    expect(b", 0 run now in " in again.stdout, f"--resume ran tests again\n{show(again)}")


@case
def run_submission_name_not_utf8(ctx, d):
    # It graded AC, then crashed writing the JSON (exit 3, no result).
    problem = echo_problem(ctx, os.path.join(d, "p"))
    submission = os.path.join(os.fsencode(d), b"x\xff.py")
    with open(submission, "w") as f:
        f.write(FAST_PY)
    result = os.path.join(d, "result.json")
    done = run_raw(ctx, d, ["run", problem, submission, "--json", result])
    expect(done.returncode == EXIT_OK, f"expected exit 0\n{show(done)}")
    written = load_utf8_json(result)
    expect(written["verdict"] == "AC" and written["submission"].endswith("x\ufffd.py"),
           f"result: {written['verdict']} {written['submission']!r}")
    expect(is_clean_text(done.stdout) and is_clean_text(done.stderr), f"raw bytes on the terminal\n{show(done)}")


ECHOING_INTERACTOR = r"""#!/usr/bin/env python3
# Sends a number, reads the contestant's line as bytes and quotes it, raw, in
# judgemessage.txt (as a careless validator does), then rejects.
import sys
feedback = sys.argv[3]
sys.stdout.write("5\n")
sys.stdout.flush()
line = sys.stdin.buffer.readline()
with open(feedback + "/judgemessage.txt", "wb") as f:
    f.write(b"expected 6, got " + line.rstrip(b"\n"))
sys.exit(43)
"""


@case
def interactor_message_not_utf8(ctx, d):
    # The contestant's bytes, echoed by the interactor: it crashed `judge run` (exit 3),
    # and its escape sequences reached the terminal.
    problem = os.path.join(d, "p")
    write(os.path.join(problem, "echoing.py"), ECHOING_INTERACTOR, mode=0o755)
    write(os.path.join(problem, "problem.json"), json.dumps({
        "interactor": "echoing.py", "testdata": "tests", "time_limit_ms": 10000, "wall_limit_ms": 30000}))
    write(os.path.join(problem, "tests", "01.in"), "5\n")
    submission = write(os.path.join(d, "hostile.py"),
                       "import sys\ninput()\nsys.stdout.buffer.write(b'\\xff\\xfe" +
                       "".join(f"\\x{b:02x}" for b in CLEAR_AND_TITLE.encode()) + "\\n')\nsys.stdout.flush()\n")
    result = os.path.join(d, "result.json")
    done = run_raw(ctx, d, ["run", problem, submission, "--json", result])
    expect(done.returncode == 1, f"expected exit 1 (WA)\n{show(done)}")
    written = load_utf8_json(result)
    test = written["tests"][0]
    expect(test["verdict"] == "WA", f"verdict {test['verdict']}")
    expect(test["message"].startswith("expected 6, got \ufffd\ufffd"), f"message {test['message']!r}")
    check_no_terminal_controls(done, done.stdout, done.stderr)


# ---------------------------------------------------------------- item 7: stderr


FALLOCATE_STDERR_C = r"""#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
/* Reserves 512 MiB beyond the end of its stderr (FALLOC_FL_KEEP_SIZE: the file's
   size stays 0, which is all RLIMIT_FSIZE looks at on a disk file system), then
   answers correctly: AC unless the reservation was stopped. */
int main(void) {
  fallocate(2, FALLOC_FL_KEEP_SIZE, 0, 512LL << 20);
  long long x;
  if (scanf("%lld", &x) != 1) return 1;
  printf("%lld\n", x + 1);
  return 0;
}
"""


def file_system_type(path):
    done = subprocess.run(["stat", "-f", "-c", "%T", path], stdout=subprocess.PIPE, text=True)
    return done.stdout.strip()


@case
def stderr_fallocate_with_the_run_folder_on_disk(ctx, d):
    # With TMPDIR on a disk file system the submission reserved 512 MiB of disk
    # through its stderr and was AC; its output limit is 8 MiB.
    tmp = os.path.join(d, "disk-tmp")
    os.makedirs(tmp)
    if file_system_type(tmp) in ("tmpfs", "ramfs"):
        raise Skip(f"{tmp} is not on disk: the case needs a disk file system")
    problem = echo_problem(ctx, os.path.join(d, "p"))
    submission = write(os.path.join(d, "reserve.c"), FALLOCATE_STDERR_C)
    result = os.path.join(d, "result.json")
    run = run_judge(ctx, d, ["run", problem, submission, "--json", result], {"TMPDIR": tmp})
    written = load_complete_result(result)
    verdict = written["tests"][0]["verdict"]
    expect(verdict == "OLE", f"verdict {verdict}: the reservation beyond the output limit was not stopped\n"
           f"{run.show()}")
    check_clean(run)


# ---------------------------------------------------------------- item 8: /tmp


# The judge runs in a mount namespace of its own with a fresh /tmp, where the planted
# link is: other judges of this host (and other engineers') never see it. What the case
# needs from the host's /tmp (a build or work folder there, as in a clone under /tmp) is
# bound back into the fresh one from a copy of the old /tmp kept on /mnt, itself a private
# tmpfs of the namespace.
PRIVATE_TMP = (
    "if [ -n \"$KEEP_TMP\" ]; then\n"
    "  mount -t tmpfs keep /mnt && mkdir /mnt/old && mount --rbind /tmp /mnt/old || exit 97\n"
    "fi\n"
    "mount -t tmpfs private-tmp /tmp || exit 97\n"
    "for top in $KEEP_TMP; do\n"
    "  mkdir \"/tmp/$top\" && mount --rbind \"/mnt/old/$top\" \"/tmp/$top\" || exit 97\n"
    "done\n"
    "mkdir -m 0700 /tmp/victim && ln -s /tmp/victim /tmp/judge-cpu-locks || exit 97\n"
    "\"$@\"\n"
    "status=$?\n"
    "echo \"victim: $(stat -c %a /tmp/victim) $(ls -A /tmp/victim | wc -l)\" >&2\n"
    "exit $status\n")


def tops_under_tmp(*paths):
    """The names of /tmp's entries that hold `paths` (the judge, its work folder)."""
    tops = set()
    for path in paths:
        parts = os.path.realpath(path).split(os.sep)
        if len(parts) > 2 and parts[1] == "tmp":
            tops.add(parts[2])
    return sorted(tops)


@case
def cpu_locks_through_a_planted_link(ctx, d):
    # /tmp/judge-cpu-locks -> a 0700 folder: one root `judge run` made it drwxrwxrwt and
    # created a root-owned file in it.
    if not ctx.is_root:
        raise Skip("needs root (a private mount namespace, and the root judge is the one at risk)")
    problem = echo_problem(ctx, os.path.join(d, "p"))
    submission = write(os.path.join(d, "a.py"), FAST_PY)
    tmpdir = os.path.join(d, "tmp")
    os.makedirs(tmpdir)
    keep = tops_under_tmp(ctx.judge, ctx.echo_interactor(), d, ctx.cache)
    if any(top in ("victim", "judge-cpu-locks") or not top.isprintable() or " " in top for top in keep):
        raise Skip(f"/tmp entries {keep} cannot be kept visible beside the planted link")
    if keep and not os.path.isdir("/mnt"):
        raise Skip("the judge is under /tmp and there is no /mnt to keep the old /tmp on")
    env = dict(os.environ, TMPDIR=tmpdir, JUDGE_CACHE_DIR=ctx.cache, KEEP_TMP=" ".join(keep))
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c", PRIVATE_TMP, "sh",
                           ctx.judge, "run", problem, submission], stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, env=env, timeout=120)
    expect(done.returncode != 97, f"could not plant the link in a private /tmp\n{show(done)}")
    expect(done.returncode == EXIT_OK, f"expected exit 0\n{show(done)}")
    expect(b"victim: 700 0" in done.stderr, f"the folder behind the link was changed\n{show(done)}")


# ---------------------------------------------------------------- item 9: --json


def json_refused(ctx, d, target, *fragments, timeout=120):
    """judge run ... --json TARGET is exit 2, stderr names TARGET and says why, nothing left."""
    problem = echo_problem(ctx, os.path.join(d, "p"))
    run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY), "--json", target],
                    timeout=timeout)
    check_status(run, EXIT_CONFIG)
    check_stderr(run, "--json", target, *fragments)
    check_clean(run)


@case
def json_through_a_planted_link_is_refused(ctx, d):
    # --json followed the link and replaced its target.
    victim = write(os.path.join(d, "victim.txt"), "precious\n")
    link = os.path.join(d, "result.json")
    os.symlink(victim, link)
    json_refused(ctx, d, link, "symbolic link")
    with open(victim) as f:
        expect(f.read() == "precious\n", "the link's target was written")
    expect(os.path.islink(link), "the link was replaced")


@case
def json_into_a_fifo_nobody_reads(ctx, d):
    # The judge waited for a reader forever.
    fifo = os.path.join(d, "result.fifo")
    os.mkfifo(fifo)
    json_refused(ctx, d, fifo, "no process has the FIFO open for reading", timeout=60)
    expect(stat.S_ISFIFO(os.lstat(fifo).st_mode), "the FIFO is still a FIFO")


@case
def json_into_a_missing_folder(ctx, d):
    # README says exit 2; the judge made the folder.
    json_refused(ctx, d, os.path.join(d, "no-such-dir", "result.json"), "the folder", "does not exist")
    expect(not os.path.exists(os.path.join(d, "no-such-dir")), "the folder was made")


# ---------------------------------------------------------------- item 10: terminal, CSV


@case
def terminal_gets_no_escape_sequences(ctx, d):
    # A submission path, a participant folder and an interactor's message cleared the
    # screen and set the window title.
    problem = echo_problem(ctx, os.path.join(d, "p"))
    hostile = os.path.join(d, "x" + CLEAR_AND_TITLE + "\u009b2J.py")
    write(hostile, "print('garbage', flush=True)\n")
    done = run_raw(ctx, d, ["run", problem, hostile])
    expect(done.returncode == 1, f"expected exit 1 (WA)\n{show(done)}")
    check_no_terminal_controls(done, done.stdout, done.stderr)
    expect(b"\\x1b[2J" in done.stdout, f"the path is not shown escaped\n{show(done)}")
    out, args = nuts_bolts_batch(ctx, d, [("y" + CLEAR_AND_TITLE).encode()])
    batch = run_raw(ctx, d, args)
    expect(batch.returncode == EXIT_OK, f"batch: expected exit 0\n{show(batch)}")
    check_no_terminal_controls(batch, batch.stdout, batch.stderr)


@case
def standings_csv_neutralises_formulas(ctx, d):
    # Cells that start with = + - @ were written as they are: a spreadsheet runs them.
    names = ["=HYPERLINK(\"evil.example\";\"x\")", "+1+1", "-2+3", "@SUM(1)", "\tx", "plain"]
    out, args = nuts_bolts_batch(ctx, d, [n.encode() for n in names], ["-q"])
    done = run_raw(ctx, d, args)
    expect(done.returncode == EXIT_OK, f"expected exit 0\n{show(done)}")
    with open(os.path.join(out, "standings.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    header, body = rows[0], rows[1:]
    participants = {row[header.index("participant")] for row in body}
    expected = {"'" + n if n[0] in "=+-@\t" else n for n in names}
    expect(participants == expected, f"participant cells {sorted(participants)}, expected {sorted(expected)}")
    for row in body:
        for column in ("rank", "total", "nuts-bolts"):
            value = row[header.index(column)]
            expect(value and value[0] not in "'=+@", f"a number cell was changed: {column} = {value!r}")
            float(value)


# ---------------------------------------------------------------- item 11: stale run folders


@case
def run_folders_of_killed_judges_are_swept(ctx, d):
    # A SIGKILLed judge cannot remove its run folder; nothing ever did.
    base = os.path.join(d, "base")
    os.makedirs(base)
    problem = echo_problem(ctx, os.path.join(d, "p"))
    env = {"TMPDIR": base}
    killed, marker, _ = start_judge(ctx, d, ["run", problem, slow_submission(d)], env)
    try:
        wait_for_slow_submission(killed, marker)
        stale = [n for n in os.listdir(base) if n.startswith("judge-run-")]
        killed.kill()
        killed.communicate()
    finally:
        if killed.poll() is None:
            killed.kill()
    expect(len(stale) == 1, f"expected the killed judge's run folder in {base}: {stale}")
    # A judge running now keeps its folder; a folder without the lock marker (a judge
    # of an older version, or one still being made) is left alone.
    living, living_marker, _ = start_judge(ctx, d, ["run", problem, slow_submission(d)], env)
    try:
        wait_for_slow_submission(living, living_marker)
        living_folders = [n for n in os.listdir(base) if n.startswith("judge-run-") and n not in stale]
        old = os.path.join(base, "judge-run-oldver")
        os.makedirs(old, mode=0o711)
        run = run_judge(ctx, d, ["run", problem, write(os.path.join(d, "a.py"), FAST_PY)], env)
        check_status(run, EXIT_OK)
        left = sorted(n for n in os.listdir(base) if n.startswith("judge-run-"))
        expect(stale[0] not in left, f"the killed judge's folder {stale[0]} was not swept: {left}")
        for kept in living_folders + ["judge-run-oldver"]:
            expect(kept in left, f"{kept} was removed although it is not a dead judge's: {left}")
    finally:
        living.kill()
        living.communicate()
    check_no_survivors(run)


# ---------------------------------------------------------------- transcripts


@case
def transcripts_of_tests_in_folders(ctx, d):
    # An ICPC package's tests are named sample/1, secret/easy/1: every test was JE
    # ("cannot create transcript DIR/sample/1.interaction").
    package = os.path.join(ctx.repo, "testdata", "packages", "guesslegacy")
    submission = os.path.join(package, "submissions", "accepted", "binary.py")
    transcripts = os.path.join(d, "transcripts")
    result = os.path.join(d, "result.json")
    run = run_judge(ctx, d, ["run", package, submission, "--transcripts", transcripts, "--json", result])
    check_status(run, EXIT_OK)
    written = load_complete_result(result)
    for test in written["tests"]:
        path = os.path.join(transcripts, test["name"] + ".interaction")
        expect(os.path.isfile(path), f"no transcript {path}\n{run.show()}")
        with open(path) as f:
            text = f.read()
        expect(text and all(line[:1] in "<>" for line in text.splitlines()), f"{path} is not a transcript: {text[:80]!r}")
    expect(any("/" in test["name"] for test in written["tests"]), "the package has no test in a folder")
    check_clean(run)


@case
def batch_transcripts_of_tests_in_folders(ctx, d):
    # judge batch --transcripts failed on every test in a folder (a judge error each).
    # The package is copied as a folder named as its problem.yaml names it, so that the
    # problem is "guess" whether a batch names a package by its folder or by its name.
    package = os.path.join(d, "guess")
    shutil.copytree(os.path.join(ctx.repo, "testdata", "packages", "guesslegacy"), package)
    yaml = os.path.join(package, "problem.yaml")
    with open(yaml) as f:
        text = "".join("name: guess\n" if line.startswith("name:") else line for line in f)
    write(yaml, text)
    subs = os.path.join(d, "subs", "alice")
    os.makedirs(subs)
    shutil.copy(os.path.join(package, "submissions", "accepted", "binary.py"), os.path.join(subs, "guess.py"))
    out = os.path.join(d, "out")
    run = run_judge(ctx, d, ["batch", os.path.dirname(subs), "--problems", package, "--out", out, "--transcripts",
                             "-j", "2", "-q"])
    check_status(run, EXIT_OK)
    result = load_complete_result(os.path.join(out, "results", "alice", "guess.json"))
    names = [test["name"] for test in result["tests"]]
    expect(any("/" in name for name in names), f"no test in a folder: {names}")
    for test in result["tests"]:
        path = os.path.join(out, test["transcript"])
        expect(os.path.isfile(path), f"no transcript {path}\n{run.show()}")
    check_clean(run)


# ---------------------------------------------------------------- doctor


# Keys through the raw system calls (x86-64 numbers: add_key 248, keyctl 250), as a
# contestant's Python would reach them without keyutils.
KEYS_PY = r"""
import ctypes, sys
libc = ctypes.CDLL(None, use_errno=True)
libc.syscall.restype = ctypes.c_long
SESSION, USER = -3, -4

def find(name):
    for keyring in (SESSION, USER):
        key = libc.syscall(250, 10, keyring, b"user", name, 0)  # KEYCTL_SEARCH
        if key >= 0:
            buffer = ctypes.create_string_buffer(256)
            size = libc.syscall(250, 11, key, buffer, 256)  # KEYCTL_READ
            return buffer.raw[:max(size, 0)]
    return None
"""

# What a submission does on each test: says what it found of the judge's keys or of
# a key an earlier test left (exit 3), then leaves one of its own in its session and
# user keyrings, then answers.
KEY_SNOOPING_PY = KEYS_PY + r"""
for name in (b"judge-secret", b"left-by-a-test"):
    found = find(name)
    if found is not None:
        print("found", name, found, file=sys.stderr)
        sys.exit(3)
for keyring in (SESSION, USER):
    if libc.syscall(248, b"user", b"left-by-a-test", b"from-a-test", 11, keyring) < 0:
        sys.exit(4)
x = int(input().split()[0])
print(x + 1, flush=True)
"""

# The judge, started the way a login starts it: in a session keyring of its own that
# holds a key (pam_keyinit; Kerberos keeps tickets there).
KEYED_JUDGE_PY = KEYS_PY + r"""
import os
if libc.syscall(250, 1, None) < 0:  # KEYCTL_JOIN_SESSION_KEYRING, anonymous
    sys.exit(97)
if libc.syscall(248, b"user", b"judge-secret", b"topsecret-4711", 14, SESSION) < 0:
    sys.exit(97)
if find(b"judge-secret") != b"topsecret-4711":
    sys.exit(97)
os.execv(sys.argv[1], sys.argv[1:])
"""


@case
def keys_of_the_judge_and_of_earlier_tests_are_not_the_submissions(ctx, d):
    # Issue 32: a box inherited the judge's session keyring, and the boxes of one
    # judge-box server the server's. A submission read the judge's key (RTE "found
    # b'judge-secret' b'topsecret-4711'") and a key the test before it left.
    if os.uname().machine != "x86_64":
        raise Skip("the probe uses x86-64 system call numbers")
    problem = echo_problem(ctx, os.path.join(d, "p"), tests={"01": "5 normal\n", "02": "7 normal\n", "03": "9 normal\n"})
    submission = write(os.path.join(d, "snoop.py"), KEY_SNOOPING_PY)
    keyed = copy.copy(ctx)
    keyed.judge = write(os.path.join(d, "keyed-judge.py"), "#!/usr/bin/env python3\n" + KEYED_JUDGE_PY)
    os.chmod(keyed.judge, 0o755)
    result = os.path.join(d, "result.json")
    run = run_judge(keyed, d, [ctx.judge, "run", problem, submission, "--json", result])
    expect(run.returncode != 97, f"could not give the judge a session keyring with a key\n{run.show()}")
    check_status(run, EXIT_OK)
    written = load_complete_result(result)
    expect([test["verdict"] for test in written["tests"]] == ["AC"] * 3,
           f"verdicts {[test['verdict'] for test in written['tests']]}\n{run.show()}")
    expect(all(test.get("containment", {}).get("box_started") == "served" for test in written["tests"]),
           "not every box was forked by the judge-box server")
    everything = run.stdout + run.stderr + open(result).read()
    expect("topsecret" not in everything, f"the judge's key reached the output\n{run.show()}")
    check_clean(run)


@case
def doctor_names_the_shared_host_settings(ctx, d):
    done = subprocess.run([ctx.judge, "doctor", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          text=True, timeout=60, env=dict(os.environ, JUDGE_CACHE_DIR=ctx.cache))
    expect(done.returncode in (0, 1), f"judge doctor: exit {done.returncode}: {done.stderr}")
    checks = {check["name"]: check for check in json.loads(done.stdout)["checks"]}
    for name in ("fs.protected_symlinks", "fs.protected_regular", "run folders", "CPU locks", "compile cache"):
        expect(name in checks, f"judge doctor does not report {name}: {sorted(checks)}")
    with open("/proc/sys/fs/protected_symlinks") as f:
        expect(checks["fs.protected_symlinks"]["found"].split(" ")[0] == f.read().strip(),
               f"fs.protected_symlinks misread: {checks['fs.protected_symlinks']}")
    expect(checks["compile cache"]["found"] == ctx.cache, f"cache: {checks['compile cache']}")


# ---------------------------------------------------------------- main


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--list", action="store_true", help="print the cases' names (CMake makes a test of each)")
    parser.add_argument("--judge")
    parser.add_argument("--work")
    parser.add_argument("--repo")
    parser.add_argument("--only", nargs="*", help="run only these cases")
    args = parser.parse_args()
    if args.list:
        print(";".join(function.__name__ for function in CASES))
        return 0
    if not (args.judge and args.work and args.repo):
        parser.error("--judge, --work and --repo are needed to run cases")

    ctx = Context(args.judge, args.work, args.repo)
    if os.path.isdir(ctx.work):
        shutil.rmtree(ctx.work, ignore_errors=True)
    os.makedirs(ctx.work)
    return run_cases(ctx, CASES, args.only)


if __name__ == "__main__":
    sys.exit(main())
