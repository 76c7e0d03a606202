#!/usr/bin/env python3
"""Every relative link of the repository's Markdown files names a file or folder of
the repository (a clone alone, nothing outside it): README.md, docs/, each problem's
README and statement. Prints each broken link with its file and line; exit 1 if any."""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")


def main():
    files = [ROOT / "README.md", ROOT / "judge" / "README.md", *sorted((ROOT / "docs").glob("*.md")),
             *sorted((ROOT / "interactors").glob("*/*.md"))]
    broken, checked = [], 0
    for file in files:
        if not file.exists():
            continue
        for number, line in enumerate(file.read_text().splitlines(), 1):
            for target in LINK.findall(line):
                if re.match(r"[a-z]+:", target) or target.startswith("#"):
                    continue  # a URL or an anchor in the same page
                path = (file.parent / target.split("#")[0]).resolve()
                checked += 1
                if not path.exists() or ROOT not in path.parents and path != ROOT:
                    broken.append(f"{file.relative_to(ROOT)}:{number}: {target}")
    for entry in broken:
        print(f"broken link: {entry}")
    print(f"{checked} relative links in {len(files)} files, {len(broken)} broken")
    return 1 if broken else 0


if __name__ == "__main__":
    sys.exit(main())
