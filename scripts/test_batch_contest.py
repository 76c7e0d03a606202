#!/usr/bin/env python3
"""A contest graded by `judge batch` and ranked by ICPC's and IOI's rules (a CTest, issue 49).

1. A small contest whose ICPC scoreboard is computed by hand below (penalty, a CE
   not counted, a WA after the AC ignored, a tie broken by the last solve, the first
   solve of each problem marked), and its IOI scoreboard (twin-cookies has subtasks),
   given as a manifest (judge-submissions.json: ids, times, a contest start).
2. It is written as a CCS contest package (--ccs-package); the package's JSON files
   are validated against the CCS spec's JSON schemas (../shared/corpus/ccs-specs:
   "skipped" where that corpus is absent), and `judge batch PACKAGE` judges it again
   with the same scoreboard (standings and scoreboard.json equal).
3. A generated contest (12 teams x 3 problems x 1-4 submissions each, drawn with a
   fixed seed from the repository's solutions, a crashing Python program and a
   compile error) is ranked by the judge under ICPC's and both IOI rules, and checked
   against a second implementation of those rules here, fed by the judge's results.
Small tests of the repository's problems keep it fast (about a minute on 2 cores).
"""
import argparse
import json
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SPECS = os.path.normpath(os.path.join(ROOT, "..", "shared", "corpus", "ccs-specs", "json-schema"))
PROBLEMS = "egg-drop,nuts-bolts,twin-cookies"
TESTS = "01-sample,02-n1,03-n2-reversed,s1-01-sample,s2-01-sample"
START = "2026-11-29T10:00:00Z"
AC = {"nuts-bolts": "accepted/quicksort.cpp", "egg-drop": "accepted/two_way_sweeps.cpp",
      "twin-cookies": "accepted/growing_sums.cpp"}
OTHER = {"nuts-bolts": "run_time_error/null_write.cpp", "egg-drop": "partially_accepted/per_egg_binary_search.cpp",
         "twin-cookies": "wrong_answer/unequal_sums.cpp"}
CRASH = "import sys\nsys.exit(3)\n"  # rejected on every test of every problem
BROKEN = "int main( {\n"             # a compile error
FAILURES = []


def check(condition, what):
    print(("ok   " if condition else "FAIL ") + what, flush=True)
    if not condition:
        FAILURES.append(what)


def stamp(minute, second=0, ms=0):
    return f"2026-11-29T{10 + minute // 60:02}:{minute % 60:02}:{second:02}.{ms:03}Z"


def write_contest(folder, submissions, name):
    """submissions: (id, team, problem, kind, time); kind: AC, OTHER, CRASH, CE."""
    os.makedirs(os.path.join(folder, "files"))
    entries = []
    for sid, team, problem, kind, time in submissions:
        if kind in ("AC", "OTHER"):
            source = os.path.join(ROOT, "solutions", problem, (AC if kind == "AC" else OTHER)[problem])
            file = f"files/{sid}{os.path.splitext(source)[1]}"
            shutil.copyfile(source, os.path.join(folder, file))
        else:
            file = f"files/{sid}.py" if kind == "CRASH" else f"files/{sid}.cpp"
            with open(os.path.join(folder, file), "w") as out:
                out.write(CRASH if kind == "CRASH" else BROKEN)
        entries.append({"id": sid, "participant": team, "problem": problem, "file": file, "time": time})
    with open(os.path.join(folder, "judge-submissions.json"), "w") as out:
        json.dump({"format": "judge-submissions/1", "contest": {"name": name, "start_time": START, "penalty_time": 20},
                   "submissions": entries}, out, indent=1)


def judge_batch(args, env, source, out, *extra):
    command = [args.judge, "batch", source, "--problems", PROBLEMS, "--tests", TESTS, "-j", "2", "--out", out, "-q",
               *extra]
    print("$ " + " ".join(command), flush=True)
    return subprocess.run(command, cwd=args.work, env=env).returncode


def load(path):
    with open(path) as f:
        return json.load(f)


