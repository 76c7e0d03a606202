#!/usr/bin/env python3
"""CTest build.progress_line (issue 48): a package program built from its source says
so on a terminal ("  building ... (C++ sources) into the build cache ..." on stderr),
and says nothing where stderr is not a terminal (a pipe, a file: what scripts read).

  scripts/test_build_progress.py JUDGE
"""
import json
import os
import pty
import subprocess
import sys
import tempfile

INTERACTOR = r"""#include <cstdio>
int main(int argc, char** argv) {
  if (argc < 2) return 43;
  std::FILE* input = std::fopen(argv[1], "r");
  int n = 0;
  if (!input || std::fscanf(input, "%d", &n) != 1) return 43;
  std::printf("%d\n", n);
  std::fflush(stdout);
  int answer = 0;
  if (std::scanf("%d", &answer) != 1) return 43;
  return answer == 2 * n ? 42 : 43;
}
"""


def problem_in(folder, variant):
    os.makedirs(os.path.join(folder, "tests"))
    with open(os.path.join(folder, "interactor.cpp"), "w") as f:
        f.write(f"// variant {variant}\n" + INTERACTOR)
    with open(os.path.join(folder, "tests", "1.in"), "w") as f:
        f.write("21\n")
    with open(os.path.join(folder, "problem.json"), "w") as f:
        json.dump({"name": "double", "interactor": "interactor.cpp", "testdata": "tests", "time_limit_ms": 5000,
                   "memory_mib": 256}, f)
    return folder


def run_on_terminal(command, env):
    """stdout to a pipe, stderr to a pseudo-terminal; returns (status, stdout, what the terminal got)."""
    controller, terminal = pty.openpty()
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=terminal, env=env)
    os.close(terminal)
    seen = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # EIO: every writer of the terminal is gone
            break
        if not chunk:
            break
        seen += chunk
    out, _ = process.communicate()
    os.close(controller)
    return process.returncode, out.decode(), seen.decode(errors="replace")


def main():
    judge = sys.argv[1]
    with tempfile.TemporaryDirectory(prefix="build-progress-") as tmp:
        env = dict(os.environ, JUDGE_CACHE_DIR=os.path.join(tmp, "cache"))
        solution = os.path.join(tmp, "double.py")
        with open(solution, "w") as f:
            f.write("print(2 * int(input()))\n")
        first = problem_in(os.path.join(tmp, "first"), 1)
        status, out, terminal = run_on_terminal([judge, "run", first, solution], env)
        failures = []
        if status != 0:
            failures.append(f"judge run exited {status}: {out} {terminal}")
        expected = f"building {os.path.join(first, 'interactor.cpp')} (C++ sources) into the build cache ..."
        if expected not in terminal:
            failures.append(f"the terminal did not get {expected!r}; it got:\n{terminal}")
        if "building" in out:
            failures.append(f"the line went to stdout:\n{out}")
        second = problem_in(os.path.join(tmp, "second"), 2)
        piped = subprocess.run([judge, "run", second, solution], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               text=True, env=env)
        if piped.returncode != 0 or "building" in piped.stderr:
            failures.append(f"with stderr a pipe: exit {piped.returncode}, stderr:\n{piped.stderr}")
        status, _, terminal = run_on_terminal([judge, "run", first, solution], env)
        if status != 0 or "building" in terminal:
            failures.append(f"a cache hit said it was building (exit {status}):\n{terminal}")
    for failure in failures:
        print("FAIL:", failure)
    if failures:
        sys.exit(1)
    print("ok: a package program's build is said on a terminal, and only there")


if __name__ == "__main__":
    main()
