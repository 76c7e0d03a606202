#!/usr/bin/env python3
"""The judge's exports checked by the tools contest systems use, not by the judge.

  verifyproblem PROBLEM   `judge export PROBLEM --format kattis` (a legacy package, what
                          Kattis installs and DOMjudge imports), then problemtools'
                          `verifyproblem -p config data validators submissions`: 0
                          errors, so every submission got its folder's verdict
  bt PROBLEM              `judge export PROBLEM --format icpc` (2025-09) into a contest
                          folder, then BAPCtools' `bt validate` and `bt run`: 0 errors
                          and every submission as its folder says

PROBLEM is a problem of this repository, or "new": what `judge new` makes by default
(an ICPC 2025-09 package, exported again from there). The tools are problemtools and BAPCtools from source in
../shared/corpus/tools/ (beside the repository); without them the test says "skipped"
(exit 77). Their Python dependencies that Debian has (colorlog, ruamel.yaml,
argcomplete: scripts/install-deps.sh) are linked into a private folder on PYTHONPATH,
with the corpus' two stubs. problemtools runs Python submissions with `pypy3`; where
it is not installed, a `pypy3` in a private folder on PATH runs CPython (said).
"""
import argparse
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile

SKIPPED = 77
# Submissions whose folder's verdict problemtools cannot give, and why: the tool's
# limits, not the package's. Each is printed with its reason; any other error fails.
TOOL_LIMITS = {
    "nuts-bolts": {
        "fixed_seed_mt19937.cpp": "wrong only on the second pass of a probe test, and problemtools (like the legacy "
                                  "format) runs one pass (the export's README says so)",
        "grow_forever.cpp": "problemtools bounds no memory of an interactive problem's C++ submission (judge/"
                            "execute.py passes the limit only to languages that take it on their command line), so "
                            "it allocates until its time limit: TLE, where Kattis and this judge stop it at 256 MiB",
    },
}
DEBIAN_MODULES = ["colorlog", "argcomplete", "ruamel"]


def corpus_tools(source):
    tools = os.path.abspath(os.path.join(source, "..", "shared", "corpus", "tools"))
    if not os.path.isfile(os.path.join(tools, "verifyproblem")):
        print(f"skipped: no problemtools and BAPCtools in {tools} (../shared/corpus/tools beside the repository)")
        sys.exit(SKIPPED)
    return tools


def tool_environment(tools, scratch):
    """PYTHONPATH with Debian's modules and the corpus' stubs; PATH with pypy3."""
    pydeps = os.path.join(scratch, "pydeps")
    os.makedirs(pydeps)
    dist = "/usr/lib/python3/dist-packages"
    for module in DEBIAN_MODULES:
        if not os.path.isdir(os.path.join(dist, module)):
            print(f"skipped: Debian's python3 module {module} is missing (scripts/install-deps.sh installs it)")
            sys.exit(SKIPPED)
        os.symlink(os.path.join(dist, module), os.path.join(pydeps, module))
    for extension in glob.glob(os.path.join(dist, "_ruamel_yaml*.so")):
        os.symlink(extension, os.path.join(pydeps, os.path.basename(extension)))
    for stub in ("nh3.py", "vermin.py"):
        os.symlink(os.path.join(tools, "pydeps", stub), os.path.join(pydeps, stub))
    env = dict(os.environ)
    env["PYTHONPATH"] = pydeps
    env["TOOLS_WORK"] = os.path.join(scratch, "tools-work")
    # BAPCtools keeps every problem uuid it has seen in $XDG_CONFIG_HOME/bapctools/uuids
    # and warns when another folder holding the same uuid still exists (a scratch folder
    # of an interrupted run did, and failed CI): each run gets its own, empty state.
    env["XDG_CONFIG_HOME"] = os.path.join(scratch, "config")
    if shutil.which("pypy3") is None:
        shim = os.path.join(scratch, "bin")
        os.makedirs(shim)
        with open(os.path.join(shim, "pypy3"), "w") as script:
            # The python3 found now, by its path: BAPCtools links its own "python3" to a
            # pypy3 on PATH, and a shim calling "python3" by name would call itself.
            script.write(f'#!/bin/sh\nexec {shutil.which("python3")} "$@"\n')
        os.chmod(os.path.join(shim, "pypy3"), 0o755)
        env["PATH"] = shim + os.pathsep + env["PATH"]
        print("note: no pypy3 installed: problemtools runs the Python submissions with CPython")
    return env


