#!/usr/bin/env python3
"""`judge export` end to end (docs/problem-format.md, "judge export"): each case one CTest.

  problem NAME  export a problem of this repository to an ICPC 2025-09 package, then
                - what it could not carry is on stderr and in its README.md;
                - its output validator builds alone: `g++ -O2 -std=gnu++20 *.cpp` in a
                  temporary folder outside the repository;
                - a minimal ICPC runner written here (problemtools' `interactive` pipe
                  rules, passes while the validator accepts and leaves nextpass.in)
                  runs the accepted and a wrong solution: exit 42 and 43;
                - `judge verify` passes on the package (every example submission gets
                  what its folder and submissions.yaml say)
  zip           `judge export nuts-bolts DEST.zip`: the files of the folder export at the
                archive's root with their modes; `judge verify` of the unzipped package
                on an accepted and a wrong submission
  new           `judge new x` is an ICPC package: `judge verify` and `judge validate`
                pass; `judge new --format judge` keeps problem.json
  polygon       a Polygon package (testdata/polygon/guess) exported to ICPC: `judge
                verify` gives every solution the verdicts it got from the Polygon package
  to-polygon NAME  `judge export NAME --format polygon` (NAME a problem, or "new": the
                `judge new --format judge` skeleton): what it could not carry is on
                stderr and in README.md; files/interactor.cpp is readable (the problem's
                source, includes and the adapter: < 64 KiB), every other file of files/ a
                resource problem.xml lists; it builds with g++ in a copy of files/, and
                for Windows with MinGW-w64 (Polygon's compiler is
                winlibs MinGW-w64); `judge verify` passes on the Polygon package (the judge
                reads Polygon packages with testlib's convention: the adapter's 0 / 1 / 2),
                but for a submission that fails only on the second pass of a
                multi-pass test, which Polygon does not run
  cms           `judge export twin-cookies DEST --format cms` (and DEST.zip): a CMS task
                folder whose task.yaml has the subtasks as GroupMin and the samples as
                public_testcases; `judge run` of an accepted and a wrong solution on the
                export gives the verdict and score it gets on the original problem;
                `judge verify` of the export: every submission as expected (each in the
                folder CMS's rules give it)
  cms_new       `judge new x` exported as a CMS task: `judge verify` of it passes whole
"""
import argparse
import atexit
import glob
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import xml.etree.ElementTree
import zipfile

import scenario_steps

# The tests and solutions the runner plays for each problem: (test, accepted, wrong).
RUNNER_CASES = {
    "nuts-bolts": [("data/secret/26-n100-probe", "accepted/quicksort", "wrong_answer/swap_two"),
                   ("data/secret/09-n100-random", "accepted/quicksort", "wrong_answer/swap_two")],
    "egg-drop": [("data/secret/06-n100-random", "accepted/multi_way_sweeps", "wrong_answer/swaps_two_eggs")],
    "twin-cookies": [("data/secret/subtask3/s3-02-n25-random", "accepted/growing_sums", "wrong_answer/unequal_sums")],
}
# What each export must say it could not carry (a phrase of it).
NOT_CARRIED = {"nuts-bolts": "\"probe\": true", "egg-drop": None, "twin-cookies": "input_validator_flags"}


def scratch_folder(prefix):
    """A fresh folder in the system's temporary folder (outside the repository, so that
    a build there sees none of its files), removed when the script ends."""
    folder = tempfile.mkdtemp(prefix=prefix)
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    return folder


def build_validator(package, checks):
    """Copies output_validator/ to a fresh folder outside the repository and builds it
    there the way problemtools and DOMjudge do; returns the executable or None."""
    folder = scratch_folder("judge-export-test-gpp-")
    shutil.copytree(os.path.join(package, "output_validator"), os.path.join(folder, "ov"))
    sources = sorted(f for f in os.listdir(os.path.join(folder, "ov")) if f.endswith(".cpp"))
    proc = scenario_steps.run(["g++", "-O2", "-std=gnu++20", *sources, "-o", "../validator"],
                              cwd=os.path.join(folder, "ov"), timeout=900, tail=20)
    checks.expect(proc.returncode == 0, f"output_validator builds alone with g++ in {folder} ({len(sources)} .cpp)")
    return os.path.join(folder, "validator") if proc.returncode == 0 else None


