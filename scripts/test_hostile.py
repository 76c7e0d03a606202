#!/usr/bin/env python3
"""A submission's files are data, never host paths (CTest hostile.submission_files).

Issue 28, part A: each case reproduces a hole a red team found by handing the judge
files as a contestant could (a folder unpacked from a tar with links in it, names
with ':' and newlines, a FIFO, a 2 GiB sparse file, 3000 files, a planted cache), and
checks what the judge does now: the exit status README.md documents, a message that
names the file and the bound, no byte of a host file (/etc/shadow, a hidden test) in
any output, no hang. Every case failed on the judge before the fix (main cc6fd41).

Usage: test_hostile.py --judge build/judge/judge --work DIR --repo . [--only NAME ...]
"""
import argparse
import io
import os
import random
import shutil
import signal
import subprocess
import sys
import tarfile
import time
import traceback

EXIT_OK, EXIT_NOT_AC, EXIT_CONFIG = 0, 1, 2
TESTS = "01-sample,04-n3-fixed"  # two short tests: every case judges in seconds


class Failure(Exception):
    pass


class Case:
    def __init__(self, judge, work, repo):
        self.judge, self.work, self.repo = judge, work, repo
        self.quicksort = open(os.path.join(repo, "solutions/nuts-bolts/accepted/quicksort.py")).read()
        self.shadow = open("/etc/shadow").read() if os.access("/etc/shadow", os.R_OK) else ""

    def env(self, **extra):
        env = dict(os.environ, JUDGE_CACHE_DIR=os.path.join(self.work, "cache"))
        env.update(extra)
        return env

    def run(self, *args, timeout=60, env=None):
        started = time.monotonic()
        try:
            done = subprocess.run([self.judge, *args], capture_output=True, timeout=timeout, env=env or self.env())
        except subprocess.TimeoutExpired:
            raise Failure(f"judge {' '.join(args)} did not end within {timeout} s (a hang)")
        out = done.stdout.decode(errors="replace") + done.stderr.decode(errors="replace")
        return done.returncode, out, time.monotonic() - started

    def folder_from_tar(self, name, members):
        """members: (name, kind, data): kind 'file', 'exec', 'link' (data: target), 'dir'."""
        buffer = io.BytesIO()
        with tarfile.open(fileobj=buffer, mode="w") as tar:
            for member, kind, data in members:
                info = tarfile.TarInfo(f"{name}/{member}")
                if kind == "link":
                    info.type, info.linkname = tarfile.SYMTYPE, data
                    tar.addfile(info)
                elif kind == "dir":
                    info.type, info.mode = tarfile.DIRTYPE, 0o755
                    tar.addfile(info)
                else:
                    payload = data.encode() if isinstance(data, str) else data
                    info.size, info.mode = len(payload), 0o755 if kind == "exec" else 0o644
                    tar.addfile(info, io.BytesIO(payload))
        archive = os.path.join(self.work, name + ".tar")
        with open(archive, "wb") as f:
            f.write(buffer.getvalue())
        subprocess.run(["tar", "-xf", archive, "-C", self.work], check=True)  # as a contestant's upload is unpacked
        return os.path.join(self.work, name)

    def expect(self, condition, what, out=""):
        if not condition:
            raise Failure(what + ("\n--- judge output ---\n" + out[-3000:] if out else ""))

    def expect_no_secret(self, out, where="the output"):
        hidden = open(os.path.join(self.repo, "testdata/nuts-bolts/06-n10-fixed.in")).read()
        self.expect("root:" not in out and (not self.shadow or self.shadow[:40] not in out), f"/etc/shadow in {where}", out)
        self.expect(hidden not in out, f"the hidden test in {where}", out)


def folder_link_to_the_hidden_test_is_refused(c):
    """A Python folder with t -> the hidden test got AC with 0 queries."""
    test = os.path.join(c.repo, "testdata/nuts-bolts/06-n10-fixed.in")
    folder = c.folder_from_tar("peek", [("main.py", "file", c.quicksort), ("t", "link", test)])
    status, out, _ = c.run("run", "nuts-bolts", folder, "--tests", TESTS)
    c.expect(status == EXIT_CONFIG, f"exit {status}, not 2", out)
    c.expect("peek/t: a symbolic link to" in out and "outside the submission's folder" in out, "no message naming t", out)


def folder_link_to_shadow_is_not_quoted(c):
    """shadow -> /etc/shadow was quoted back in a PE message."""
    main = "import sys\nsys.stdout.write(open('shadow').read())\n"
    folder = c.folder_from_tar("quote", [("main.py", "file", main), ("shadow", "link", "/etc/shadow")])
    status, out, _ = c.run("run", "nuts-bolts", folder, "--tests", TESTS)
    c.expect(status == EXIT_CONFIG and "quote/shadow: a symbolic link to /etc/shadow" in out, f"exit {status}", out)
    c.expect_no_secret(out)