# The small contest (minutes from the start). Its ICPC scoreboard by hand:
#   team01  nuts-bolts: CRASH 10, AC 25:59.999 -> minute 25 + 20 = 45; twin-cookies: CE 5 (not
#           counted), AC 30 -> 30.                                    2 solved, 75, last solve 30
#   team02  nuts-bolts: AC 15:00 (the first solve), CRASH 70 (after the AC: ignored);
#           twin-cookies: AC 60.                                      2 solved, 75, last solve 60
#   team03  nuts-bolts: AC 15:30 (minute 15, after team02's); egg-drop: CRASH 100, AC 120
#           -> 120 + 20 = 140 (the first egg-drop solve).             2 solved, 155
#   team04  egg-drop: CRASH 1, CE 2: 1 try, not solved.               0 solved
#   team05  twin-cookies: CRASH 50.                                   0 solved
# team01 and team02 tie on 2 solved and 75 minutes: team01 solved its last problem first.
SMALL = [("1", "team01", "nuts-bolts", "CRASH", stamp(10)), ("2", "team01", "nuts-bolts", "AC", stamp(25, 59, 999)),
         ("3", "team01", "twin-cookies", "CE", stamp(5)), ("4", "team01", "twin-cookies", "AC", stamp(30)),
         ("5", "team02", "nuts-bolts", "AC", stamp(15)), ("6", "team02", "nuts-bolts", "CRASH", stamp(70)),
         ("7", "team02", "twin-cookies", "AC", stamp(60)), ("8", "team03", "nuts-bolts", "AC", stamp(15, 30)),
         ("9", "team03", "egg-drop", "CRASH", stamp(100)), ("10", "team03", "egg-drop", "AC", stamp(120)),
         ("11", "team04", "egg-drop", "CRASH", stamp(1)), ("12", "team04", "egg-drop", "CE", stamp(2)),
         ("13", "team05", "twin-cookies", "CRASH", stamp(50))]
SMALL_ICPC = [  # rank, team, solved, penalty, last solve; per problem (tries, minute or None, first)
    (1, "team01", 2, 75, 30, {"nuts-bolts": (2, 25, False), "twin-cookies": (1, 30, True)}),
    (2, "team02", 2, 75, 60, {"nuts-bolts": (1, 15, True), "twin-cookies": (1, 60, False)}),
    (3, "team03", 2, 155, 120, {"nuts-bolts": (1, 15, False), "egg-drop": (2, 120, True)}),
    (4, "team04", 0, 0, 0, {"egg-drop": (1, None, False)}),
    (4, "team05", 0, 0, 0, {"twin-cookies": (1, None, False)}),
]
# IOI: an accepted submission scores 100 on each problem here (twin-cookies: every
# subtask holds an s1 test, all accepted), a crash and a CE 0; the best counts.
SMALL_IOI = [(1, "team01", 200), (1, "team02", 200), (1, "team03", 200), (4, "team04", 0), (4, "team05", 0)]


def check_small_icpc(standings):
    board = standings["scoreboard"]
    check(board["rules"] == "icpc" and board["penalty_time"] == 20, "the small contest is ranked by ICPC rules")
    got = [(r["rank"], r["participant"], r["solved"], r["penalty_minutes"], r["last_solve_minutes"]) for r in board["rows"]]
    want = [row[:5] for row in SMALL_ICPC]
    check(got == want, f"ICPC ranks, solved, penalties and last solves as computed by hand: {got}")
    for rank, team, _, _, _, cells in SMALL_ICPC:
        row = next(r for r in board["rows"] if r["participant"] == team)
        for problem, (tries, minute, first) in cells.items():
            cell = row["problems"][problem]
            check((cell["attempts"], cell["time_minutes"], cell["first_to_solve"]) == (tries, minute, first),
                  f"{team} {problem}: {tries} tries, solved at {minute}, first {first} (got {cell['attempts']}, "
                  f"{cell['time_minutes']}, {cell['first_to_solve']})")
    team01 = next(r for r in board["rows"] if r["participant"] == "team01")
    check(team01["problems"]["twin-cookies"]["compile_errors"] == 1, "team01's CE is counted apart, not as a try")
    # The points table counts each participant's last submission: team02's last
    # nuts-bolts is the crash after its AC (0), where IOI keeps the best (200 below).
    points = {r["participant"]: r["total"] for r in standings["rows"]}
    check(points.get("team02") == 100 and points.get("team01") == 200,
          f"the points table counts the last submissions: team01 200, team02 100 ({points})")


def check_small_ioi(args, env):
    csv_file = os.path.join(args.work, "small-ioi.csv")
    subprocess.run([args.judge, "report", "small-out", "--scoreboard", "ioi", "--csv", csv_file, "-q"], cwd=args.work,
                   env=env, check=True)
    with open(csv_file) as f:
        lines = f.read().splitlines()
    check(lines[0] == "rank,participant,total,egg-drop,nuts-bolts,twin-cookies", f"IOI CSV header: {lines[0]}")
    got = [(int(line.split(",")[0]), line.split(",")[1], float(line.split(",")[2])) for line in lines[1:]]
    check(got == SMALL_IOI, f"IOI ranks and totals as computed by hand: {got}")


