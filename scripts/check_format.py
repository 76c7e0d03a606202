#!/usr/bin/env python3
"""clang-format on every C/C++ line written since the formatter came (CTest
style.format_changed_lines); the code written before it is left as it is.

    scripts/check_format.py [--base COMMIT] [--fix] [--repo DIR]

BASE is the commit scripts/format-base names: the one that added .clang-format.
The lines checked are those that differ between BASE and the working tree
(`git diff -U0 BASE`, renames followed) in files that exist, and of those only the
ones `git blame` gives to a commit that descends from BASE or to no commit yet
(uncommitted): so a branch that began before BASE and was merged later is not
charged for lines its authors wrote without the formatter, while a merge's own
resolutions are. Each line clang-format would change is printed as file:line (its
`--dry-run` warnings); exit 1 if any. --fix formats those lines in place instead.

Exit 77 (skipped) when there is nothing to compare against: no git, not a git
checkout (a tarball), a shallow clone without BASE, or no clang-format (installed by
scripts/install-deps.sh). A full clone without BASE is exit 1: the history was
rewritten, and the message names the commit to record instead.
"""
import argparse
import os
import pathlib
import re
import shutil
import subprocess
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
SKIP = 77
PATTERNS = ["*.cpp", "*.hpp", "*.h", "*.cc", "*.c"]
HUNK = re.compile(r"^@@ -\S+ \+(\d+)(?:,(\d+))? @@")
ZERO = "0" * 40


class Skip(Exception):
    pass


class Failure(Exception):
    pass