def one_pass(validator, submission, test_in, answer, feedback, args):
    """One pass, as problemtools' interactive runs it: the validator's stdout is the
    submission's stdin and the other way round, nothing in between; the validator
    ignores nothing of ours (our library ignores SIGPIPE itself). Returns the
    validator's and the submission's exit status."""
    to_submission_r, to_submission_w = os.pipe()
    to_validator_r, to_validator_w = os.pipe()
    validator_proc = subprocess.Popen([validator, test_in, answer, feedback + "/", *args],
                                      stdin=to_validator_r, stdout=to_submission_w, stderr=subprocess.DEVNULL)
    submission_proc = subprocess.Popen([submission], stdin=to_submission_r, stdout=to_validator_w,
                                       stderr=subprocess.DEVNULL, restore_signals=True)
    for fd in (to_submission_r, to_submission_w, to_validator_r, to_validator_w):
        os.close(fd)
    validator_status = validator_proc.wait(timeout=120)
    if validator_status != 42:  # a rejecting validator ends the submission
        submission_proc.send_signal(signal.SIGKILL)
    return validator_status, submission_proc.wait(timeout=120)


def icpc_run(validator, submission, package, test, args):
    """Every pass of one test (multi-pass: while the validator accepts and leaves
    nextpass.in). Returns the last validator exit status and the passes run."""
    feedback = scratch_folder("judge-export-test-feedback-")
    test_in = os.path.join(package, test + ".in")
    answer = os.path.join(package, test + ".ans")
    passes = 0
    while True:
        passes += 1
        status, _ = one_pass(validator, submission, test_in, answer, feedback, args)
        next_pass = os.path.join(feedback, "nextpass.in")
        if status != 42 or not os.path.exists(next_pass):
            return status, passes, feedback
        test_in = os.path.join(feedback, f"pass{passes + 1}.in")
        os.rename(next_pass, test_in)


def validator_args(package, test):
    """output_validator_args of the test's nearest test_group.yaml (the exports write
    them as one JSON-style flow list)."""
    folder = os.path.dirname(os.path.join(package, test))
    while folder.startswith(os.path.join(package, "data")):
        path = os.path.join(folder, "test_group.yaml")
        if os.path.exists(path):
            for line in open(path):
                if line.startswith("output_validator_args:"):
                    return json.loads(line.split(":", 1)[1])
        folder = os.path.dirname(folder)
    return []


def check_problem(args, checks, name):
    package = os.path.join(args.work, name.replace("-", ""))
    proc = scenario_steps.run([args.judge, "export", name, package])
    checks.expect(proc.returncode == 0, f"judge export {name} exits 0")
    readme = open(os.path.join(package, "README.md")).read()
    phrase = NOT_CARRIED[name]
    if phrase:
        checks.expect(phrase in proc.stderr and phrase in readme, f"stderr and README.md say: ...{phrase}...")
    else:
        checks.expect("not carried" not in proc.stderr and "Nothing:" in readme, "nothing left uncarried, and said")
    # Each sample's interaction protocol, what a contest system shows instead of the
    # hidden .in: a real run's lines, each "<" (to the submission) or ">" (from it).
    samples = sorted(glob.glob(os.path.join(package, "data", "sample", "*.in")))
    for sample in samples:
        interaction = sample[:-3] + ".interaction"
        lines = open(interaction).read().splitlines() if os.path.exists(interaction) else []
        checks.expect(lines and all(line[:1] in "<>" for line in lines) and any(line.startswith(">") for line in lines),
                      f"{os.path.relpath(interaction, package)}: {len(lines)} lines, each < or >")
    checks.expect(bool(samples), "the package has samples")
    # The judge's verify of the package (most of its time waits on limits and on the
    # second between passes) runs beside the g++ build and the runner below.
    verify = scenario_steps.Beside([args.judge, "verify", package, "-q"], timeout=1800, tail=8)
    validator = build_validator(package, checks)
    solutions = os.path.join(args.build, "solutions", name)
    for test, accepted, wrong in RUNNER_CASES[name] if validator else []:
        extra = validator_args(package, test)
        status, passes, feedback = icpc_run(validator, os.path.join(solutions, accepted), package, test, extra)
        checks.expect(status == 42, f"ICPC runner: {accepted} on {test}: exit {status} after {passes} pass(es)")
        if "--score-from-metric" in extra:
            score = open(os.path.join(feedback, "score.txt")).read().strip()
            checks.expect(0 < float(score) <= 100, f"  its score.txt holds {score}")
        if "probe" in test:
            checks.expect(passes == 2, "  a probe test runs two passes")
        status, passes, _ = icpc_run(validator, os.path.join(solutions, wrong), package, test, extra)
        checks.expect(status == 43, f"ICPC runner: {wrong} on {test}: exit {status}")
    proc = verify.finish()
    checks.expect(proc.returncode == 0 and " 0 not," in proc.stdout, "judge verify passes on the export")


