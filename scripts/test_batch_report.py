#!/usr/bin/env python3
"""The HTML report of `judge batch` in a real headless browser (a CTest).

Grades a small contest (three participants, nuts-bolts and egg-drop, transcripts
kept) with `judge batch --html`, then opens the report in Debian's chromium:
  - --dump-dom (of REPORT#expand: every section and transcript open): the page's own sentinel says it rendered (data-report-status="ok"),
    no script error was caught (data-report-errors), the standings table has its
    three rows and the plots were drawn (data-charts, <canvas> elements);
  - the browser's console log (--enable-logging=stderr) is empty;
  - the submission's stderr (dave's crashing Python program says why on stderr): in
    its results JSON ("stderr") and on its test's row of the page;
  - --screenshot: kept as ARTIFACTS/batch-report.png (and the report beside it).
Exit status 0 passed, 1 failed, 77 skipped: chromium is not installed (CTest
SKIP_RETURN_CODE; scripts/install-deps.sh installs it, so CI runs this test).
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CONTEST = {
    "alice": {"nuts-bolts": "accepted/quicksort.cpp", "egg-drop": "accepted/multi_way_sweeps.cpp",
              "twin-cookies": "accepted/growing_sums.cpp"},
    "bob": {"nuts-bolts": "query_limit_exceeded/all_pairs.cpp",
            "egg-drop": "partially_accepted/per_egg_binary_search.cpp",
            "twin-cookies": "wrong_answer/unequal_sums.cpp"},
    "carol": {"nuts-bolts": "presentation_error/missing_space.cpp"},
}
# Issue 49: a second submission of alice's, earlier (a rejected try before her AC), so
# the ICPC view shows tries; files' times are the submissions' times.
EARLIER = {"alice": ("nuts-bolts.1.cpp", "wrong_answer/swap_two.cpp")}
START = 1764410400  # 2025-11-29T10:00:00Z: the contest's start (--contest-start)
TESTS = ("01-sample,03-n2-reversed,06-n100-random,07-n1000-fixed,08-n100-fixed,09-n100-random,"
         "s1-01-sample,s2-01-sample")
# A contestant's program as contestants write them: it reads n, says on stderr what
# it is about to do, and fails (RTE) with a Python traceback on stderr.
DAVE = """import sys
n = int(sys.stdin.readline())
print(f"dave: n = {n}, sorting the nuts now", file=sys.stderr)
raise ValueError("dave's bug: no bolts to compare with")
"""
STDERR_LINE = "ValueError: dave's bug: no bolts to compare with"


def chromium_command(profile, *extra):
    return ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-extensions",
            f"--user-data-dir={profile}", *extra]


def take_screenshot(report, screenshot, failures):
    if os.path.exists(screenshot):
        os.remove(screenshot)
    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        subprocess.run(chromium_command(profile, "--hide-scrollbars", "--window-size=1280,2600",
                                        "--virtual-time-budget=5000", f"--screenshot={screenshot}",
                                        "file://" + report),
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
    if not os.path.exists(screenshot) or os.path.getsize(screenshot) < 20000:
        failures.append(f"no screenshot {screenshot}")
    else:
        print(f"screenshot: {screenshot} ({os.path.getsize(screenshot)} bytes); report: {report}")


def rendered_dom(report, failures):
    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        dump = subprocess.run(chromium_command(profile, "--enable-logging=stderr", "--v=0",
                                               "--virtual-time-budget=5000", "--dump-dom", "file://" + report),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    status = re.search(r'data-report-status="([^"]*)"', dump.stdout)
    console = [line for line in dump.stderr.splitlines() if "CONSOLE" in line]
    errors = re.search(r'data-report-errors="([^"]*)"', dump.stdout)
    if not status or status.group(1) != "ok" or console or errors:
        failures.append(f"{report}: did not render cleanly (status {status.group(1) if status else None}, "
                        f"console {console[:3]}, errors {errors.group(1) if errors else None})")
    return dump.stdout


# Issue 49: the same batch ranked by ICPC's and IOI's rules (judge report --scoreboard).
def check_scoreboard_views(args, env, failures):
    expected = {
        "icpc": ['<table id="scoreboard" class="scoreboard">', 'class="cell icpc-first"', 'class="cell icpc-tried"',
                 "<small>2 tries</small>", "Scoreboard (ICPC rules)", 'href="#sub-alice-nuts-bolts@nuts-bolts.cpp"'],
        "ioi": ['<table id="scoreboard" class="scoreboard">', 'class="cell ioi-full"', 'class="cell ioi-partial"',
                '<th class="subtask">st 1</th>', "Scoreboard (IOI rules)", "each subtask's best points"],
    }
    for rules, texts in expected.items():
        report = os.path.join(args.artifacts, f"batch-report-{rules}.html")
        result = subprocess.run([os.path.abspath(args.judge), "report", "out", "--scoreboard", rules, "--html", report, "-q"],
                                cwd=args.work, env=env)
        if result.returncode != 0:
            failures.append(f"judge report --scoreboard {rules} exited {result.returncode}")
            continue
        dom = rendered_dom(report, failures)
        board = re.search(r'<table id="scoreboard".*?<tbody>(.*?)</tbody>', dom, re.S)
        rows = re.findall(r"<tr>", board.group(1)) if board else []
        print(f"{rules} view: {len(rows)} scoreboard rows")
        if len(rows) != 4:
            failures.append(f"the {rules} scoreboard has {len(rows)} rows, not 4")
        for text in texts:
            if text not in dom:
                failures.append(f"the {rules} view lacks '{text}'")
        take_screenshot(report, os.path.join(args.artifacts, f"batch-report-{rules}.png"), failures)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--work", required=True)
    parser.add_argument("--artifacts", required=True)
    args = parser.parse_args()
    if not shutil.which("chromium"):
        print("SKIP: chromium is not installed (bash scripts/install-deps.sh installs it; CI has it)")
        return 77
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    os.makedirs(args.artifacts, exist_ok=True)
    for participant, problems in CONTEST.items():
        os.makedirs(os.path.join(args.work, "subs", participant))
        for problem, source in problems.items():
            # A copy: a participant's link out of its folder is not followed (docs/sandbox.md).
            shutil.copyfile(os.path.join(ROOT, "solutions", problem, source),
                            os.path.join(args.work, "subs", participant, problem + os.path.splitext(source)[1]))
    os.makedirs(os.path.join(args.work, "subs", "dave"))
    with open(os.path.join(args.work, "subs", "dave", "nuts-bolts.py"), "w") as dave:
        dave.write(DAVE)
    for participant, (name, source) in EARLIER.items():
        shutil.copyfile(os.path.join(ROOT, "solutions", "nuts-bolts", source),
                        os.path.join(args.work, "subs", participant, name))
    # Times: every submission at minute 30, alice's earlier try at minute 12.
    for folder, _, files in os.walk(os.path.join(args.work, "subs")):
        for name in files:
            minute = 12 if name == "nuts-bolts.1.cpp" else 30
            os.utime(os.path.join(folder, name), (START + 60 * minute, START + 60 * minute))
    report = os.path.join(args.artifacts, "batch-report.html")
    env = dict(os.environ, JUDGE_CACHE_DIR=os.path.join(args.work, "cache"))
    batch = subprocess.run([os.path.abspath(args.judge), "batch", "subs", "--problems", "nuts-bolts,egg-drop,twin-cookies",
                            "--tests", TESTS, "--transcripts", "-j", "2", "--out", "out", "--html", report,
                            "--contest-start", "2025-11-29T10:00:00Z"],
                           cwd=args.work, env=env)
    failures = []
    if batch.returncode != 1:
        failures.append(f"judge batch exited {batch.returncode} (1 expected: carol is PE)")
    with open(os.path.join(args.work, "out", "results", "dave", "nuts-bolts.json")) as f:
        dave_tests = json.load(f)["tests"]
    if not dave_tests or dave_tests[0]["verdict"] != "RTE" or STDERR_LINE not in dave_tests[0].get("stderr", ""):
        failures.append("dave's results JSON lacks his stderr: " + json.dumps(dave_tests[:1])[:400])
    else:
        print(f"dave's stderr in the results JSON: {dave_tests[0]['stderr'].strip().splitlines()[-1]}")

    with tempfile.TemporaryDirectory(prefix="chromium-") as profile:
        dump = subprocess.run(chromium_command(profile, "--enable-logging=stderr", "--v=0",
                                               "--virtual-time-budget=5000", "--dump-dom",
                                               "file://" + report + "#expand"),
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    dom = dump.stdout
    console = [line for line in dump.stderr.splitlines() if "CONSOLE" in line]
    status = re.search(r'data-report-status="([^"]*)"', dom)
    charts = re.search(r'data-charts="([0-9]+)"', dom)
    errors = re.search(r'data-report-errors="([^"]*)"', dom)
    standings = re.search(r'<table id="standings">.*?<tbody>(.*?)</tbody>', dom, re.S)
    rows = re.findall(r"<tr>", standings.group(1)) if standings else []
    canvases = dom.count("<canvas")
    print(f"page status: {status.group(1) if status else None}; charts: {charts.group(1) if charts else None}; "
          f"canvases: {canvases}; standings rows: {len(rows)}; console lines: {len(console)}")
    for line in console:
        print("  console: " + line)
    if not status or status.group(1) != "ok":
        failures.append("the page did not finish rendering (data-report-status)")
    if errors:
        failures.append("script errors: " + errors.group(1))
    if console:  # the page logs nothing: any console line is an error or a warning
        failures.append("the browser console has messages")
    if len(rows) != 4:
        failures.append(f"the standings table has {len(rows)} rows, not 4")
    if not charts or int(charts.group(1)) < 10 or canvases < 10:
        failures.append("fewer than 10 plots were drawn")
    for text in ("alice", "carol", 'aria-label="queries used against the limit"', 'aria-label="moves per test"',
                 'aria-label="score against the largest moves (egg-drop)"',
                 'aria-label="CPU time against the limit (ms)"', 'aria-label="peak memory against the limit (MiB)"',
                 "transcript of 01-sample", '<span class="to-sub">&lt;', '<span class="from-sub">&gt;',
                 '<details class="stderr"><summary>stderr: ' + STDERR_LINE, ", sorting the nuts now"):
        if text not in dom:
            failures.append(f"the page lacks '{text}'")

    for text in ('<span class="verdict v-partial">partial</span>',):  # alice's twin-cookies: 17 of 100, all AC
        if text not in dom:
            failures.append(f"the page lacks '{text}'")
    take_screenshot(report, os.path.join(args.artifacts, "batch-report.png"), failures)
    check_scoreboard_views(args, env, failures)
    for failure in failures:
        print("FAIL " + failure)
    print("1 failed" if failures else "report renders in headless chromium")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
