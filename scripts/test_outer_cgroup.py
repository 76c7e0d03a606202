#!/usr/bin/env python3
"""The tests' cgroups nest under the judge's own (a CTest: sandbox.outer_memory_cgroup).

A Slurm job's --mem, a container's or a systemd unit's memory limit is a memory cgroup
the judge runs in; the judge makes each test's cgroups under its own
(judge/src/box/own_cgroup.hpp), so that limit bounds and accounts every test. Here the
script makes such an outer cgroup itself, a child of its own memory cgroup with a
limit of 150 MiB, and runs `judge run` inside it on nuts-bolts (memory limit 256 MiB)
with a submission that allocates forever:

  1. outside it (the reference): MLE by the test's own 256 MiB limit (rule
     oom_killed, peak near 256 MiB), the containment nested under the judge's cgroup;
  2. inside it: MLE by the outer limit (rule outer_memory_limit), the message naming
     the judge's own cgroup's 150 MiB and the problem's 256 MiB, "limit_hit":
     "outer_memory", the recorded group peak at most 150 MiB, the containment's
     outer_memory_limit_kib 153600, and the outer cgroup's own peak at its limit (v2:
     its memory.events "max" > 0): the kernel says its limit is the one that was hit;
  3. inside one of 400 MiB (cgroup v1): MLE by the test's own 256 MiB (rule
     oom_killed), the 400 MiB recorded in containment but not named.

Both on cgroup v1 (per-controller hierarchies) and on cgroup v2, each where the host
has it: a part the host cannot run prints "skipped" and why. This needs root (exit 77,
skipped, without it).
"""
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import scenario_steps  # noqa: E402

CGROUP = "/sys/fs/cgroup"
OUTER_MIB = 150
PROBLEM_MIB = 256

ALLOC_FOREVER = r"""
#include <cstdlib>
#include <cstring>
#include <cstdio>
int main() {
  // 1 MiB at a time, every page touched, never freed: only a memory limit stops it.
  for (;;) {
    char* block = static_cast<char*>(std::malloc(1 << 20));
    if (block == nullptr) return 3;
    std::memset(block, 1, 1 << 20);
  }
}
"""


def own_cgroup(controller):
    """This process's cgroup path: of `controller` (v1), or the "0::" line (v2: None)."""
    with open("/proc/self/cgroup") as f:
        for line in f:
            _, controllers, path = line.rstrip("\n").split(":", 2)
            if controller is None and controllers == "":
                return path
            if controller is not None and controller in controllers.split(","):
                return path
    return None


def write(path, text):
    with open(path, "w") as f:
        f.write(text)


def read(path):
    try:
        with open(path) as f:
            return f.read()
    except OSError:
        return ""


def make_outer_v1(mib=OUTER_MIB):
    """A child of our own v1 memory cgroup with a limit of `mib` MiB: (dir, the dir the
    judge joins), or (None, why)."""
    mount = os.path.join(CGROUP, "memory")
    own = own_cgroup("memory")
    if own is None or not os.path.exists(os.path.join(mount, "memory.limit_in_bytes")):
        return None, "no cgroup v1 memory hierarchy here"
    parent = os.path.join(mount, own.lstrip("/"))
    if not os.path.isdir(parent):
        parent = mount
    outer = os.path.join(parent, f"judge-outer-test-{os.getpid()}-{mib}")
    os.mkdir(outer)
    write(os.path.join(outer, "memory.limit_in_bytes"), str(mib << 20))
    if os.path.exists(os.path.join(outer, "memory.memsw.limit_in_bytes")):
        write(os.path.join(outer, "memory.memsw.limit_in_bytes"), str(mib << 20))
    return outer, outer


def make_outer_v2():
    """A v2 cgroup with a 150 MiB limit and the memory controller for its children, the
    judge to run in a leaf under it (v2's "no internal processes" rule): (outer, leaf),
    or (None, why)."""
    if "memory" not in read(os.path.join(CGROUP, "cgroup.controllers")).split():
        return None, f"{CGROUP} is not a cgroup v2 tree with the memory controller ({subprocess.run(['stat', '-fc', '%T', CGROUP], capture_output=True, text=True).stdout.strip()})"
    own = os.path.join(CGROUP, (own_cgroup(None) or "/").lstrip("/"))
    if "memory" not in read(os.path.join(own, "cgroup.subtree_control")).split():
        try:
            write(os.path.join(own, "cgroup.subtree_control"), "+memory")
        except OSError as error:
            return None, f"cannot enable the memory controller under our own cgroup {own}: {error}"
    outer = os.path.join(own, f"judge-outer-test-{os.getpid()}")
    os.mkdir(outer)
    write(os.path.join(outer, "memory.max"), str(OUTER_MIB << 20))
    write(os.path.join(outer, "memory.swap.max"), "0")
    leaf = os.path.join(outer, "judge")
    os.mkdir(leaf)
    return outer, leaf


def remove_outer(outer):
    # Children first (the judge's test folders are gone with it; the leaf is ours).
    for dirpath, dirnames, _ in sorted(os.walk(outer), key=lambda entry: -len(entry[0])):
        try:
            os.rmdir(dirpath)
        except OSError as error:
            print(f"  note: cannot remove {dirpath}: {error}")


def run_judge(args, work, join, name):
    """`judge run` of the allocating submission; inside `join` (a cgroup folder) when
    given. Returns the test's JSON entry and the whole JSON."""
    result = os.path.join(work, f"{name}.json")
    command = [args.judge, "run", "nuts-bolts", os.path.join(work, "alloc.cpp"), "--tests", "01-sample",
               "--json", result, "-q"]
    if join:
        # The shell joins the cgroup, then becomes the judge: the judge starts in it.
        command = ["sh", "-c", f'echo $$ > "{join}/cgroup.procs" && exec "$@"', "sh"] + command
    env = dict(os.environ, JUDGE_CACHE_DIR=os.path.join(work, "cache"))
    scenario_steps.run(command, env=env, timeout=300, tail=20)
    with open(result) as f:
        whole = json.load(f)
    return whole["tests"][0], whole