def check_zip(args, checks):
    folder = os.path.join(args.work, "nb")
    archive = os.path.join(args.work, "nb.zip")
    for dest in (folder, archive):
        proc = scenario_steps.run([args.judge, "export", "nuts-bolts", dest, "-q"])
        checks.expect(proc.returncode == 0, f"judge export nuts-bolts {dest} exits 0")
    unzipped = os.path.join(args.work, "unzipped")
    with zipfile.ZipFile(archive) as zf:
        names = sorted(zf.namelist())
        zf.extractall(unzipped)
        modes = {info.filename: info.external_attr >> 16 for info in zf.infolist()}
    on_disk = sorted(os.path.relpath(os.path.join(root, f), folder).replace(os.sep, "/")
                     for root, _, files in os.walk(folder) for f in files)
    checks.expect(names == on_disk, f"the archive holds the folder's {len(on_disk)} files, problem.yaml at its root")
    # A sample's .interaction is what one run exchanged: a randomized accepted
    # submission exchanges other lines in each export, so it is left out of the
    # comparison (test_export.py problem checks its form).
    same = all(open(os.path.join(folder, n), "rb").read() == open(os.path.join(unzipped, n), "rb").read()
               for n in on_disk if not n.endswith(".interaction"))
    checks.expect(same, "byte for byte the folder's (but the samples' .interaction, a run's lines)")
    checks.expect(all(modes[n] & 0o777 == os.stat(os.path.join(folder, n)).st_mode & 0o777 for n in on_disk),
                  "with the folder's modes")
    for name, mode in modes.items():
        os.chmod(os.path.join(unzipped, name), mode & 0o777)
    proc = scenario_steps.run([args.judge, "verify", unzipped,
                               os.path.join(unzipped, "submissions/accepted/quicksort.cpp"),
                               os.path.join(unzipped, "submissions/wrong_answer/swap_two.cpp")], timeout=1800, tail=6)
    checks.expect(proc.returncode == 0 and "2 of 2 submissions as expected" in proc.stdout,
                  "judge verify passes on the unzipped package (accepted and wrong_answer)")


def check_new(args, checks):
    problem = os.path.join(args.work, "x")
    proc = scenario_steps.run([args.judge, "new", problem, "-q"])
    checks.expect(proc.returncode == 0, "judge new x exits 0")
    for path in ["problem.yaml", "statement/problem.en.tex", "output_validator/interactor.cpp",
                 "input_validators/input_validator.py", "data/sample/01-sample.in", "generators/manifest.txt",
                 "submissions/accepted/binary_search.py"]:
        checks.expect(os.path.exists(os.path.join(problem, path)), f"x/{path}")
    checks.expect(not os.path.exists(os.path.join(problem, "problem.json")), "no problem.json")
    checks.expect("problem_format_version: 2025-09" in open(os.path.join(problem, "problem.yaml")).read(),
                  "problem.yaml is 2025-09")
    proc = scenario_steps.run([args.judge, "verify", problem], timeout=900, tail=5)
    checks.expect(proc.returncode == 0 and "2 of 2 submissions as expected" in proc.stdout, "judge verify x passes")
    proc = scenario_steps.run([args.judge, "validate", problem], tail=3)
    checks.expect(proc.returncode == 0, "judge validate x passes")
    native = os.path.join(args.work, "y")
    proc = scenario_steps.run([args.judge, "new", native, "--format", "judge", "-q"])
    checks.expect(proc.returncode == 0 and os.path.exists(os.path.join(native, "problem.json")),
                  "judge new --format judge writes problem.json")


