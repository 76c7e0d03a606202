"""Shared steps of the scenario scripts (test_validate.py, test_generate.py,
test_install.py, test_stress.py, test_cli_edges.py): their command line, run a command and show what it printed, and collect checks
that each print ok/FAIL and fail the script at the end."""
import argparse
import os
import shutil
import subprocess


def run(cmd, cwd=None, env=None, timeout=600, tail=None):
    """Runs `cmd`, prints it, its exit status and its output (the last `tail` lines)."""
    proc = subprocess.run(cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout)
    print(f"$ {' '.join(cmd)}\n-> exit {proc.returncode}")
    lines = (proc.stdout + proc.stderr).splitlines()
    for line in lines[-tail:] if tail else lines:
        print(f"  | {line}")
    return proc


class Beside:
    """A command started now and finished later (finish(): its CompletedProcess, shown
    as run() shows it): a slow step, such as a whole `judge verify`, that waits on
    limits and clocks most of its time, runs beside the steps that follow it."""

    def __init__(self, cmd, cwd=None, env=None, timeout=600, tail=None):
        self.cmd, self.timeout, self.tail = cmd, timeout, tail
        self.proc = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def finish(self):
        try:
            stdout, stderr = self.proc.communicate(timeout=self.timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            stdout, stderr = self.proc.communicate()
        print(f"$ {' '.join(self.cmd)}\n-> exit {self.proc.returncode}")
        lines = (stdout + stderr).splitlines()
        for line in lines[-self.tail:] if self.tail else lines:
            print(f"  | {line}")
        return subprocess.CompletedProcess(self.cmd, self.proc.returncode, stdout, stderr)


def write(path, text):
    os.makedirs(os.path.dirname(path) or ".", exist_ok=True)
    with open(path, "w") as f:
        f.write(text)


class Checks:
    """expect() prints each check; finish() is the script's exit status."""

    def __init__(self):
        self.failures = []

    def expect(self, condition, what):
        print(f"  {'ok' if condition else 'FAIL'}: {what}")
        if not condition:
            self.failures.append(what)

    def finish(self):
        if self.failures:
            print(f"{len(self.failures)} check(s) failed: {self.failures}")
            return 1
        print("all checks passed")
        return 0


def start(*extra):
    """The scenario scripts' command line: --judge and --work (emptied and made), and
    the `extra` options (e.g. "--source"), all required. Returns (args, Checks())."""
    parser = argparse.ArgumentParser()
    for option in ("--judge", "--work", *extra):
        parser.add_argument(option, required=True)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    return args, Checks()