def check_outer(checks, version, test, outer, failcnt_file):
    message = test["message"]
    checks.expect(test["verdict"] == "MLE", f"{version}: inside the outer cgroup: MLE ({test['verdict']})")
    checks.expect(test["rule"] == "outer_memory_limit", f"{version}: rule outer_memory_limit ({test['rule']})")
    checks.expect(f"memory limit of the judge's own cgroup ({OUTER_MIB} MiB), reached before the problem's "
                  f"{PROBLEM_MIB} MiB" in message, f"{version}: the message says so: {message}")
    checks.expect(test.get("limit_hit") == "outer_memory", f"{version}: limit_hit outer_memory ({test.get('limit_hit')})")
    recorded = test.get("outer_memory_limit") or {}
    checks.expect(recorded.get("limit_kib") == OUTER_MIB * 1024,
                  f"{version}: outer_memory_limit.limit_kib {recorded.get('limit_kib')} = {OUTER_MIB * 1024}")
    peak = recorded.get("group_peak_kib", -1)
    checks.expect(64 * 1024 < peak <= OUTER_MIB * 1024,
                  f"{version}: the test's group peak {peak} KiB is under the outer {OUTER_MIB} MiB, far from "
                  f"{PROBLEM_MIB} MiB")
    containment = test["containment"]
    checks.expect(containment.get("outer_memory_limit_kib") == OUTER_MIB * 1024,
                  f"{version}: containment.outer_memory_limit_kib {containment.get('outer_memory_limit_kib')}")
    if failcnt_file:
        # Its usage's peak at its limit (the failure counts are no evidence: with the
        # memory+swap limit set, this kernel counts neither memory.failcnt nor
        # memory.memsw.failcnt).
        peak = int(read(os.path.join(outer, "memory.max_usage_in_bytes")) or 0)
        limit = OUTER_MIB << 20
        checks.expect(peak >= limit - max(1 << 20, limit // 100),
                      f"{version}: the outer cgroup's peak {peak >> 10} KiB reached its limit of {limit >> 10} KiB")
    else:
        events = dict(line.split() for line in read(os.path.join(outer, "memory.events")).splitlines() if line)
        checks.expect(int(events.get("max", "0")) > 0,
                      f"{version}: the outer cgroup's memory.events max is {events.get('max')}: its limit was hit")


def part(args, checks, work, version):
    make = make_outer_v1 if version == "cgroup v1" else make_outer_v2
    try:
        outer, join = make()
    except OSError as error:
        outer, join = None, f"cannot make the outer cgroup: {error}"
    if outer is None:
        print(f"{version}: skipped: {join}")
        return
    try:
        test, _ = run_judge(args, work, join, version.replace(" ", "-"))
        check_outer(checks, version, test, outer, "memory.failcnt" if version == "cgroup v1" else None)
    finally:
        remove_outer(outer)
    if version == "cgroup v1":
        larger_outer(args, checks, work)


def larger_outer(args, checks, work):
    """Inside a 400 MiB outer cgroup the test's own 256 MiB limit fires first: that
    limit's MLE (rule oom_killed), the outer one recorded but not named."""
    outer, join = make_outer_v1(400)
    try:
        test, _ = run_judge(args, work, join, "cgroup-v1-400")
        checks.expect(test["rule"] == "oom_killed" and f"{PROBLEM_MIB * 1024} KiB" in test["message"],
                      f"inside 400 MiB: MLE at the test's own limit ({test['rule']}: {test['message']})")
        checks.expect(test.get("limit_hit") is None and test["containment"].get("outer_memory_limit_kib") == 400 * 1024,
                      f"inside 400 MiB: no outer limit hit, 409600 KiB recorded ({test.get('limit_hit')}, "
                      f"{test['containment'].get('outer_memory_limit_kib')})")
    finally:
        remove_outer(outer)


def main():
    args, checks = scenario_steps.start()
    if os.geteuid() != 0:
        print("skipped: cgroups of its own need root")
        return 77
    work = os.path.abspath(args.work)
    scenario_steps.write(os.path.join(work, "alloc.cpp"), ALLOC_FOREVER)
    # 1. The reference, where the script runs (also compiles into the cache, so the
    # runs inside 150 MiB do not compile).
    test, whole = run_judge(args, work, None, "reference")
    checks.expect(test["verdict"] == "MLE" and test["rule"] == "oom_killed",
                  f"reference: MLE by the test's own limit ({test['verdict']}, {test['rule']}: {test['message']})")
    checks.expect(f"{PROBLEM_MIB * 1024} KiB" in test["message"], f"reference: names {PROBLEM_MIB * 1024} KiB")
    checks.expect(test.get("limit_hit") is None, f"reference: no outer limit hit ({test.get('limit_hit')})")
    place = test["containment"].get("cgroup_place")
    checks.expect(place == "under the judge's own cgroup", f"reference: cgroup_place: {place}")
    print(f"host: {subprocess.run(['stat', '-fc', '%T', CGROUP], capture_output=True, text=True).stdout.strip()} "
          f"at {CGROUP}; our memory cgroup: {own_cgroup('memory') or own_cgroup(None)}")
    for version in ("cgroup v1", "cgroup v2"):
        part(args, checks, work, version)
    return checks.finish()


if __name__ == "__main__":
    sys.exit(main())