def verdicts(judge, problem, work, name):
    """Each submission's verdict and score, from `judge verify --json`."""
    result = os.path.join(work, name + ".json")
    proc = scenario_steps.run([judge, "verify", problem, "--json", result], timeout=1800, tail=12)
    with open(result) as f:
        data = json.load(f)
    return proc, {os.path.basename(s["name"]): (s.get("verdict"), s.get("score"))
                  for s in data["submissions"]}


def check_polygon(args, checks):
    source = os.path.join(args.source, "testdata", "polygon", "guess")
    package = os.path.join(args.work, "guess")
    proc = scenario_steps.run([args.judge, "export", source, package])
    checks.expect(proc.returncode == 0, "judge export of the Polygon package exits 0")
    before_proc, before = verdicts(args.judge, source, args.work, "polygon")
    after_proc, after = verdicts(args.judge, package, args.work, "icpc")
    checks.expect(before_proc.returncode == 0 and after_proc.returncode == 0, "judge verify passes on both")
    checks.expect(before == after and len(before) == 8, f"the same verdicts and scores: {before} / {after}")


# What each Polygon export must say it could not carry (a phrase of it).
POLYGON_NOT_CARRIED = {"new": "multi-pass", "egg-drop": "the scoring (max_metric)",
                       "twin-cookies": "the scoring (subtasks)", "nuts-bolts": "multi-pass tests"}
# nuts-bolts' interactor is five .cpp files joined into one: the export says what that
# risks (helpers of the same name in two files), and is built all the same.
POLYGON_JOINED = {"nuts-bolts": "Polygon compiles one file"}
# The cross compiler of Debian nearest to Polygon's winlibs MinGW-w64 g++ (posix threads).
MINGW_GXX = "x86_64-w64-mingw32-g++-posix"
# Debian's wine64 (not installed by scripts/install-deps.sh: the run under it is skipped without).
WINE = "/usr/lib/wine/wine64"
# Submissions that fail only on the second pass of a multi-pass test, which Polygon does
# not run (said on stderr): on the export they are AC, and verify says so.
POLYGON_ONE_PASS = {"nuts-bolts": {"solutions/query_limit_exceeded-fixed_seed_mt19937.cpp"}}


def play_under_wine(exe, package, folder):
    """Polygon's run of the interactor on its first test against the main solution (built
    here for Linux), the interactor under Wine: its exit status and what it wrote to TOUT."""
    xml = open(os.path.join(package, "problem.xml")).read()
    main = re.search(r'<solution tag="main">\s*<source path="([^"]+)"', xml).group(1)
    solution = [sys.executable, os.path.join(package, main)]
    if main.endswith(".cpp"):
        solution = [os.path.join(folder, "main")]
        subprocess.run(["g++", "-O2", "-std=gnu++20", os.path.join(package, main), "-o", solution[0]], check=True)
    tout = os.path.join(folder, "tout.txt")
    env = dict(os.environ, WINEDEBUG="-all", WINEPREFIX=os.path.join(folder, "wine"))
    to_interactor_r, to_interactor_w = os.pipe()
    to_solution_r, to_solution_w = os.pipe()
    interactor = subprocess.Popen([WINE, exe, os.path.join(package, "tests", "01"), tout,
                                   os.path.join(package, "tests", "01.a")],
                                  stdin=to_interactor_r, stdout=to_solution_w, stderr=subprocess.DEVNULL, env=env)
    player = subprocess.Popen(solution, stdin=to_solution_r, stdout=to_interactor_w, stderr=subprocess.DEVNULL)
    for fd in (to_interactor_r, to_interactor_w, to_solution_r, to_solution_w):
        os.close(fd)
    status = interactor.wait(timeout=300)
    player.kill()
    player.wait()
    return status, open(tout).read() if os.path.exists(tout) else ""