def run(command, env=None, cwd=None, timeout=1500):
    print("$ " + " ".join(command), flush=True)
    result = subprocess.run(command, env=env, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                            text=True, errors="replace", timeout=timeout)
    return result.returncode, result.stdout


def problem_folder(args, scratch):
    """The problem to export: a name of this repository, or judge new's package."""
    if args.problem != "new":
        return args.problem
    folder = os.path.join(scratch, "guess")
    code, out = run([args.judge, "new", folder, "-q"])
    if code != 0:
        sys.exit(f"FAIL: judge new exited {code}:\n{out}")
    return folder


def export(args, problem, dest, fmt):
    code, out = run([args.judge, "export", problem, dest, "--format", fmt, "-q"])
    print(out, end="")
    if code != 0:
        sys.exit(f"FAIL: judge export --format {fmt} exited {code}")


def check_verifyproblem(args, tools, scratch, env):
    package = os.path.join(scratch, "export")
    export(args, problem_folder(args, scratch), package, "kattis")
    code, out = run([os.path.join(tools, "verifyproblem"), package, "-p", "config", "data", "validators",
                     "submissions"], env=env)
    print(out)
    summary = re.search(r"tested: (\d+) errors?, (\d+) warnings?", out)
    if not summary:
        sys.exit(f"FAIL: verifyproblem printed no summary (exit {code})")
    errors = int(summary.group(1))
    explained = []
    for line in out.splitlines():
        # problemtools compiles Java with --release 21; a javac 17 refuses it: the
        # tool's own error on this machine, not the package's.
        if line.startswith("ERROR Compile error") and "Java" in line and "invalid source release: 21" in out:
            explained.append(f"{line.strip()}: problemtools' javac --release 21, this machine's javac is 17")
            continue
        match = re.match(r"ERROR \S+ submission (\S+) .*got (\w+)", line)
        if match and match.group(1) in TOOL_LIMITS.get(args.problem, {}):
            explained.append(f"{line.strip()}: {TOOL_LIMITS[args.problem][match.group(1)]}")
    for line in explained:
        print(f"note: not the package's: {line}")
    if errors != len(explained):
        sys.exit(f"FAIL: verifyproblem found {errors} errors in the kattis export of {args.problem}, "
                 f"{len(explained)} of them the tool's own")
    print(f"ok: verifyproblem on the kattis export of {args.problem}: {errors} errors, all the tool's own "
          f"({summary.group(2)} warnings)")


def check_bt(args, tools, scratch, env):
    contest = os.path.join(scratch, "contest")
    os.makedirs(contest)
    name = re.sub(r"[^a-z0-9]", "", os.path.basename(args.problem).lower()) or "problem"
    export(args, problem_folder(args, scratch), os.path.join(contest, name), "icpc")
    problem = os.path.join(contest, name)
    for step in (["validate", "--no-bar"], ["run", "--no-bar"]):
        code, out = run([os.path.join(tools, "bt")] + step, env=env, cwd=problem)
        print(out)
        plain = re.sub(r"\x1b\[[0-9;]*m", "", out)
        # bt exits 1 on any warning. A probe pass (nuts-bolts' secret/*probe*) ends the
        # interaction by design while the submission waits (the validator asks for the
        # next pass), so "Validator exited first with AC" is true there and expected;
        # every other warning or error fails.
        expected = [line for line in plain.splitlines()
                    if "Validator exited first with AC" in line and re.search(r"secret/\S*probe", line)]
        unexpected = [line for line in plain.splitlines() if line not in expected and
                      re.search(r"WARNING|ERROR|\berror\b|Validator exited first|got [A-Z]", line)]
        if unexpected or (code != 0 and not expected):
            sys.exit(f"FAIL: bt {step[0]} exited {code} on the icpc export of {args.problem}: "
                     f"{len(unexpected)} unexpected lines: {unexpected[:5]}")
        if expected:
            print(f"note: {len(expected)} warnings of bt {step[0]} are the probe passes' early accept, by design")
        print(f"ok: bt {step[0]}: exit {code}, no unexpected warning or error")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("tool", choices=["verifyproblem", "bt"])
    parser.add_argument("problem")
    parser.add_argument("--judge", required=True)
    parser.add_argument("--source", required=True)
    args = parser.parse_args()
    tools = corpus_tools(args.source)
    with tempfile.TemporaryDirectory(prefix="judge-real-tools-") as scratch:
        env = tool_environment(tools, scratch)
        if args.tool == "verifyproblem":
            check_verifyproblem(args, tools, scratch, env)
        else:
            check_bt(args, tools, scratch, env)


if __name__ == "__main__":
    main()
