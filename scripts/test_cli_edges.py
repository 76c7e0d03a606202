#!/usr/bin/env python3
"""The command line's rough edges a new setter hit (issue: the setter's day), pinned:

  tests_with_commas_before_the_problem  judge run --tests a,b PROBLEM SUBMISSION: 2 tests
  tests_with_spaces_after               judge run PROBLEM SUBMISSION --tests a b: 2 tests
  compile_is_shown                      a cold cache says "compiling ..." before the header;
                                        a warm one does not
  json_into_a_missing_folder            --json NEW/DIR/r.json is exit 2 saying the folder is missing
                                        (README; issue 28: it is not made)
  long_test_is_announced_on_a_terminal  on a pty, "NAME  running ..." shows while a test runs
                                        and the test's line replaces it; a pipe gets no such text
  verify_is_stopped_by_sigint           judge verify on a sleeping submission, SIGINT: exit 130,
                                        said on stderr, no process of it left
  each_command_alone                    judge NAME builds only NAME's options (cli/commands.hpp):
                                        for every command judge --help lists, NAME --help shows
                                        NAME's usage, a bad command line a usage error (exit 2);
                                        a misspelt command still lists them all
  pin_cpu_is_a_whole_number             --pin-cpu 0x (or "0 ", +0, past an int) is exit 2, not CPU 0
"""
import json
import os
import pty
import signal
import subprocess
import sys
import time

import scenario_steps


def main():
    args, checks = scenario_steps.start("--source")
    expect = checks.expect
    solution = os.path.join(args.source, "solutions", "nuts-bolts", "accepted", "quicksort.cpp")
    env = dict(os.environ, JUDGE_CACHE_DIR=os.path.join(args.work, "cache"))

    def judge(*words):
        return scenario_steps.run([args.judge, *words], cwd=args.work, env=env, timeout=300)

    print("== tests_with_commas_before_the_problem  +  compile_is_shown")
    proc = judge("run", "--tests", "01-sample,02-n2-sorted", "nuts-bolts", solution)
    lines = proc.stdout.splitlines()
    expect(proc.returncode == 0, "exit 0")
    expect("2/2 tests AC" in proc.stdout, "both tests ran, and only they")
    expect(bool(lines) and lines[0].startswith("compiling ") and "(cpp)" in lines[0],
           "the first line says the compile is running")
    proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample", "02-n2-sorted")
    print("== tests_with_spaces_after")
    expect(proc.returncode == 0 and "2/2 tests AC" in proc.stdout, "both tests ran")
    expect("compiling" not in proc.stdout, "a cached build is not compiled again, nor said to be")

    print("== json_into_a_missing_folder")
    result = os.path.join(args.work, "new", "folder", "r.json")
    proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample", "--json", result, "-q")
    expect(proc.returncode == 2, "exit 2")
    expect("does not exist (make it first)" in proc.stderr, "stderr says the folder is missing")
    expect(not os.path.exists(os.path.join(args.work, "new")), "no folder is made")
    os.makedirs(os.path.dirname(result))
    proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample", "--json", result, "-q")
    expect(proc.returncode == 0, "exit 0 once the folder exists")
    expect(os.path.isfile(result) and json.load(open(result))["verdict"] == "AC", "the JSON is there, AC")

    print("== long_test_is_announced_on_a_terminal")
    controller, terminal = pty.openpty()
    proc = subprocess.Popen([args.judge, "run", "nuts-bolts", solution, "--tests", "01-sample"], stdout=terminal,
                            stderr=terminal, env=env, cwd=args.work)
    os.close(terminal)
    seen = b""
    while True:
        try:
            chunk = os.read(controller, 4096)
        except OSError:  # EIO: the judge closed the terminal
            break
        if not chunk:
            break
        seen += chunk
    os.close(controller)
    status = proc.wait(timeout=120)
    text = seen.decode(errors="replace")
    print("  | " + repr(text)[:600])
    expect(status == 0, "exit 0")
    running = text.find("01-sample  running (wall limit")
    verdict = text.find("01-sample  AC")
    expect(running != -1 and verdict > running, "'running ...' first, then the test's line")
    expect("\r\x1b[K" in text, "the test's line overwrites it")
    proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample")
    expect("running" not in proc.stdout, "not on a pipe")

    print("== verify_is_stopped_by_sigint")
    problem = os.path.join(args.work, "guess")
    scenario_steps.run([args.judge, "new", problem, "-q"], env=env)
    marker = f"judge-cli-edges-sleeper-{os.getpid()}"
    scenario_steps.write(os.path.join(problem, "submissions", "time_limit_exceeded", "sleeps.py"),
                         f"import time\n# {marker}\ntime.sleep(60)\n")
    # A time limit the sleeper cannot reach before the signal comes.
    with open(os.path.join(problem, "problem.json")) as f:
        config = json.load(f)
    config["time_limit_ms"] = 30000
    scenario_steps.write(os.path.join(problem, "problem.json"), json.dumps(config))
    proc = subprocess.Popen([args.judge, "verify", problem, "-q"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=env)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and proc.poll() is None:  # until the sleeper runs
        if subprocess.run(["pgrep", "-f", marker], capture_output=True).returncode == 0:
            break
        time.sleep(0.1)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    print("  | " + err.strip().replace("\n", "\n  | "))
    expect(proc.returncode == 130, f"exit 130: {proc.returncode}")
    expect("every process the judge started is killed; no result was written" in err, "said on stderr")
    left = subprocess.run(["pgrep", "-f", marker], capture_output=True, text=True).stdout.split()
    expect(not left, f"no process of the submission is left: {left}")

    print("== each_command_alone")
    top = judge("--help")
    listed = top.stdout.split("Subcommands:", 1)[-1].splitlines()
    names = [line.split()[0] for line in listed if line.startswith("  ") and not line.startswith("   ")]
    expect(len(names) >= 10 and "run" in names and "batch" in names, f"judge --help lists the commands: {names}")
    for name in names:
        helped = judge(name, "--help")
        expect(helped.returncode == 0 and f"Usage: judge {name} " in helped.stdout,
               f"judge {name} --help shows its own usage")
        bad = judge(name, "--no-such-option")
        expect(bad.returncode == 2 and "Run with --help for more information." in bad.stderr,
               f"judge {name} --no-such-option: a usage error, exit 2 ({bad.returncode})")
    misspelt = judge("runn", "--help")
    expect("Subcommands:" in misspelt.stdout and "verify" in misspelt.stdout,
           "a misspelt command gets the whole list")

    print("== pin_cpu_is_a_whole_number")
    for value in ("0x", "0 ", "+0", "99999999999"):
        proc = judge("run", "nuts-bolts", solution, "--tests", "01-sample", "--pin-cpu", value)
        expect(proc.returncode == 2 and f"--pin-cpu {value}: expected auto, none or a CPU number" in proc.stderr,
               f"--pin-cpu '{value}': a usage error, exit 2 ({proc.returncode}: {proc.stderr.strip()[-120:]})")
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