def check_windows_build(package, folder, checks):
    """Polygon compiles on Windows (winlibs MinGW-w64 g++): the same file must build there,
    and, where Wine is installed, judge the main solution OK (testlib's exit 0)."""
    mingw = shutil.which(MINGW_GXX)
    if mingw is None:
        print(f"  skipped: the Windows build ({MINGW_GXX} is not installed: scripts/install-deps.sh installs it)")
        return
    proc = scenario_steps.run([mingw, "-O2", "-std=gnu++20", "-static", "interactor.cpp", "-o", "interactor.exe"],
                              cwd=folder, timeout=900, tail=20)
    exe = os.path.join(folder, "interactor.exe")
    checks.expect(proc.returncode == 0 and os.path.exists(exe),
                  f"files/interactor.cpp builds for Windows with {MINGW_GXX} in a copy of files/ ({folder})")
    if not os.path.exists(WINE):
        print(f"  skipped: running the Windows build ({WINE} is not installed; apt-get install wine64)")
        return
    status, tout = play_under_wine(exe, package, folder)
    checks.expect(status == 0 and tout == "ok\n",
                  f"under Wine, the Windows build judges the main solution OK on test 01 (exit {status}, TOUT {tout!r})")


def check_polygon_resources(package, root, checks):
    """A readable interactor: files/interactor.cpp is the problem's source with includes
    and the adapter around it, not an amalgamation; every other file it builds from is a
    resource problem.xml lists (Polygon copies those beside it when it compiles)."""
    files = os.path.join(package, "files")
    size = os.path.getsize(os.path.join(files, "interactor.cpp"))
    checks.expect(size < 64 * 1024, f"files/interactor.cpp is readable: {size} bytes (< 64 KiB)")
    listed = {f.get("path") for f in root.iter("file")} if root is not None else set()
    unlisted = sorted(f"files/{name}" for name in os.listdir(files)
                      if name not in ("interactor.cpp", "check.cpp", "statement.md") and f"files/{name}" not in listed)
    checks.expect(not unlisted and listed, f"problem.xml lists each resource of files/ ({len(listed)} listed, "
                  f"not listed: {unlisted})")


def check_to_polygon(args, checks, name):
    problem = name
    if name == "new":
        problem = os.path.join(args.work, "guess")
        scenario_steps.run([args.judge, "new", problem, "--format", "judge", "-q"])
    package = os.path.join(args.work, "polygon")
    proc = scenario_steps.run([args.judge, "export", problem, package, "--format", "polygon"])
    checks.expect(proc.returncode == 0 and os.path.exists(os.path.join(package, "problem.xml")),
                  f"judge export {name} --format polygon exits 0 and writes problem.xml")
    # A strict XML parser (expat, through ElementTree): Polygon's own is one; the
    # judge's reader of problem.xml is lenient and would take a comment holding "--".
    root = None
    try:
        root = xml.etree.ElementTree.parse(os.path.join(package, "problem.xml")).getroot()
        names = [n.get("value") for n in root.iter("name")]
        checks.expect(True, f"problem.xml is well-formed XML (names {names})")
    except xml.etree.ElementTree.ParseError as error:
        checks.expect(False, f"problem.xml is well-formed XML ({error})")
    readme = open(os.path.join(package, "README.md")).read()
    phrase = POLYGON_NOT_CARRIED[name]
    said = phrase in proc.stderr and phrase in readme
    checks.expect(said if name != "new" else not said, f"stderr and README.md say ...{phrase}... (when it applies)")
    if name in POLYGON_JOINED:
        phrase = POLYGON_JOINED[name]
        checks.expect(phrase in proc.stderr and phrase in readme, f"stderr and README.md say ...{phrase}...")
    table = os.path.join(args.work, "verify.json")
    left_before = set(glob.glob("/tmp/judge-export-feedback-*"))
    # Beside the two builds below (it waits on limits most of its time).
    verify = scenario_steps.Beside([args.judge, "verify", package, "-q", "--json", table], timeout=1800, tail=8)
    check_polygon_resources(package, root, checks)
    folder = scratch_folder("judge-export-test-polygon-gpp-")
    shutil.copytree(os.path.join(package, "files"), folder, dirs_exist_ok=True)
    proc = scenario_steps.run(["g++", "-O2", "-std=gnu++20", "interactor.cpp", "-o", "interactor"], cwd=folder,
                              timeout=900, tail=20)
    checks.expect(proc.returncode == 0, f"files/interactor.cpp builds with g++ in a copy of files/ ({folder})")
    check_windows_build(package, folder, checks)
    proc = verify.finish()
    # An interactor the judge kills (the submission's TLE or ILE) cannot remove its
    # feedback folder: it is made in the judge's TMPDIR, which goes with the run.
    left = sorted(set(glob.glob("/tmp/judge-export-feedback-*")) - left_before)
    checks.expect(not left, f"the adapter left no feedback folder in /tmp ({left})")
    with open(table) as f:
        failed = {s["name"]: s["reason"] for s in json.load(f)["submissions"] if s["status"] != "OK"}
    one_pass = POLYGON_ONE_PASS.get(name, set())
    checks.expect(set(failed) == one_pass and all("no test got WA" in failed[n] for n in one_pass)
                  and proc.returncode == (1 if one_pass else 0),
                  f"judge verify on the Polygon package: every submission as its tag expects, but those that "
                  f"fail only on a second pass ({sorted(one_pass)}), AC there (exit {proc.returncode}, {failed})")