def c_folder_header_link_to_shadow_is_not_quoted(c):
    """A C folder whose s.h -> /etc/shadow quoted it in the CE message."""
    folder = c.folder_from_tar("inc", [("main.c", "file", '#include "s.h"\nint main(void) { return 0; }\n'),
                                       ("s.h", "link", "/etc/shadow")])
    status, out, _ = c.run("run", "nuts-bolts", folder, "--tests", TESTS)
    c.expect(status == EXIT_CONFIG and "inc/s.h: a symbolic link to /etc/shadow" in out, f"exit {status}", out)
    c.expect_no_secret(out)


def batch_participant_link_to_shadow_is_ce_without_it(c):
    """In a batch, mallory/nuts-bolts.c -> /etc/shadow landed in results/mallory/nuts-bolts.json."""
    root = os.path.join(c.work, "contest")
    os.makedirs(os.path.join(root, "mallory"))
    os.makedirs(os.path.join(root, "alice"))
    os.symlink("/etc/shadow", os.path.join(root, "mallory", "nuts-bolts.c"))
    with open(os.path.join(root, "alice", "nuts-bolts.py"), "w") as f:
        f.write(c.quicksort)
    out_dir = os.path.join(c.work, "contest-out")
    status, out, _ = c.run("batch", root, "--out", out_dir, "--tests", "01-sample", "-j", "2", timeout=120)
    c.expect(status == EXIT_NOT_AC, f"exit {status}, not 1", out)
    everything = out
    for folder, _, files in os.walk(out_dir):
        for name in files:
            everything += open(os.path.join(folder, name), errors="replace").read()
    c.expect_no_secret(everything, "the batch's output folder")
    mallory = open(os.path.join(out_dir, "results", "mallory", "nuts-bolts.json")).read()
    c.expect('"CE"' in mallory and "leads out of its folder" in mallory, "mallory is not CE with the reason", mallory)


def a_colon_in_a_file_name_is_an_ordinary_name(c):
    """judge run nuts-bolts team:1.py was exit 3 (--file wants HOST_PATH:/BOX_PATH)."""
    path = os.path.join(c.work, "team:1.py")
    with open(path, "w") as f:
        f.write(c.quicksort)
    status, out, _ = c.run("run", "nuts-bolts", path, "--tests", TESTS)
    c.expect(status == EXIT_OK, f"exit {status}, not 0", out)


def a_name_with_a_colon_places_no_file_at_a_box_path(c):
    """p:/etc/ld.so.preload in a folder placed a file at /etc/ld.so.preload in the box."""
    check = ("import os, sys\nhere = os.path.dirname(os.path.abspath(__file__))\n"
             "if os.path.exists('/etc/ld.so.preload') or not os.path.exists(os.path.join(here, 'p:', 'etc', "
             "'ld.so.preload')):\n    sys.exit(9)\n")
    folder = c.folder_from_tar("colon", [("main.py", "file", check + c.quicksort), ("p:", "dir", None),
                                         ("p:/etc", "dir", None), ("p:/etc/ld.so.preload", "file", "/x.so\n"),
                                         ("a\nb:c \xff.txt", "file", "odd name\n")])
    status, out, _ = c.run("run", "nuts-bolts", folder, "--tests", TESTS)
    c.expect(status == EXIT_OK, f"exit {status}, not 0", out)


def a_huge_sparse_file_is_refused_at_once(c):
    """A 2 GiB sparse file took 40 s, 4.2 GB of the judge's memory, exit 3."""
    folder = c.folder_from_tar("sparse", [("main.py", "file", c.quicksort)])
    with open(os.path.join(folder, "data.py"), "wb") as f:
        f.truncate(2 << 30)
    status, out, seconds = c.run("run", "nuts-bolts", folder, "--tests", TESTS, timeout=30)
    c.expect(status == EXIT_CONFIG and "larger than its bound of 64 MiB" in out, f"exit {status}", out)
    c.expect(seconds < 10, f"{seconds:.1f} s to refuse it")


def a_folder_of_thousands_of_files_is_refused_naming_the_bound(c):
    """100,000 files: exit 3, Argument list too long."""
    folder = c.folder_from_tar("many", [("main.py", "file", c.quicksort)])
    for i in range(3000):
        open(os.path.join(folder, f"m{i}.py"), "w").close()
    status, out, _ = c.run("run", "nuts-bolts", folder, "--tests", TESTS)
    c.expect(status == EXIT_CONFIG and "more than 1000 files (bound: 1000 files)" in out, f"exit {status}", out)


