#!/usr/bin/env python3
"""The include graph of judge/src, folder by folder, against the layering that
judge/README.md states (CTest style.layering).

    scripts/check_layering.py [--readme judge/README.md] [--src judge/src]
                              [--allowlist scripts/layering-allowlist.txt]

The statement is one line of the README, bottom to top; folders at one level are
separated by commas and may not include each other:

    Layers (bottom to top): base < process < box, ... < cli

A folder may include its own headers and those of folders below it. Fails (exit 1),
naming each include with file:line, on an include from a folder to one above it or
beside it, on a circle between folders, on a folder of src/ the statement does not
name (or a name with no folder), and on an allowlist entry that is stale: an arrow
that no longer occurs, or that the statement allows anyway. The allowlist holds the
known violations, one `from -> to  # why` a line, so that they are fixed one by one
and cannot come back unnoticed. An include that resolves to no file of src/ (a
library's, the interactor library's) is not an arrow. Exit 2 on a usage error.
"""
import argparse
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
STATEMENT = re.compile(r"Layers \(bottom to top\):\s*(.+?)\s*`?\s*$")
INCLUDE = re.compile(r'^\s*#\s*include\s*"([^"]+)"')
ALLOW = re.compile(r"^\s*([\w-]+)\s*->\s*([\w-]+)\s*(#\s*(.*))?$")
SOURCE_SUFFIXES = {".cpp", ".hpp", ".h", ".cc", ".c", ".ipp"}


class UsageError(Exception):
    pass


def parse_layers(text):
    """{folder: level} from the README's statement (level 0 at the bottom)."""
    for line in text.splitlines():
        match = STATEMENT.search(line)
        if not match:
            continue
        levels = {}
        for level, group in enumerate(match.group(1).strip("`").split("<")):
            names = [name.strip() for name in group.split(",")]
            if not all(re.fullmatch(r"[\w-]+", name) for name in names):
                raise UsageError(f"the layering statement's level {level + 1} is not a list of folders: '{group.strip()}'")
            for name in names:
                if name in levels:
                    raise UsageError(f"the layering statement names {name} twice")
                levels[name] = level
        return levels
    raise UsageError("no line 'Layers (bottom to top): a < b < ...' found")


def parse_allowlist(text, where):
    """[(from, to, why, line)]; a line without its reason is an error."""
    entries = []
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        match = ALLOW.match(line)
        if not match:
            raise UsageError(f"{where}:{number}: expected 'from -> to  # why', got '{line.strip()}'")
        if not (match.group(4) or "").strip():
            raise UsageError(f"{where}:{number}: {match.group(1)} -> {match.group(2)} says not why it is allowed")
        entries.append((match.group(1), match.group(2), match.group(4).strip(), number))
    return entries


def folder_of(path, src):
    return path.relative_to(src).parts[0]


def resolve(include, file, src):
    """The file of src/ an include names, as the compiler looks: beside the file
    first, then from src/ (the include directory); None when it is outside src/."""
    for candidate in (file.parent / include, src / include):
        resolved = pathlib.Path(candidate).resolve()
        if resolved.is_file() and src in resolved.parents:
            return resolved
    return None


def collect_arrows(src):
    """{(from, to): [(file, line, include)]} for every include between two folders."""
    src = pathlib.Path(src).resolve()
    arrows = {}
    for file in sorted(p for p in src.rglob("*") if p.suffix in SOURCE_SUFFIXES and p.is_file()):
        if file.parent == src:
            continue  # a file of no folder is in no layer
        source = folder_of(file, src)
        for number, line in enumerate(file.read_text(errors="replace").splitlines(), 1):
            match = INCLUDE.match(line)
            if not match:
                continue
            target = resolve(match.group(1), file, src)
            if target is None or target.parent == src:
                continue
            target_folder = folder_of(target, src)
            if target_folder != source:
                arrows.setdefault((source, target_folder), []).append((file, number, match.group(1)))
    return arrows


def find_circles(edges):
    """The strongly connected groups of more than one folder (Tarjan), each as a
    closed path through its folders, e.g. ['a', 'b', 'a']."""
    graph = {}
    for a, b in edges:
        graph.setdefault(a, set()).add(b)
        graph.setdefault(b, set())
    index, low, stack, on_stack, groups = {}, {}, [], set(), []

    def visit(node):
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for successor in sorted(graph[node]):
            if successor not in index:
                visit(successor)
                low[node] = min(low[node], low[successor])
            elif successor in on_stack:
                low[node] = min(low[node], index[successor])
        if low[node] == index[node]:
            group = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                group.append(member)
                if member == node:
                    break
            if len(group) > 1:
                groups.append(set(group))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return [closed_path(group, graph) for group in groups]


