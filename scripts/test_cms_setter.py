#!/usr/bin/env python3
"""A CMS task as its setter reads it (issue 48, "CMS details" and expect-score): each a
CTest of its own (testdata/cms/CMakeLists.txt).

  terminal   `judge run` of guess' extra/linear.cpp (7 questions where 4 do on the
             sample: outcome 0.5): the test's line shows "outcome 0.5" and the
             manager's message; the JSON gives the test its outcome beside its
             subtask's score (`subtask_score` 5 of `subtask_max_score` 10), and `score`
             keeps its meaning (outcome times the group's points); `--transcripts` on a
             Communication task warns that it keeps no transcript, and why
  validate   `judge validate` speaks CMS: a task without task-maker's validator is
             exit 2 naming gen/validator.* and what was checked (never problem.json or
             input_validators/); task-maker's gen/validator.py runs as `validator
             INPUT SUBTASK` (subtask from gen/GEN): valid inputs exit 0, an input
             beyond its subtask's limit exit 1 with the validator's words
  score      `// expect-score: A..B` in a CMS task's submission is honoured by `judge
             verify`: 50..50 passes for a submission that scores 50, 60..70 fails it
"""
import json
import os
import shutil
import sys

import scenario_steps

HERE = os.path.dirname(os.path.abspath(__file__))
CMS = os.path.join(HERE, "..", "testdata", "cms")


def check_terminal(args, checks):
    transcripts = os.path.join(args.work, "transcripts")
    result = os.path.join(args.work, "linear.json")
    proc = scenario_steps.run([args.judge, "run", os.path.join(CMS, "guess"), os.path.join(CMS, "guess/extra/linear.cpp"),
                               "--tests", "000", "--json", result, "--transcripts", transcripts])
    line = next((line for line in proc.stdout.splitlines() if line.strip().startswith("000")), "")
    checks.expect("outcome 0.5" in line, f"the test's line shows its outcome ({line!r})")
    checks.expect("found with 7 questions; 4 are enough" in line, "and the manager's message of a partial outcome")
    with open(result) as f:
        test = json.load(f)["tests"][0]
    checks.expect(test.get("outcome") == 0.5, f"JSON: the test's own outcome 0.5 ({test.get('outcome')})")
    checks.expect(test.get("subtask") == "1" and test.get("subtask_score") == 5 and test.get("subtask_max_score") == 10,
                  f"JSON: its subtask's score beside it, 5 of 10 ({test.get('subtask')}, {test.get('subtask_score')}, "
                  f"{test.get('subtask_max_score')})")
    checks.expect(test.get("score") == 5, f"JSON: score keeps its meaning, outcome x points ({test.get('score')})")
    checks.expect("warning: --transcripts" in proc.stderr and "keep no transcript" in proc.stderr
                  and "FIFO" in proc.stderr, "--transcripts on a Communication task warns why it keeps none")
    kept = [name for _, _, files in os.walk(transcripts) for name in files]
    checks.expect(not kept, f"and keeps nothing ({kept})")
    proc = scenario_steps.run([args.judge, "run", os.path.join(CMS, "guess"),
                               os.path.join(CMS, "guess/submissions/accepted/binary.cpp"), "--tests", "000"])
    line = next((line for line in proc.stdout.splitlines() if line.strip().startswith("000")), "")
    checks.expect("outcome 1" in line and "translate:success" not in line,
                  f"a full outcome shows 1, without the message ({line!r})")


def check_validate(args, checks):
    proc = scenario_steps.run([args.judge, "validate", os.path.join(CMS, "guess")])
    said = proc.stderr
    checks.expect(proc.returncode == 2, f"a CMS task without a validator: exit 2 ({proc.returncode})")
    checks.expect("is a CMS task (task.yaml) without an input validator" in said and "gen/validator.*" in said
                  and "validator INPUT SUBTASK" in said, "it says what a CMS task's validator is")
    checks.expect("task.yaml and its 4 tests" in said, "and what was checked")
    checks.expect("problem.json" not in said and "input_validators/" not in said, "and not problem.json's words")
    proc = scenario_steps.run([args.judge, "validate", os.path.join(HERE, "..", "testdata", "conformance", "tps-batch")])
    checks.expect(proc.returncode == 2 and "is a TPS task" in proc.stderr and "--check" in proc.stderr
                  and "problem.json" not in proc.stderr.replace("TPS", ""),
                  "a TPS task: exit 2, its validators run with judge generate --check")
    task = os.path.join(args.work, "taskmaker-gen")
    shutil.copytree(os.path.join(HERE, "..", "testdata", "conformance", "taskmaker-gen"), task)
    scenario_steps.run([args.judge, "generate", task, "-q"], timeout=600, tail=5)
    proc = scenario_steps.run([args.judge, "validate", task])
    checks.expect(proc.returncode == 0 and "a CMS task" in proc.stdout and "gen/validator.py" in proc.stdout
                  and "6 of 6 inputs valid" in proc.stdout, "task-maker's validator passes the generated inputs")
    # Test 1 is in subtask 2 (gen/GEN's second "#ST:"), where N <= 10.
    with open(os.path.join(task, "input", "input1.txt"), "w") as f:
        f.write("30\n" + " ".join(["5"] * 30) + "\n")
    proc = scenario_steps.run([args.judge, "validate", task])
    checks.expect(proc.returncode == 1 and "INVALID" in proc.stdout and "gen/validator.py 2" in proc.stdout
                  and "N = 30 is outside subtask 2's limit 10" in proc.stdout,
                  "an input beyond its subtask's limit: exit 1, the validator's words and the subtask")


def check_score(args, checks):
    task = os.path.join(args.work, "guess")
    shutil.copytree(os.path.join(CMS, "guess"), task)
    submission = os.path.join(task, "submissions", "partially_accepted", "asks_twice.cpp")
    result = os.path.join(args.work, "verify.json")
    proc = scenario_steps.run([args.judge, "verify", task, submission, "--json", result], timeout=600, tail=4)
    with open(result) as f:
        score = json.load(f)["submissions"][0].get("score")
    checks.expect(proc.returncode == 0 and score == 50, f"expect-score: 50..50 holds (exit {proc.returncode}, {score})")
    with open(submission) as f:
        text = f.read()
    with open(submission, "w") as f:
        f.write(text.replace("expect-score: 50..50", "expect-score: 60..70"))
    proc = scenario_steps.run([args.judge, "verify", task, submission], timeout=600, tail=4)
    checks.expect(proc.returncode == 1 and "60" in proc.stdout,
                  f"expect-score: 60..70 fails a score of 50 (exit {proc.returncode})")


def main():
    args, checks = scenario_steps.start("--case")
    {"terminal": check_terminal, "validate": check_validate, "score": check_score}[args.case](args, checks)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
