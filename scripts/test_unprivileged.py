#!/usr/bin/env python3
"""`judge run` where the machine allows less: as an unprivileged user (no cgroups,
no uid switch), the judge still runs every submission in the strongest containment
left (namespaces through a user namespace, rlimits for memory and processes), gives
the same verdicts, and says what it could not enforce, in the JSON and on the
terminal. Run by CTest as root (it drops to uid 65534 with setpriv); exit 77 (skip)
when not root or setpriv is missing.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--judge", required=True)
    parser.add_argument("--scenarios", required=True, help="judge/scenarios in the source tree")
    parser.add_argument("--built-scenarios", required=True, help="judge/scenarios in the build tree")
    args = parser.parse_args()
    if os.geteuid() != 0 or shutil.which("setpriv") is None:
        print("skipped: needs root (to drop to uid 65534) and setpriv")
        return 77

    failures = []
    work = tempfile.mkdtemp(prefix="judge-unprivileged-")
    os.chmod(work, 0o777)
    cases = [("solution_accepted", "AC"), ("solution_reads_hidden_files", "AC"),
             ("solution_allocates_until_killed", "MLE"), ("solution_fork_bomb", "TLE"),
             ("solution_connects_to_localhost", "AC")]
    try:
        for name, expected in cases:
            result_file = os.path.join(work, f"{name}.json")
            command = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                       "--reset-env", args.judge, "run", os.path.join(args.scenarios, name),
                       os.path.join(args.built_scenarios, name, "solution"), "--json", result_file]
            run = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                 timeout=60, env={"PATH": "/usr/bin:/bin", "HOME": work})
            if not os.path.exists(result_file):
                failures.append(f"{name}: no result (exit {run.returncode}): {run.stderr.strip()}")
                continue
            with open(result_file) as f:
                result = json.load(f)
            containment = result.get("containment") or {}
            enforced = containment.get("enforced", [])
            missing = " ".join(item.get("what", "") + " " + item.get("why", "")
                               for item in containment.get("not_enforced", []))
            print(f"{name}: {result['verdict']} (expected {expected}); enforced {enforced}; "
                  f"memory by {containment.get('memory_limit')}; not enforced: {missing}")
            if result["verdict"] != expected:
                failures.append(f"{name}: verdict {result['verdict']}, expected {expected}: "
                                f"{result['tests'][0]['message']}")
            if "cgroup" in containment.get("memory_limit", "") or "cgroup" not in missing:
                failures.append(f"{name}: an unprivileged judge cannot use cgroups here, and must say so")
            if "containment: not enforced:" not in run.stdout:
                failures.append(f"{name}: the terminal does not say what was not enforced")
            if "unprivileged uid" in " ".join(enforced):
                failures.append(f"{name}: claims a uid switch it cannot make")
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for failure in failures:
        print(f"FAIL: {failure}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