def run_result(judge, problem, submission, result):
    """`judge run --json`: the submission's verdict and score."""
    scenario_steps.run([judge, "run", problem, submission, "--json", result, "-q"], timeout=900, tail=4)
    with open(result) as f:
        data = json.load(f)
    return data.get("verdict"), data.get("score")


FLOODS_ORDERS = """// Orders on and on without reading the answers (QLE at order 102 on the problem).
#include <cstdio>
#include <string>
int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  long long next = 1;
  for (;;) {
    std::string line = "?";
    for (int i = 0; i < n; ++i) line += " " + std::to_string(next++);
    line += '\\n';
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
  }
}
"""


def check_cms(args, checks):
    task = os.path.join(args.work, "twincookies-cms")
    # tail: the export names each of 39 tests it renamed; a failure's own lines below
    # must stay within what CI shows of this test's output.
    proc = scenario_steps.run([args.judge, "export", "twin-cookies", task, "--format", "cms"], tail=4)
    checks.expect(proc.returncode == 0, "judge export twin-cookies DEST --format cms exits 0")
    checks.expect("not carried" in proc.stderr, "what changed on the way is said on stderr")
    task_yaml = open(os.path.join(task, "task.yaml")).read()
    checks.expect("GroupMin" in task_yaml, "task.yaml scores the subtasks with GroupMin")
    for path in ("check/manager", "check/interactor", "input/input0.txt", "README.md"):
        checks.expect(os.path.exists(os.path.join(task, path)), f"the task has {path}")
    proc = scenario_steps.run([args.judge, "export", "twin-cookies", task + ".zip", "--format", "cms", "-q"], tail=2)
    with zipfile.ZipFile(task + ".zip") as zf:
        checks.expect(proc.returncode == 0 and "task.yaml" in zf.namelist(), "and as DEST.zip, task.yaml at its root")
    # s1-01-sample, s2-01-sample, ... (the tests' CMS names are their places).
    samples = re.findall(r"^- test \S*sample\S* is (\d+)$", open(os.path.join(task, "README.md")).read(), re.M)
    publics = ", ".join(str(int(index)) for index in samples)
    checks.expect(samples and f'public_testcases: "{publics}"' in task_yaml,
                  f"task.yaml's public_testcases are the samples ({publics})")
    # A QLE solution that orders on without reading: on CMS the manager ends at order
    # 102 and the process dies of SIGPIPE, which CMS counts as its failure (RTE there;
    # this judge gives the manager's WA, outcome 0 either way), and which the export's
    # rule for wrong_answer/ allows.
    scenario_steps.write(os.path.join(task, "submissions", "wrong_answer", "floods_orders.cpp"), FLOODS_ORDERS)
    for folder, name in (("accepted", "growing_sums.cpp"), ("wrong_answer", "unequal_sums.cpp")):
        submission = os.path.join(args.source, "solutions", "twin-cookies", folder, name)
        original = run_result(args.judge, "twin-cookies", submission, os.path.join(args.work, name + ".orig.json"))
        exported = run_result(args.judge, task, submission, os.path.join(args.work, name + ".cms.json"))
        checks.expect(original == exported and original[0] is not None,
                      f"{folder}/{name}: the same verdict and score on the export ({exported}) as on the original "
                      f"({original})")
    # Not beside the runs above: a CMS test's processes wait on the manager, and on a
    # loaded 2-core host a starved manager once left a solution idle past its wall limit
    # (ILE where WA is due: a timing race of this judge's CMS runs, not yet fixed).
    verify = scenario_steps.run([args.judge, "verify", task, "--json", os.path.join(args.work, "verify.json")],
                                timeout=1800, tail=14)
    check_cms_verify(checks, verify, os.path.join(args.work, "verify.json"), 11, "twin-cookies")
    with open(os.path.join(args.work, "verify.json")) as f:
        flood = next(s for s in json.load(f)["submissions"] if s["name"].endswith("floods_orders.cpp"))
    checks.expect(flood.get("verdict") == "WA" and flood.get("score") == 0,
                  f"the flooding QLE solution gets the manager's WA, 0 points, on the CMS export (got "
                  f"{flood.get('verdict')}, {flood.get('score')}; CMS: a failed run, 0 points)")