def a_link_to_proc_kmsg_does_not_hang(c):
    """A symlink to /proc/kmsg hung judge run for good."""
    # The FIFO first: a judge that reads /proc/kmsg takes the host's kernel log with it.
    fifo = c.folder_from_tar("fifo", [("main.py", "file", c.quicksort)])
    os.mkfifo(os.path.join(fifo, "pipe.py"))
    status, out, _ = c.run("run", "nuts-bolts", fifo, "--tests", TESTS, timeout=20)
    c.expect(status == EXIT_CONFIG and "pipe.py: a FIFO" in out, f"exit {status}", out)
    folder = c.folder_from_tar("kmsg", [("main.py", "file", c.quicksort), ("log.py", "link", "/proc/kmsg")])
    status, out, _ = c.run("run", "nuts-bolts", folder, "--tests", TESTS, timeout=20)
    c.expect(status == EXIT_CONFIG and "a symbolic link to /proc/kmsg" in out, f"exit {status}", out)


def a_cache_folder_of_another_user_is_refused(c):
    """The cache fell back to /tmp/judge-cache-0, which another user could make first."""
    if os.geteuid() != 0:
        return
    theirs = os.path.join(c.work, "theirs")
    os.makedirs(theirs)
    os.chown(theirs, 65534, 65534)
    path = os.path.join(c.work, "sol.py")
    with open(path, "w") as f:
        f.write(c.quicksort)
    status, out, _ = c.run("run", "nuts-bolts", path, "--tests", TESTS, env=c.env(JUDGE_CACHE_DIR=theirs))
    c.expect(status == EXIT_CONFIG and "owned by uid 65534" in out, f"exit {status}", out)
    env = c.env()
    for name in ("JUDGE_CACHE_DIR", "XDG_CACHE_HOME", "HOME"):
        env.pop(name, None)
    status, out, _ = c.run("cache", "--stats", env=env)
    c.expect(status == EXIT_OK and "/var/cache/judge" in out and "/tmp/" not in out, f"exit {status}", out)


def the_box_shows_no_host_path(c):
    """/proc/1/cmdline and judge-build.json showed the cache's and the source's host paths."""
    source = open(os.path.join(c.repo, "solutions/nuts-bolts/accepted/quicksort.cpp")).read()
    check = ('#include <cstdlib>\n#include <filesystem>\n#include <fstream>\n#include <iterator>\n#include <string>\n'
             'static const int box_checked = [] {\n'
             '  std::ifstream f("/proc/1/cmdline");\n'
             '  const std::string s((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());\n'
             '  if (s.substr(0, s.find_last_not_of(std::string(1, 0)) + 1) != "judge-box") std::exit(7);\n'
             '  for (const auto& e : std::filesystem::recursive_directory_iterator("/box"))\n'
             '    if (e.path().extension() == ".json") std::exit(8);\n'
             '  return 0;\n}();\n')
    path = os.path.join(c.work, "cmdline.cpp")
    with open(path, "w") as f:
        f.write(check + source)
    status, out, _ = c.run("run", "nuts-bolts", path, "--tests", TESTS, timeout=120)
    c.expect(status == EXIT_OK, f"exit {status}, not 0 (7: /proc/1/cmdline is not just judge-box; 8: a .json in /box)", out)


def a_compile_error_flood_is_drained_and_said(c):
    """An error flood wrote 254 MB into the run folder before it was cut."""
    path = os.path.join(c.work, "flood.c")
    with open(path, "w") as f:
        f.write("#error flood of compile errors, one line after another\n" * 5000)
    status, out, _ = c.run("run", "nuts-bolts", path, "--tests", TESTS, timeout=120)
    c.expect(status == EXIT_NOT_AC and "CE" in out and "more bytes of messages not shown" in out, f"exit {status}", out)


