"""Finding every process of one judge run, wherever it went (scripts' shared helper):
by a marker in their environment, or as the descendants of the judge.

A test script puts JUDGE_RUN_ID=MARKER (a fresh marker) in the environment of the
judge it starts; the judge passes JUDGE_RUN_ID on to the interactor and the
submission (it is the one variable of its own environment it passes on: see
judge/src/process/environment.hpp), and they to what they start, so every process of
that run (and of no other run, even of the same binaries) carries it, in the judge's
pid namespace or a box's.
"""
import os


def processes_with_marker(marker, key="JUDGE_RUN_ID"):
    """[(pid, command line)] of the processes whose environment holds KEY=MARKER,
    this process excepted."""
    needle = f"{key}={marker}".encode()
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit() or int(entry) == os.getpid():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as f:
                if needle not in f.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry}/cmdline", "rb") as c:
                found.append((int(entry), c.read().replace(b"\0", b" ").decode(errors="replace")))
        except OSError:
            pass  # gone meanwhile, or not ours to read
    return found


def process_table():
    """{pid: (ppid, starttime, state, argv)} of every process (host pids: a process
    in a sandbox's pid namespace is seen here too)."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as f:
                stat = f.read()
            with open(f"/proc/{entry}/cmdline", "rb") as f:
                argv = [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()
        table[int(entry)] = (int(fields[1]), int(fields[19]), fields[0], argv)
    return table


def descendants(root):
    """{pid: (starttime, argv)} of the living descendants of `root`."""
    table = process_table()
    children = {}
    for pid, (ppid, _, _, _) in table.items():
        children.setdefault(ppid, []).append(pid)
    found, todo = {}, list(children.get(root, []))
    while todo:
        pid = todo.pop()
        _, start, state, argv = table[pid]
        if state != "Z":
            found[pid] = (start, argv)
        todo += children.get(pid, [])
    return found