def git(repo, *args, check=True):
    done = subprocess.run(["git", "-C", str(repo), *args], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if check and done.returncode != 0:
        raise Failure(f"git {' '.join(args)}: {done.stderr.strip()}")
    return done


def recorded_base(repo):
    """The commit scripts/format-base names (its first line that is not a comment)."""
    path = repo / "scripts" / "format-base"
    if not path.exists():
        raise Failure(f"{path} is missing: it names the commit that added .clang-format")
    for line in path.read_text().splitlines():
        if line.strip() and not line.lstrip().startswith("#"):
            return line.split()[0]
    raise Failure(f"{path} names no commit")


def resolve_base(repo, base):
    """The full hash of BASE; Skip when this checkout cannot know it, Failure when it should."""
    if shutil.which("git") is None:
        raise Skip("git is not installed")
    inside = git(repo, "rev-parse", "--is-inside-work-tree", check=False)
    if inside.returncode != 0 or inside.stdout.strip() != "true":
        raise Skip(f"{repo} is not a git checkout (a tarball?): nothing to compare against")
    found = git(repo, "rev-parse", "--verify", "--quiet", base + "^{commit}", check=False)
    if found.returncode == 0:
        return found.stdout.strip()
    if git(repo, "rev-parse", "--is-shallow-repository", check=False).stdout.strip() == "true":
        raise Skip(f"this shallow clone does not have the base commit {base}")
    added = git(repo, "log", "--diff-filter=A", "--format=%H", "--", ".clang-format", check=False).stdout.split()
    hint = f"; the commit that added .clang-format here is {added[-1]}: write it there" if added else ""
    raise Failure(f"scripts/format-base names {base}, which is not in this clone's history (rewritten?){hint}")


def changed_ranges(repo, base):
    """{file: [(first, last)]}: the lines of the working tree that differ from BASE."""
    diff = git(repo, "diff", "-U0", "--no-color", "--no-ext-diff", "-M", base, "--", *PATTERNS).stdout
    ranges, current = {}, None
    for line in diff.splitlines():
        if line.startswith("+++ "):
            name = line[4:]
            current = name[2:] if name.startswith("b/") else None  # /dev/null: the file is gone
            continue
        match = HUNK.match(line)
        if match and current is not None and (repo / current).is_file():
            first, count = int(match.group(1)), int(match.group(2) or "1")
            if count > 0:
                ranges.setdefault(current, []).append((first, first + count - 1))
    return ranges


def descendants_of(repo, base):
    """The commits of HEAD's history that have BASE in theirs."""
    return set(git(repo, "rev-list", "--ancestry-path", f"{base}..HEAD").stdout.split())


def lines_since(repo, descendants, file, ranges):
    """The line numbers among `ranges` that blame gives to one of `descendants`, or
    to no commit (not committed yet)."""
    args = ["blame", "--porcelain"]
    for first, last in ranges:
        args += ["-L", f"{first},{last}"]
    blame = git(repo, *args, "--", file).stdout
    lines = []
    for line in blame.splitlines():
        fields = line.split(" ")
        # A header line "<commit> <original line> <final line> [<count>]"; the code
        # itself follows on a line of its own that starts with a tab.
        if not line.startswith("\t") and len(fields) >= 3 and re.fullmatch(r"[0-9a-f]{40}", fields[0]):
            if fields[0] == ZERO or fields[0] in descendants:
                lines.append(int(fields[2]))
    return lines


def as_ranges(numbers):
    numbers = sorted(set(numbers))
    ranges = []
    for number in numbers:
        if ranges and number == ranges[-1][1] + 1:
            ranges[-1][1] = number
        else:
            ranges.append([number, number])
    return ranges


def run_clang_format(clang_format, repo, file, ranges, fix):
    """clang-format on those lines of one file; returns the numbers of the lines it
    would change (none with --fix, which changes them)."""
    args = [clang_format, "--style=file", *[f"--lines={a}:{b}" for a, b in ranges]]
    args += ["-i"] if fix else ["--dry-run", "--Werror"]
    done = subprocess.run([*args, file], cwd=repo, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if done.returncode != 0 and (fix or "clang-format-violations" not in done.stderr):
        raise Failure(f"{clang_format} failed on {file}: {done.stderr.strip()[:500]}")
    # One warning per replacement, "FILE:LINE:COLUMN: error: code should be
    # clang-formatted", then the line and a caret: several for one line.
    return sorted({int(m.group(1)) for m in re.finditer(r"^.*?:(\d+):\d+: (?:warning|error): ", done.stderr, re.M)})


def check(repo, base, clang_format, fix=False):
    """(files checked, lines checked, one message per line that needs formatting);
    raises Skip or Failure."""
    base = resolve_base(repo, base)
    descendants = descendants_of(repo, base)
    warnings, files, count = [], 0, 0
    for file, ranges in sorted(changed_ranges(repo, base).items()):
        lines = lines_since(repo, descendants, file, ranges)
        if not lines:
            continue
        files += 1
        count += len(lines)
        text = (repo / file).read_text(errors="replace").splitlines()
        for number in run_clang_format(clang_format, repo, file, as_ranges(lines), fix):
            code = text[number - 1].strip() if number <= len(text) else ""
            warnings.append(f"{file}:{number}: not as clang-format writes it: {code}")
    return files, count, warnings


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--repo", type=pathlib.Path, default=ROOT)
    parser.add_argument("--base", help="the commit to compare against (default: scripts/format-base's)")
    parser.add_argument("--fix", action="store_true", help="format the lines in place instead of checking them")
    parser.add_argument("--clang-format", default=os.environ.get("CLANG_FORMAT", "clang-format"))
    args = parser.parse_args(argv)
    repo = args.repo.resolve()
    try:
        if shutil.which(args.clang_format) is None:
            raise Skip(f"{args.clang_format} is not installed (scripts/install-deps.sh installs it)")
        base = args.base or recorded_base(repo)
        files, count, warnings = check(repo, base, args.clang_format, args.fix)
    except Skip as reason:
        print(f"check_format: skipped: {reason}")
        return SKIP
    except Failure as error:
        print(f"check_format: {error}")
        return 1
    for line in warnings:
        print(line)
    verb = "formatted" if args.fix else "checked"
    print(f"{count} lines written since {base[:12]} in {files} files {verb}, {len(warnings)} need formatting")
    if warnings:
        print(f"fix them: python3 scripts/check_format.py --fix (or git clang-format {base[:12]})")
    return 1 if warnings else 0


if __name__ == "__main__":
    sys.exit(main())