def first_rejected_test(submission):
    """The first test of `submission` (verify --json) that was not AC, in a line."""
    for test in (submission.get("result") or {}).get("tests", []):
        if test.get("verdict") != "AC":
            manager = test.get("interactor") or {}
            return (f'test {test.get("name")}: {test.get("verdict")} "{test.get("message")}", limit hit '
                    f'{test.get("limit_hit")}, {test.get("cpu_ms")} ms CPU, {test.get("wall_ms")} ms wall (extended by '
                    f'{test.get("wall_limit_extended_ms")}), manager {manager.get("cpu_ms")} ms CPU, '
                    f'{manager.get("wall_ms")} ms wall')
    return "every test AC"


def check_cms_verify(checks, proc, table, count, name):
    """`judge verify` of a CMS export: exit 0, every one of `count` submissions OK."""
    with open(table) as f:
        submissions = json.load(f)["submissions"]
    statuses = {s["name"]: s["status"] for s in submissions}
    # With each one not as expected, why, and the first test that was not AC: what
    # the verdict was and what the judge measured (a load-dependent one shows here).
    failed = {s["name"]: f'{s["status"]}: {s.get("reason")}; {first_rejected_test(s)}'
              for s in submissions if s["status"] != "OK"}
    checks.expect(proc.returncode == 0 and len(statuses) == count and not failed,
                  f"judge verify of {name}'s CMS export: all {count} submissions as expected "
                  f"(exit {proc.returncode}, {len(statuses)} judged, not as expected: {failed})")


def check_cms_new(args, checks):
    problem = os.path.join(args.work, "x")
    scenario_steps.run([args.judge, "new", problem, "-q"])
    task = os.path.join(args.work, "x-cms")
    proc = scenario_steps.run([args.judge, "export", problem, task, "--format", "cms"], tail=3)
    checks.expect(proc.returncode == 0, "judge export of a judge new problem --format cms exits 0")
    checks.expect('public_testcases: "0"' in open(os.path.join(task, "task.yaml")).read(),
                  "its sample is public")
    table = os.path.join(args.work, "verify.json")
    proc = scenario_steps.run([args.judge, "verify", task, "--json", table], timeout=1800, tail=6)
    submissions = sum(len(files) for _, _, files in os.walk(os.path.join(problem, "submissions")))
    check_cms_verify(checks, proc, table, submissions, "judge new")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("case", choices=["problem", "zip", "new", "polygon", "to-polygon", "cms", "cms_new"])
    parser.add_argument("name", nargs="?")
    for option in ("--judge", "--work", "--build", "--source"):
        parser.add_argument(option, required=True)
    args = parser.parse_args()
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    checks = scenario_steps.Checks()
    if args.case == "problem":
        check_problem(args, checks, args.name)
    elif args.case == "zip":
        check_zip(args, checks)
    elif args.case == "to-polygon":
        check_to_polygon(args, checks, args.name)
    elif args.case == "new":
        check_new(args, checks)
    elif args.case == "cms":
        check_cms(args, checks)
    elif args.case == "cms_new":
        check_cms_new(args, checks)
    else:
        check_polygon(args, checks)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