def validate_package(package):
    """The package's JSON against the CCS spec's schemas; None when they are absent."""
    if not os.path.isdir(SPECS):
        print(f"skipped: schema validation ({SPECS} is absent)")
        return None
    try:
        import jsonschema
    except ImportError:
        check(False, "python3-jsonschema is installed (scripts/install-deps.sh installs it)")
        return None
    store = {}
    for name in os.listdir(SPECS):
        if name.endswith(".json"):
            schema = load(os.path.join(SPECS, name))
            store[schema["$id"]] = schema
    for endpoint in ("contest", "problems", "teams", "submissions", "judgements", "scoreboard"):
        schema = store[f"https://github.com/icpc/ccs-specs/raw/master/json-schema/{endpoint}.json"]
        resolver = jsonschema.RefResolver(schema["$id"], schema, store=store)
        validator = jsonschema.Draft202012Validator(schema, resolver=resolver)
        errors = list(validator.iter_errors(load(os.path.join(package, endpoint + ".json"))))
        for error in errors[:5]:
            print(f"     {endpoint}.json: {'/'.join(map(str, error.absolute_path))}: {error.message[:300]}")
        check(not errors, f"{endpoint}.json validates against the CCS spec's {endpoint}.json schema")
    return True


def check_package(args, env):
    package = os.path.join(args.work, "small-package")
    for name in ("contest.json", "problems.json", "teams.json", "submissions.json", "judgements.json",
                 "scoreboard.json", "results.tsv", "submissions/4/files.zip"):
        check(os.path.exists(os.path.join(package, name)), f"the contest package has {name}")
    with open(os.path.join(package, "results.tsv")) as f:
        results = f.read().splitlines()
    check(results[0] == "results\t1" and results[1].split("\t")[:6] == ["team01", "1", "Ranked", "2", "75", "30"],
          f"results.tsv: {results[:2]}")
    judgements = {j["submission_id"]: j["judgement_type_id"] for j in load(os.path.join(package, "judgements.json"))}
    check(judgements.get("2") == "AC" and judgements.get("3") == "CE" and len(judgements) == len(SMALL),
          f"judgements.json: one per submission, 2 AC and 3 CE: {judgements}")
    validate_package(package)
    status = judge_batch(args, env, "small-package", "package-out", "--scoreboard", "icpc",
                         "--ccs-package", "package-again")
    check(status == 1, f"judge batch of the contest package exits 1 (some not AC): {status}")
    first, again = load(os.path.join(args.work, "small-out", "standings.json")), \
        load(os.path.join(args.work, "package-out", "standings.json"))
    strip = lambda board: [{k: v for k, v in row.items()} for row in board["rows"]]  # noqa: E731
    check(strip(first["scoreboard"]) == strip(again["scoreboard"]), "the package read back ranks the same (standings)")
    check(load(os.path.join(package, "scoreboard.json")) == load(os.path.join(args.work, "package-again", "scoreboard.json")),
          "the package read back writes the same scoreboard.json")


def generated_contest(seed=49, teams=12):
    rng = random.Random(seed)
    submissions = []
    for t in range(1, teams + 1):
        for problem in ("egg-drop", "nuts-bolts", "twin-cookies"):
            minute = rng.randrange(0, 60)
            for _ in range(rng.randrange(1, 5)):
                kind = rng.choice(["AC", "OTHER", "CRASH", "CE", "OTHER"])
                submissions.append((str(len(submissions) + 1), f"team{t:02}", problem, kind,
                                    stamp(minute, rng.randrange(60), rng.randrange(1000))))
                minute += rng.randrange(1, 40)
    return submissions