def closed_path(group, graph):
    """A shortest circle from the group's first folder back to it (breadth first)."""
    start = min(group)
    previous, frontier = {start: None}, [start]
    while frontier:
        following = []
        for node in frontier:
            for successor in sorted(graph[node] & group):
                if successor == start:
                    path = [node]
                    while previous[path[-1]] is not None:
                        path.append(previous[path[-1]])
                    return path[::-1] + [start]
                if successor not in previous:
                    previous[successor] = node
                    following.append(successor)
        frontier = following
    return sorted(group)


def where(file, number, root):
    try:
        return f"{pathlib.Path(file).relative_to(root)}:{number}"
    except ValueError:
        return f"{file}:{number}"


def check(src, levels, allowlist, root=ROOT):
    """(errors, notes): lines to print; the check fails when errors is not empty."""
    src = pathlib.Path(src).resolve()
    arrows = collect_arrows(src)
    folders = sorted(p.name for p in src.iterdir() if p.is_dir())
    errors, notes = [], []
    for folder in folders:
        if folder not in levels:
            errors.append(f"folder {folder} is in no layer of the statement: add it to 'Layers (bottom to top)'")
    for folder in sorted(levels):
        if folder not in folders:
            errors.append(f"the statement names {folder}, which is not a folder of {src.name}/")
    allowed = {(a, b): (why, line) for a, b, why, line in allowlist}
    violations = {}
    for (a, b), includes in sorted(arrows.items()):
        if a not in levels or b not in levels:
            continue  # already reported: a folder in no layer
        if levels[b] < levels[a]:
            continue
        violations[(a, b)] = includes
        if (a, b) in allowed:
            notes.append(f"allowed for now: {a} -> {b} ({len(includes)} includes; {allowed[(a, b)][0]})")
            continue
        relation = "above" if levels[b] > levels[a] else "beside"
        for file, number, include in includes:
            errors.append(f"{where(file, number, root)}: {a} -> {b}: #include \"{include}\" ({b} is {relation} {a})")
    for (a, b), (why, line) in sorted(allowed.items(), key=lambda item: item[1][1]):
        if (a, b) not in arrows:
            errors.append(f"allowlist line {line}: {a} -> {b} no longer occurs: delete the line")
        elif (a, b) not in violations and a in levels and b in levels:
            errors.append(f"allowlist line {line}: {a} -> {b} is allowed by the statement anyway: delete the line")
    for circle in find_circles(edge for edge in arrows if edge not in allowed):
        steps = " -> ".join(circle)
        first = arrows[(circle[0], circle[1])][0]
        errors.append(f"circle between folders: {steps} (e.g. {where(first[0], first[1], root)})")
    for circle in find_circles(arrows):
        if any((a, b) in allowed for a, b in zip(circle, circle[1:])):
            notes.append(f"known circle, through allowlisted arrows: {' -> '.join(circle)}")
    return errors, notes


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--readme", type=pathlib.Path, default=ROOT / "judge" / "README.md")
    parser.add_argument("--src", type=pathlib.Path, default=ROOT / "judge" / "src")
    parser.add_argument("--allowlist", type=pathlib.Path, default=ROOT / "scripts" / "layering-allowlist.txt")
    args = parser.parse_args(argv)
    try:
        levels = parse_layers(args.readme.read_text())
        allowlist = parse_allowlist(args.allowlist.read_text(), args.allowlist.name) if args.allowlist.exists() else []
        if not args.src.is_dir():
            raise UsageError(f"{args.src} is not a folder")
    except (UsageError, OSError) as error:
        print(f"check_layering: {args.readme}: {error}" if isinstance(error, UsageError) else f"check_layering: {error}")
        return 2
    errors, notes = check(args.src, levels, allowlist)
    for line in notes:
        print(line)
    for line in errors:
        print(line)
    order = sorted(levels, key=lambda name: (levels[name], name))
    print(f"{len(levels)} folders in {max(levels.values()) + 1} layers ({', '.join(order)}), "
          f"{len(allowlist)} allowlisted arrows, {len(errors)} problems")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
