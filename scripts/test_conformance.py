#!/usr/bin/env python3
"""Real packages as they come (issue 29): each case of testdata/conformance/ judged as a
setter would, with what problemtools and BAPCtools do on the same package.

  --case polygon_own_header    a Polygon package with its own testlib.h beside the
                               interactor and checker: judge verify exits 0
  --case polygon_real_testlib  the same with the real testlib.h of ../shared/corpus
                               copied into files/ (skipped, exit 77, without it)
  --case problemtools_examples problemtools' own examples from ../shared/corpus/tools
                               (skipped without): guess all as its folders say;
                               different all in the table's languages as theirs say,
                               Python 2 CE, the other languages skipped by name;
                               oddecho and hello (default validation) exit 2 saying so
  --case closed_stdout         BAPCtools' guess_close_stdout_1 (closes stdout, sleeps
                               10 s) is TLE (ILE) at the inferred limit, never WA
  --case samples_only          no data/secret (as git delivers an empty one), and an
                               empty one: the samples are judged, with a warning;
                               --strict refuses it
  --case misspelt_key          `typ: interactive`: judge run warns, naming `type`
  --case java_classes          Java files named unlike their class, a Kotlin file
  --case batch_short_name      judge batch names a package by its folder, takes a
                               Java file holding `public class Main`
  --case beside_headers        a problem.json interactor with limits.hpp beside it, a
                               generator on the interactor library's generator.hpp
  --case kattis_include        a legacy Kattis package whose include/cpp/ holds the
                               grader (main) and header, IOI style: the contestant's
                               file defines a function; AC and WA as the folders say
  --case kattis_grader         a legacy Kattis scoring package (include/cpp/, test data
                               groups with grader_flags, accept_score and range, a
                               custom grader in graders/, a symlinked test,
                               partially_accepted/): each submission gets the verdict
                               and score problemtools gives
  --case kattis_grader_rejects the same with a grader that rejects everything: the
                               accepted submissions fail, as under problemtools
  --case kattis_grader_range   the same with group 1 worth more than its range: judge
                               verify fails naming the group, as problemtools does
  --case taskmaker_gen         a task-maker (italy_yaml) task whose inputs come from
                               gen/GEN: judge verify says to run judge generate; one
                               judge generate makes input/ and output/ (generator,
                               validator, official solution with its grader), and then
                               every submission is as its folder expects; --check,
                               and a test the validator refuses
  --case tps_batch             a TPS task (IOI's format): Batch with grader/cpp/, a
                               checker, subtasks.json and tests/mapping; every solution
                               of solutions.json gets its verdict and score; one
                               listed "correct" that is not makes judge verify fail
  --case tps_communication     the same for a Communication task (grader/manager.cpp)
  --case tps_two_processes     a TPS Communication task of two processes (num_processes
                               2, each on stdin and stdout with its index), partial
                               outcomes scored by GroupMin
  --case tps_generate          tps-batch and tps-communication without tests/: judge
                               verify says to run judge generate; judge generate makes
                               tests/ and tests/mapping equal to the committed ones
                               byte for byte (TPS's names and mapping); --check names a
                               changed file; a generator that fails and an input the
                               validator refuses are exit 3 naming the gen/data line
  --case tps_cms_export        both tasks in the CMS-ready layout TPS's CMS exporter
                               writes (made by the test, as scripts/exporters/CMS.py
                               does): every solutions/<verdict>/ file as expected
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SOURCE = os.path.dirname(HERE)
PACKAGES = os.path.join(SOURCE, "testdata", "conformance")
SKIP = 77


class Case:
    def __init__(self, judge, work):
        self.judge = judge
        self.work = work
        self.failures = 0

    def run(self, *args, env=None):
        command = [self.judge, *args]
        print("$", " ".join(command), flush=True)
        proc = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                              timeout=900)
        print(proc.stdout[-6000:], end="")
        print(proc.stderr[-3000:], end="", file=sys.stderr)
        return proc

    def expect(self, ok, what):
        print(("ok:   " if ok else "FAIL: ") + what, flush=True)
        if not ok:
            self.failures += 1

    def copy(self, name):
        target = os.path.join(self.work, name)
        shutil.copytree(os.path.join(PACKAGES, name), target)
        return target

    def verify_json(self, package, *extra):
        out = os.path.join(self.work, os.path.basename(package) + ".verify.json")
        proc = self.run("verify", package, "--json", out, *extra)
        report = json.load(open(out)) if os.path.exists(out) else {}
        return proc, report


def verdicts(report):
    return {s["name"]: (s["status"], s.get("verdict")) for s in report.get("submissions", [])}


def polygon_own_header(case):
    proc, report = case.verify_json(os.path.join(PACKAGES, "polygon-own-header"))
    case.expect(proc.returncode == 0, "judge verify exits 0 (testlib.h beside the interactor and checker is found)")
    got = verdicts(report)
    case.expect(got.get("solutions/linear.cpp", (None, None))[1] == "WA", "the wrong-answer solution is WA")
    case.expect(got.get("solutions/crash.cpp", (None, None))[1] == "RTE", "the crashing solution is RTE")


def corpus_dir():
    for candidate in [os.environ.get("JUDGE_SHARED_CORPUS"), os.path.join(SOURCE, "..", "shared", "corpus")]:
        if candidate and os.path.isfile(os.path.join(candidate, "testlib", "testlib.h")):
            return candidate
    return None


def polygon_real_testlib(case, corpus):
    # --corpus (CMake's JUDGE_SHARED_CORPUS, <source>/../shared/corpus by default), else
    # the environment's JUDGE_SHARED_CORPUS, else <source>/../shared/corpus.
    if corpus is None or not os.path.isfile(os.path.join(corpus, "testlib", "testlib.h")):
        corpus = corpus_dir()
    if corpus is None:
        print("skipped: ../shared/corpus not present")
        return SKIP
    package = case.copy("polygon-real-testlib")
    # The package as Polygon exports it carries files/testlib.h; the repository's copy
    # does not (the corpus file is never copied into the project): put the real one in.
    shutil.copy2(os.path.join(corpus, "testlib", "testlib.h"), os.path.join(package, "files", "testlib.h"))
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 0, "judge verify exits 0 on a Polygon package built on the real testlib.h")
    got = verdicts(report)
    case.expect(got.get("solutions/binary_search.cpp", (None, None)) == ("OK", "AC"), "main: AC")
    case.expect(got.get("solutions/linear.cpp", (None, None)) == ("OK", "WA"), "wrong-answer: WA (the checker)")
    case.expect(got.get("solutions/crash.cpp", (None, None)) == ("OK", "RTE"), "failed: RTE")
    return None


# problemtools' own examples (../shared/corpus/tools/problemtools/examples), each judged
# as it is: the interactive guess every submission as its folder says; different (a
# custom validator) every submission in a language of the table as its folder says, the
# Python 2 one CE under Python 3, those of languages the table lacks skipped by name;
# oddecho and hello, judged by the default validator, refused saying so.
DIFFERENT_SKIPPED = {"Different.scala", "different.cs", "different.go", "different.hs", "different.js",
                     "different.lisp", "different.ml", "different.php", "different.rb", "prolog"}


def problemtools_examples(case, corpus):
    examples = os.path.join(corpus, "tools", "problemtools", "examples") if corpus else ""
    if not os.path.isdir(os.path.join(examples, "guess")):
        print("skipped: problemtools' examples are not in ../shared/corpus/tools")
        return SKIP
    for name in ("guess", "different", "oddecho", "hello"):
        shutil.copytree(os.path.join(examples, name), os.path.join(case.work, name), symlinks=True)
    proc, report = case.verify_json(os.path.join(case.work, "guess"))
    statuses = [s["status"] for s in report.get("submissions", [])]
    case.expect(proc.returncode == 0 and statuses and set(statuses) == {"OK"},
                f"guess (interactive, 2023-07): every submission as its folder says ({len(statuses)} run)")
    proc, report = case.verify_json(os.path.join(case.work, "different"))
    by_file = {os.path.basename(s["name"]): s for s in report.get("submissions", [])}
    skipped = {name for name, s in by_file.items() if s["status"] == "SKIP"}
    case.expect(skipped == DIFFERENT_SKIPPED, f"different: the languages the table lacks are skipped ({sorted(skipped)})")
    python2 = by_file.get("different_py2.py", {})
    case.expect(python2.get("verdict") == "CE", f"different: the Python 2 submission is CE under Python 3 ({python2})")
    wrong = sorted(name for name, s in by_file.items()
                   if s["status"] not in ("OK", "SKIP") and name != "different_py2.py")
    case.expect(len(by_file) == 21 and not wrong, f"different: every other submission as its folder says ({wrong})")
    for name, words in (("oddecho", "has no output validator"), ("hello", "validation is default")):
        proc = case.run("verify", os.path.join(case.work, name), "-q")
        case.expect(proc.returncode == 2 and words in proc.stderr,
                    f"{name} (default validation): exit 2 saying it ({proc.returncode}: {proc.stderr.strip()[:200]})")
    return None


def closed_stdout(case):
    proc, report = case.verify_json(os.path.join(PACKAGES, "closed-stdout"))
    case.expect(proc.returncode == 0, "judge verify exits 0")
    got = verdicts(report)
    tle = got.get("time_limit_exceeded/guess_close_stdout_1.cpp", (None, None))
    case.expect(tle[0] == "OK" and tle[1] in ("TLE", "ILE"), f"the closed-stdout sleeper is TLE/ILE, got {tle}")
    case.expect(got.get("run_time_error/close_then_abort.cpp", (None, None)) == ("OK", "RTE"),
                "closing stdout then crashing is RTE")
    limit = report.get("time_limit_ms", 0)
    for submission in report.get("submissions", []):
        for test in submission.get("result", {}).get("tests", []):
            case.expect(test.get("wall_ms", 0) <= 2 * limit * 1.5 + 1000 + 1000,
                        f"{submission['name']} {test['name']}: ran {test.get('wall_ms')} ms, within the wall "
                        f"limit that follows from the {limit} ms time limit (x 1.5 for time_limit_exceeded/, "
                        f"plus a second of slack)")


def samples_only(case):
    package = case.copy("samples-only")
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 0, "judge verify exits 0 on a package without data/secret")
    case.expect(any("no data/secret folder" in w for w in report.get("warnings", [])), "with a warning that says so")
    proc = case.run("verify", package, "--strict")
    case.expect(proc.returncode == 2 and "no data/secret folder" in proc.stderr, "--strict: exit 2 naming it")
    os.makedirs(os.path.join(package, "data", "secret"))
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 0 and any("data/secret is empty" in w for w in report.get("warnings", [])),
                "an empty data/secret: judged, with a warning")


def misspelt_key(case):
    package = case.copy("samples-only")
    os.makedirs(os.path.join(package, "data", "secret"))
    shutil.copy2(os.path.join(package, "data", "sample", "1.in"), os.path.join(package, "data", "secret", "1.in"))
    shutil.copy2(os.path.join(package, "data", "sample", "1.ans"), os.path.join(package, "data", "secret", "1.ans"))
    yaml_path = os.path.join(package, "problem.yaml")
    text = open(yaml_path).read().replace("type: pass-fail interactive", "typ: interactive")
    open(yaml_path, "w").write(text)
    submission = os.path.join(package, "submissions", "accepted", "bisect.py")
    proc = case.run("run", package, submission, "-q")
    case.expect('unknown key "typ" (did you mean "type"?' in proc.stderr, "judge run warns about typ, naming type")
    proc = case.run("verify", package, "--strict")
    case.expect(proc.returncode == 2 and '"typ"' in proc.stderr, "judge verify --strict refuses it (exit 2)")


def java_classes(case):
    proc, report = case.verify_json(os.path.join(PACKAGES, "java-classes"))
    case.expect(proc.returncode == 0, "judge verify exits 0")
    got = verdicts(report)
    for name in ["accepted/boolfind-test-correct.java", "accepted/guess-public.java", "accepted/guess-kotlin.kt"]:
        case.expect(got.get(name, (None, None)) == ("OK", "AC"), f"{name}: AC")


def batch_short_name(case):
    package = case.copy("java-classes")
    subs = os.path.join(case.work, "subs")
    os.makedirs(os.path.join(subs, "carol"))
    shutil.copy2(os.path.join(package, "submissions", "accepted", "guess-public.java"),
                 os.path.join(subs, "carol", "java-classes.java"))
    out = os.path.join(case.work, "out")
    proc = case.run("batch", subs, "--problems", package, "--out", out, "-j", "1")
    case.expect(proc.returncode == 0, "judge batch exits 0")
    result = os.path.join(out, "results", "carol", "java-classes.json")
    case.expect(os.path.exists(result) and json.load(open(result))["verdict"] == "AC",
                "carol/java-classes.java (public class Main) is AC, the problem named by its folder")


def beside_headers(case):
    package = case.copy("beside-headers")
    proc = case.run("generate", package, "--check")
    case.expect(proc.returncode == 0, "judge generate --check: the generator builds on generator.hpp and limits.hpp")
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 0, "judge verify exits 0: the interactor builds with limits.hpp beside it")


def kattis_include(case):
    proc, report = case.verify_json(os.path.join(PACKAGES, "kattis-include"))
    case.expect(proc.returncode == 0, "judge verify exits 0 (include/cpp/ compiled with every C++ submission)")
    got = verdicts(report)
    case.expect(got.get("accepted/binary_search.cpp", (None, None)) == ("OK", "AC"),
                "accepted/binary_search.cpp (play() only, no main) is AC")
    case.expect(got.get("wrong_answer/gives_up.cpp", (None, None)) == ("OK", "WA"),
                "wrong_answer/gives_up.cpp is WA")


def graded(report):
    return {s["name"]: (s["status"], s.get("verdict"), s.get("score")) for s in report.get("submissions", [])}


def kattis_grader(case):
    # What problemtools' verifyproblem printed for this package (its submissions part,
    # 2026-11-29): binary_search AC (100), walk_from_the_left AC (30) as PAC,
    # digs_once WA, thinks_forever TLE.
    proc, report = case.verify_json(os.path.join(PACKAGES, "kattis-grader"))
    case.expect(proc.returncode == 0, "judge verify exits 0 (every submission as its folder expects)")
    got = graded(report)
    for name, want in [("accepted/binary_search.cpp", ("OK", "AC", 100)),
                       ("partially_accepted/walk_from_the_left.cpp", ("OK", "AC", 30)),
                       ("wrong_answer/digs_once.cpp", ("OK", "WA", 0)),
                       ("time_limit_exceeded/thinks_forever.cpp", ("OK", "TLE", 0))]:
        case.expect(got.get(name) == want, f"{name}: {want} (got {got.get(name)})")
    groups = {}
    for submission in report.get("submissions", []):
        if submission["name"] == "partially_accepted/walk_from_the_left.cpp":
            groups = {g["name"]: (g["verdict"], g["score"], g["grader"]) for g in submission["result"]["test_groups"]}
    case.expect(groups.get("secret/group1") == ("AC", 30, "default"), f"group 1 AC 30 by min (got {groups.get('secret/group1')})")
    case.expect(groups.get("secret/group2") == ("WA", 0, "default"), f"group 2 WA 0 (got {groups.get('secret/group2')})")
    case.expect(groups.get("secret") == ("AC", 30, "custom"), f"secret: the custom grader's AC 30 (got {groups.get('secret')})")


def kattis_grader_rejects(case):
    package = case.copy("kattis-grader")
    shutil.rmtree(os.path.join(package, "submissions", "time_limit_exceeded"))
    with open(os.path.join(package, "graders", "subtask_grader.py"), "w") as f:
        f.write("#!/usr/bin/env python3\nimport sys\nsys.stdin.read()\nprint('WA 0')\n")
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 1, f"judge verify exits 1 (exit {proc.returncode})")
    got = graded(report)
    case.expect(got.get("accepted/binary_search.cpp", ())[:2] == ("FAIL", "WA"), "accepted/: graded WA, FAIL")
    case.expect(got.get("partially_accepted/walk_from_the_left.cpp", ())[:2] == ("FAIL", "WA"),
                "partially_accepted/: graded WA, FAIL")
    case.expect(got.get("wrong_answer/digs_once.cpp", ())[:2] == ("OK", "WA"), "wrong_answer/: WA, OK")
    # A grader whose output is no reply is a judge error, never a verdict.
    with open(os.path.join(package, "graders", "subtask_grader.py"), "w") as f:
        f.write("#!/usr/bin/env python3\nprint('accepted!')\n")
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 1, f"judge verify exits 1 (exit {proc.returncode})")
    reasons = " ".join(s.get("reason", "") for s in report.get("submissions", []))
    case.expect(graded(report).get("accepted/binary_search.cpp", ())[:2] == ("FAIL", "JE"), "a broken grader: JE")
    case.expect("not one line" in reasons, "the reason quotes the grader's output problem")


def kattis_grader_range(case):
    package = case.copy("kattis-grader")
    shutil.rmtree(os.path.join(package, "submissions", "time_limit_exceeded"))
    path = os.path.join(package, "data", "secret", "group1", "testdata.yaml")
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(text.replace("accept_score: 30", "accept_score: 35"))
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 1, f"judge verify exits 1 (exit {proc.returncode})")
    got = {s["name"]: s for s in report.get("submissions", [])}
    accepted = got.get("accepted/binary_search.cpp", {})
    case.expect(accepted.get("status") == "FAIL" and accepted.get("score") == 105, "accepted/: score 105, FAIL")
    case.expect("group secret/group1 scored 35, outside its range [0, 30]" in accepted.get("reason", ""),
                "the reason names the group and its range")
def tps_task(case, package_name, expected, wrong_name):
    """A TPS task: each solution's verdict and score as solutions.json says, then the same
    package with `wrong_name` listed as correct, which judge verify must refuse."""
    proc, report = case.verify_json(os.path.join(PACKAGES, package_name))
    case.expect(proc.returncode == 0, f"judge verify exits 0 on {package_name}")
    case.expect(report.get("format") == "TPS task", f"it is read as a TPS task, got {report.get('format')}")
    for submission in report.get("submissions", []):
        name = submission["name"]
        if name not in expected:
            continue
        verdict, score = expected[name]
        got = (submission.get("status"), submission.get("verdict"), submission.get("score"))
        # A manager prints 1/3 as 0.333333, as CMS reads it: scores within 1e-3.
        close = got[2] is not None and abs(got[2] - score) < 1e-3
        case.expect(got[:2] == ("OK", verdict) and close,
                    f"{name}: as expected, {verdict} with {score} points; got {got}")
    names = {submission["name"] for submission in report.get("submissions", [])}
    case.expect(names == set(expected), f"the solutions run are solutions.json's: {sorted(names)}")
    package = case.copy(package_name)
    listing = os.path.join(package, "solutions.json")
    solutions = json.load(open(listing))
    solutions[wrong_name] = {"verdict": "correct"}
    json.dump(solutions, open(listing, "w"), indent=4)
    proc, report = case.verify_json(package)
    case.expect(proc.returncode != 0, f"judge verify fails when solutions.json calls {wrong_name} correct")
    status = {submission["name"]: submission.get("status") for submission in report.get("submissions", [])}
    case.expect(status.get("solution/" + wrong_name) not in (None, "OK"),
                f"solution/{wrong_name} is the one not as expected, got {status.get('solution/' + wrong_name)}")


def tps_batch(case):
    tps_task(case, "tps-batch", {"solution/model.cpp": ("AC", 100), "solution/overflow.cpp": ("WA", 40),
                                 "solution/largest.cpp": ("WA", 0), "solution/slow.cpp": ("TLE", 0)},
             "overflow.cpp")


def tps_communication(case):
    tps_task(case, "tps-communication",
             {"solution/binary.cpp": ("AC", 100), "solution/linear.cpp": ("WA", 40),
              "solution/always-one.cpp": ("WA", 0), "solution/spin.cpp": ("TLE", 0)},
             "linear.cpp")


def tps_two_processes(case):
    # CMS's bits task in TPS's layout: two processes on stdin and stdout, each given
    # its index; five-bits decodes 1/3 of subtask small's numbers and 3/5 of full's:
    # GroupMin 30 * 1/3 + 70 * 3/5 = 52.
    tps_task(case, "tps-two-processes",
             {"solution/binary.cpp": ("AC", 100), "solution/forgetful.cpp": ("WA", 0),
              "solution/decoder-crashes.cpp": ("RTE", 0), "solution/five-bits.cpp": ("AC", 52)},
             "five-bits.cpp")


def export_tps_for_cms(source, target):
    """The CMS-ready layout of a TPS task, written as TPS's `tps export CMS`
    (ioi/tps scripts/exporters/CMS.py) writes it: problem.json with code, the title as
    name, memory_limit in bytes and task_type; graders/ flat (the manager too);
    checker/; tests/; subtasks/NN-NAME.json; solutions/<verdict>/."""
    problem = json.load(open(os.path.join(source, "problem.json")))
    params = {}
    if problem["type"] == "Batch":
        params["task_type_parameters_Batch_compilation"] = "grader"
    os.makedirs(target)
    json.dump({"protocol_version": 1, "code": problem["name"], "name": problem["title"],
               "time_limit": problem["time_limit"], "memory_limit": problem["memory_limit"] * 1024 * 1024,
               "score_precision": 2, "task_type": problem["type"], "task_type_params": json.dumps(params)},
              open(os.path.join(target, "problem.json"), "w"))
    for folder, files in (("graders", ["grader/cpp/grader.cpp", f"grader/cpp/{problem['name']}.h",
                                       "grader/manager.cpp"]),
                          ("checker", ["checker/checker.cpp"])):
        for name in files:
            if os.path.isfile(os.path.join(source, name)):
                os.makedirs(os.path.join(target, folder), exist_ok=True)
                shutil.copy2(os.path.join(source, name), os.path.join(target, folder))
    shutil.copytree(os.path.join(source, "tests"), os.path.join(target, "tests"),
                    ignore=shutil.ignore_patterns("mapping", "gen_summary"))
    subtask_tests = {}
    for line in open(os.path.join(source, "tests", "mapping")):
        if line.split():
            subtask, test = line.split()
            subtask_tests.setdefault(subtask, []).append(test)
    os.makedirs(os.path.join(target, "subtasks"))
    for name, data in json.load(open(os.path.join(source, "subtasks.json")))["subtasks"].items():
        json.dump({"score": data["score"], "testcases": subtask_tests[name]},
                  open(os.path.join(target, "subtasks", f"{data['index']:02}-{name}.json"), "w"))
    for name, data in json.load(open(os.path.join(source, "solutions.json"))).items():
        os.makedirs(os.path.join(target, "solutions", data["verdict"]), exist_ok=True)
        shutil.copy2(os.path.join(source, "solution", name), os.path.join(target, "solutions", data["verdict"]))


def tps_cms_export(case):
    for package_name in ("tps-batch", "tps-communication"):
        exported = os.path.join(case.work, package_name + "-CMS")
        export_tps_for_cms(os.path.join(PACKAGES, package_name), exported)
        proc, report = case.verify_json(exported)
        case.expect(proc.returncode == 0, f"judge verify exits 0 on {package_name} as TPS exports it for CMS")
        statuses = {s["name"]: (s.get("status"), s.get("verdict")) for s in report.get("submissions", [])}
        case.expect(len(statuses) == 4 and all(status == "OK" for status, _ in statuses.values()),
                    f"each of the 4 solutions as its solutions/<verdict>/ folder says: {statuses}")
        model = [s for s in report.get("submissions", []) if s["name"].startswith("solutions/model_solution/")]
        case.expect(len(model) == 1 and model[0].get("score") == 100, "the model solution scores 100")


def taskmaker_gen(case):
    package = case.copy("taskmaker-gen")
    proc = case.run("verify", package)
    case.expect(proc.returncode == 2 and "judge generate" in proc.stderr,
                "before generating, judge verify exits 2 saying to run judge generate")
    proc = case.run("generate", package)
    case.expect(proc.returncode == 0, f"judge generate exits 0 (exit {proc.returncode})")
    inputs = sorted(os.listdir(os.path.join(package, "input"))) if os.path.isdir(os.path.join(package, "input")) else []
    outputs = sorted(os.listdir(os.path.join(package, "output"))) if os.path.isdir(os.path.join(package, "output")) else []
    case.expect(inputs == [f"input{i}.txt" for i in range(6)], f"input/input0..5.txt (got {inputs})")
    case.expect(outputs == [f"output{i}.txt" for i in range(6)], f"output/output0..5.txt (got {outputs})")
    with open(os.path.join(package, "input", "input0.txt")) as f:
        case.expect(f.read() == "3\n1 2 3\n", "input0.txt is the #COPY of gen/esempio.txt")
    with open(os.path.join(package, "output", "output0.txt")) as f:
        case.expect(f.read() == "6\n", "output0.txt is the official solution's answer (6)")
    proc, report = case.verify_json(package)
    case.expect(proc.returncode == 0, f"judge verify exits 0 after one judge generate (exit {proc.returncode})")
    got = graded(report)
    case.expect(got.get("accepted/somma.cpp") == ("OK", "AC", 100), f"accepted/somma.cpp AC 100 ({got.get('accepted/somma.cpp')})")
    case.expect(got.get("wrong_answer/int_sum.cpp", ())[:2] == ("OK", "WA"), "wrong_answer/int_sum.cpp WA")
    proc = case.run("generate", package, "--check")
    case.expect(proc.returncode == 0, "judge generate --check: the data matches gen/GEN")
    with open(os.path.join(package, "output", "output3.txt"), "w") as f:
        f.write("5\n")
    proc = case.run("generate", package, "--check")
    case.expect(proc.returncode == 1 and "changed  output/output3.txt" in proc.stdout,
                "--check exits 1 naming output/output3.txt")
    # A test the validator refuses (N = 1000 in the subtask of N <= 10) stops it all.
    gen = os.path.join(package, "gen", "GEN")
    with open(gen) as f:
        text = f.read()
    with open(gen, "w") as f:
        f.write(text.replace("10    2", "1000  2"))
    proc = case.run("generate", package)
    case.expect(proc.returncode == 3 and "the validator failed on test 2" in proc.stderr
                and "outside subtask 2's limit" in proc.stderr,
                "judge generate exits 3 naming the test, its GEN line and the validator's reason")
    with open(os.path.join(package, "output", "output3.txt")) as f:
        case.expect(f.read() == "5\n", "nothing was written when a test failed")


def tests_folder(package):
    folder = os.path.join(package, "tests")
    if not os.path.isdir(folder):
        return {}
    return {name: open(os.path.join(folder, name), "rb").read() for name in sorted(os.listdir(folder))}


def tps_generate_package(case, name, changed):
    """judge generate on a TPS package whose tests/ was deleted: the committed tests/ again."""
    package = case.copy(name)
    committed = tests_folder(package)
    shutil.rmtree(os.path.join(package, "tests"))
    proc = case.run("verify", package)
    case.expect(proc.returncode == 2 and "judge generate" in proc.stderr,
                f"{name} without tests/: judge verify exits 2 saying to run judge generate (exit {proc.returncode})")
    proc = case.run("generate", package)
    case.expect(proc.returncode == 0, f"{name}: judge generate exits 0 (exit {proc.returncode})")
    made = tests_folder(package)
    case.expect(sorted(made) == sorted(committed), f"{name}: the files of tests/ are the committed ones: {sorted(made)}")
    different = [file for file in committed if made.get(file) != committed[file]]
    case.expect(not different, f"{name}: every file equals the committed one byte for byte (differ: {different})")
    proc = case.run("verify", package)
    case.expect(proc.returncode == 0, f"{name}: judge verify exits 0 after judge generate (exit {proc.returncode})")
    with open(os.path.join(package, "tests", changed), "a") as f:
        f.write("7\n")
    proc = case.run("generate", package, "--check")
    case.expect(proc.returncode == 1 and f"changed  tests/{changed}" in proc.stdout,
                f"{name}: --check exits 1 naming tests/{changed}")
    return package


def tps_generate(case):
    package = tps_generate_package(case, "tps-batch", "1-01.out")
    tps_generate_package(case, "tps-communication", "mapping")
    gen_data = os.path.join(package, "gen", "data")
    with open(gen_data) as f:
        text = f.read()
    lines = text.count("\n")
    # random.cpp wants four arguments: exit 1 with its usage.
    with open(gen_data, "w") as f:
        f.write(text + "random 5\n")
    proc = case.run("generate", package)
    case.expect(proc.returncode == 3 and f"gen/data:{lines + 1}: the generator random failed on test 2-04" in proc.stderr
                and "usage: random N LO HI SEED" in proc.stderr,
                "a generator that exits 1: exit 3 naming the gen/data line, the test and its message")
    # Numbers from 0: validator/validator.cpp refuses them (1 <= a[i]).
    with open(gen_data, "w") as f:
        f.write(text + "random 5 0 3 1\n")
    proc = case.run("generate", package)
    case.expect(proc.returncode == 3 and f"gen/data:{lines + 1}: the validator failed on test 2-04" in proc.stderr
                and "a number is out of its range" in proc.stderr,
                "an input the validator refuses: exit 3 naming the gen/data line, the test and the validator's reason")
    with open(os.path.join(package, "tests", "1-01.out")) as f:
        case.expect(f.read().endswith("7\n"), "nothing was written when a test failed")
    case.expect(not os.path.exists(os.path.join(package, "tests", "2-04.in")), "no tests/2-04.in was written")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--case", required=True)
    parser.add_argument("--corpus", help="the shared corpus folder (default: JUDGE_SHARED_CORPUS, else "
                        "<source>/../shared/corpus)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="judge-conformance-") as work:
        case = Case(os.path.abspath(args.judge), work)
        if args.case in ("polygon_real_testlib", "problemtools_examples"):
            corpus = args.corpus if args.corpus and os.path.isdir(args.corpus) else corpus_dir()
            status = (polygon_real_testlib(case, args.corpus) if args.case == "polygon_real_testlib"
                      else problemtools_examples(case, corpus))
            if status == SKIP:
                return SKIP
        else:
            cases = {"polygon_own_header": polygon_own_header, "closed_stdout": closed_stdout,
                     "samples_only": samples_only, "misspelt_key": misspelt_key, "java_classes": java_classes,
                     "batch_short_name": batch_short_name, "beside_headers": beside_headers,
                     "kattis_include": kattis_include, "kattis_grader": kattis_grader,
                     "kattis_grader_rejects": kattis_grader_rejects, "kattis_grader_range": kattis_grader_range,
                     "taskmaker_gen": taskmaker_gen,
                     "tps_batch": tps_batch, "tps_communication": tps_communication,
                     "tps_cms_export": tps_cms_export, "tps_generate": tps_generate, "tps_two_processes": tps_two_processes}
            if args.case not in cases:
                print(f"unknown case {args.case}", file=sys.stderr)
                return 2
            cases[args.case](case)
        print(f"{case.failures} check(s) failed" if case.failures else "all checks passed")
        return 1 if case.failures else 0


if __name__ == "__main__":
    sys.exit(main())