def reference_icpc(plan, results):
    """ICPC's rules again, written apart from the judge's: the board from the verdicts."""
    start = plan["contest"]["start_time"]
    from datetime import datetime
    parse = lambda text: datetime.fromisoformat(text.replace("Z", "+00:00"))  # noqa: E731
    rows = {}
    ordered = sorted(plan["submissions"], key=lambda s: (parse(s["time"]), s.get("id", "")))
    for sub in ordered:
        row = rows.setdefault(sub["participant"], {"solved": 0, "penalty": 0, "last": 0, "cells": {}})
        cell = row["cells"].setdefault(sub["problem"], {"tries": 0, "rejected": 0, "solved": False})
        verdict = results[(sub["participant"], sub["problem"], sub.get("id", ""))]["verdict"]
        if cell["solved"] or verdict == "CE":
            continue
        cell["tries"] += 1
        if verdict != "AC":
            cell["rejected"] += 1
            continue
        minute = max(0, int((parse(sub["time"]) - parse(start)).total_seconds() * 1000) // 60000)
        cell["solved"] = True
        row["solved"] += 1
        row["penalty"] += minute + 20 * cell["rejected"]
        row["last"] = max(row["last"], minute)
    key = lambda item: (-item[1]["solved"], item[1]["penalty"], item[1]["last"], item[0])  # noqa: E731
    ranked, out = sorted(rows.items(), key=key), []
    for i, (team, row) in enumerate(ranked):
        same = i > 0 and key(ranked[i - 1])[:3] == key((team, row))[:3]
        out.append((out[-1][0] if same else i + 1, team, row["solved"], row["penalty"], row["last"]))
    return out


def reference_ioi(plan, results, by_subtask):
    totals = {}
    for sub in plan["submissions"]:
        totals.setdefault(sub["participant"], {}).setdefault(sub["problem"], []).append(
            results[(sub["participant"], sub["problem"], sub.get("id", ""))])
    out = {}
    for team, problems in totals.items():
        total = 0.0
        for graded in problems.values():
            best = max(r["score"] for r in graded)
            if by_subtask and any(r.get("subtasks") for r in graded):
                names = {s["name"] for r in graded for s in r.get("subtasks", [])}
                best = max(best, sum(max(s["points"] for r in graded for s in r.get("subtasks", []) if s["name"] == n)
                                     for n in names))
            total += best
        out[team] = round(total, 2)
    return out


def check_generated(args, env):
    contest = generated_contest()
    teams = {s[1] for s in contest}
    per_cell = {}
    for s in contest:
        per_cell[(s[1], s[2])] = per_cell.get((s[1], s[2]), 0) + 1
    check(len(teams) >= 10 and len({s[2] for s in contest}) == 3 and max(per_cell.values()) >= 3,
          f"the generated contest: {len(contest)} submissions of {len(teams)} teams on 3 problems, up to "
          f"{max(per_cell.values())} per team and problem")
    write_contest(os.path.join(args.work, "big"), contest, "Generated contest")
    status = judge_batch(args, env, "big", "big-out", "--scoreboard", "icpc")
    check(status == 1, f"judge batch of the generated contest exits 1: {status}")
    plan = load(os.path.join(args.work, "big-out", "batch.json"))["plan"]
    results = {}
    for sub in plan["submissions"]:
        name = sub["problem"] + ("@" + sub["id"] if sub.get("id") else "")
        results[(sub["participant"], sub["problem"], sub.get("id", ""))] = load(
            os.path.join(args.work, "big-out", "results", sub["participant"], name + ".json"))
    check(len(results) == len(contest), f"every submission judged: {len(results)} results")
    verdicts = sorted({r["verdict"] for r in results.values()})
    print(f"     verdicts seen: {verdicts}")
    board = load(os.path.join(args.work, "big-out", "standings.json"))["scoreboard"]
    got = [(r["rank"], r["participant"], r["solved"], r["penalty_minutes"], r["last_solve_minutes"]) for r in board["rows"]]
    want = reference_icpc(plan, results)
    check(got == want, "the generated contest's ICPC scoreboard equals the second implementation's")
    if got != want:
        print(f"     judge: {got}\n     here:  {want}")
    for mode in ("subtask", "submission"):
        csv_file = os.path.join(args.work, f"big-ioi-{mode}.csv")
        subprocess.run([args.judge, "report", "big-out", "--scoreboard", "ioi", "--ioi-max", mode, "--csv", csv_file,
                        "-q"], cwd=args.work, env=env, check=True)
        with open(csv_file) as f:
            rows = [line.split(",") for line in f.read().splitlines()[1:]]
        got_ioi = {row[1]: float(row[2]) for row in rows}
        want_ioi = reference_ioi(plan, results, mode == "subtask")
        check(got_ioi == want_ioi, f"the generated contest's IOI totals ({mode} maximum) equal the second implementation's")
        if got_ioi != want_ioi:
            print(f"     judge: {got_ioi}\n     here:  {want_ioi}")
        ranks = [int(row[0]) for row in rows]
        check(ranks == sorted(ranks) and ranks[0] == 1, f"IOI ({mode}) ranks ascend from 1: {ranks}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--judge", required=True)
    parser.add_argument("--work", required=True)
    args = parser.parse_args()
    args.judge = os.path.abspath(args.judge)
    args.work = os.path.abspath(args.work)
    cache = os.path.join(args.work + "-cache")  # kept between runs: the sources compile once
    shutil.rmtree(args.work, ignore_errors=True)
    os.makedirs(args.work)
    env = dict(os.environ, JUDGE_CACHE_DIR=cache)
    write_contest(os.path.join(args.work, "small"), SMALL, "Small contest")
    status = judge_batch(args, env, "small", "small-out", "--scoreboard", "icpc", "--ccs-package", "small-package")
    check(status == 1, f"judge batch of the small contest exits 1 (some not AC): {status}")
    standings = load(os.path.join(args.work, "small-out", "standings.json"))
    check(os.path.exists(os.path.join(args.work, "small-out", "results", "team01", "nuts-bolts@2.json")),
          "results/<participant>/<problem>@<id>.json for each submission")
    check_small_icpc(standings)
    check_small_ioi(args, env)
    check_package(args, env)
    check_generated(args, env)
    print(f"{len(FAILURES)} failed" if FAILURES else "contest standings as computed by hand and by the rules")
    return 1 if FAILURES else 0


if __name__ == "__main__":
    sys.exit(main())