def sigint_during_a_compile_is_130(c):
    """SIGINT during a compile was sometimes exit 3 (judge-box ended before it started the program)."""
    source = open(os.path.join(c.repo, "solutions/nuts-bolts/accepted/quicksort.cpp")).read()
    rng = random.Random(28)
    for attempt in range(10):
        path = os.path.join(c.work, f"sigint{attempt}.cpp")
        with open(path, "w") as f:
            f.write(f"// attempt {attempt}: a source not in the cache\n" + source)
        judge = subprocess.Popen([c.judge, "run", "nuts-bolts", path, "--tests", TESTS], env=c.env(),
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(rng.uniform(0.05, 0.6))
        judge.send_signal(signal.SIGINT)
        try:
            stdout, stderr = judge.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            judge.kill()
            raise Failure(f"attempt {attempt}: the judge did not stop within 30 s of SIGINT")
        c.expect(judge.returncode in (130, EXIT_OK), f"attempt {attempt}: exit {judge.returncode}, not 130",
                 (stdout + stderr).decode(errors="replace"))


def export_takes_no_file_through_a_link_out_of_the_problem(c):
    """Issue 45: a downloaded package's statement.md, data/05-random.in and
    submissions/accepted/leak.py linked to a root-only file all landed, with its bytes,
    in the ICPC zip `judge export` wrote as root."""
    secret_file = os.path.join(c.work, "root-only")
    secret = "SECRET-" + "%016x" % random.getrandbits(64)
    with open(secret_file, "w") as f:
        f.write(secret + "\n")
    os.chmod(secret_file, 0o600)
    problem = os.path.join(c.work, "downloaded")
    status, out, _ = c.run("new", problem, "--format", "judge", "-q")
    c.expect(status == EXIT_OK, f"judge new: exit {status}", out)
    for link in ("statement.md", "data/05-random.in"):
        os.remove(os.path.join(problem, link))
        os.symlink(secret_file, os.path.join(problem, link))
    os.symlink(secret_file, os.path.join(problem, "submissions", "accepted", "leak.py"))
    for dest in ("package.zip", "package", "polygon"):
        args = ["export", problem, os.path.join(c.work, dest)] + (["--format", "polygon"] if dest == "polygon" else [])
        status, out, _ = c.run(*args, timeout=300)
        c.expect(status == EXIT_OK, f"judge export to {dest}: exit {status}", out)
        c.expect("left out" in out and "a symbolic link that leads out of the folder" in out,
                 f"export to {dest}: no word of what was left out", out)
        if dest.endswith(".zip"):
            subprocess.run(["unzip", "-q", "-o", os.path.join(c.work, dest), "-d", os.path.join(c.work, "unzipped")],
                           check=True)
    for folder, _, files in os.walk(c.work):
        for name in files:
            path = os.path.join(folder, name)
            if path == secret_file or os.path.islink(path):
                continue
            c.expect(secret.encode() not in open(path, "rb").read(), f"the root-only file's bytes are in {path}")


def an_include_path_that_is_not_utf8_is_no_judge_error(c):
    """Issue 45: a folder with x\\xff.h included through /proc/self/root (so the compiler's
    -M list names it as a file outside the submission) made the compile cache's manifest
    writer throw (json type_error 316): exit 3 on every run."""
    folder = os.path.join(c.work, "odd")
    os.makedirs(folder)
    with open(os.path.join(folder.encode(), b"x\xff.h"), "w") as f:
        f.write("#define GREETING 1\n")
    main = open(os.path.join(c.repo, "solutions/nuts-bolts/accepted/quicksort.cpp")).read()
    with open(os.path.join(folder, "main.cpp"), "wb") as f:
        f.write(b'#include "/proc/self/root/box/src/x\xff.h"\n' + main.encode())
    for attempt in (1, 2):  # compiled, then found in the cache
        status, out, _ = c.run("run", "nuts-bolts", folder, "--tests", TESTS, timeout=180)
        c.expect(status == EXIT_OK, f"attempt {attempt}: exit {status}, not 0 (AC)", out)


CASES = [folder_link_to_the_hidden_test_is_refused, folder_link_to_shadow_is_not_quoted,
         c_folder_header_link_to_shadow_is_not_quoted, batch_participant_link_to_shadow_is_ce_without_it,
         a_colon_in_a_file_name_is_an_ordinary_name, a_name_with_a_colon_places_no_file_at_a_box_path,
         a_huge_sparse_file_is_refused_at_once, a_folder_of_thousands_of_files_is_refused_naming_the_bound,
         a_link_to_proc_kmsg_does_not_hang, a_cache_folder_of_another_user_is_refused, the_box_shows_no_host_path,
         a_compile_error_flood_is_drained_and_said, sigint_during_a_compile_is_130,
         export_takes_no_file_through_a_link_out_of_the_problem, an_include_path_that_is_not_utf8_is_no_judge_error]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--repo", required=True)
    parser.add_argument("--only", nargs="*")
    args = parser.parse_args()
    failed = 0
    for case in CASES:
        if args.only and case.__name__ not in args.only:
            continue
        work = os.path.join(os.path.abspath(args.work), case.__name__)
        shutil.rmtree(work, ignore_errors=True)
        os.makedirs(work)
        started = time.monotonic()
        try:
            case(Case(os.path.abspath(args.judge), work, os.path.abspath(args.repo)))
            print(f"ok    {case.__name__} ({time.monotonic() - started:.1f} s)")
        except Exception as error:  # noqa: BLE001: every failure of a case is reported, then the next runs
            failed += 1
            print(f"FAIL  {case.__name__}: {error}")
            if not isinstance(error, Failure):
                traceback.print_exc()
    print(f"{failed} of {len(CASES) if not args.only else len(args.only)} cases failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
