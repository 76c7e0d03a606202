#!/usr/bin/env python3
"""List C++ functions longer than a limit (lines from the signature to the closing brace).

    scripts/function_lengths.py [--max 80] [--exclude-tests] FILE_OR_DIR...

A lexical scan, not a parser: strings, character literals and comments are skipped,
braces are counted, and a brace opens a function when the text before it (since the
last ';', '{' or '}') holds a parameter list and is not a namespace, class, struct,
enum, union or an initializer. Lambdas count toward the function that holds them.
Exit status 1 when a function is over the limit, so CTest can keep the rule.
"""
import argparse
import os
import re
import sys

NOT_FUNCTION = re.compile(r"^\s*(namespace|class|struct|enum|union|extern)\b|=\s*$|\breturn\b|^\s*(if|for|while|switch|catch|do|else)\b")


def strip_code(text):
    """The text with comments, strings and char literals blanked (newlines kept)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:j]))
            i = j
        elif c == 'R' and text.startswith('R"', i):
            m = re.match(r'R"([^(]*)\(', text[i:])
            if not m:
                out.append(c); i += 1; continue
            end = text.find(")" + m.group(1) + '"', i)
            end = n if end < 0 else end + len(m.group(1)) + 2
            out.append("".join(ch if ch == "\n" else " " for ch in text[i:end]))
            i = end
        elif c in "\"'":
            j = i + 1
            while j < n and text[j] != c:
                j += 2 if text[j] == "\\" else 1
            out.append(c + " " * max(0, min(j, n) - i - 1) + c)
            i = j + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def long_functions(path, limit):
    with open(path, encoding="utf-8", errors="replace") as f:
        code = strip_code(f.read())
    results = []
    stack = []  # per open brace: (is_function, start_line, name)
    head_start = 0
    line = 1
    for i, c in enumerate(code):
        if c == "\n":
            line += 1
            continue
        if c in ";{}":
            head = code[head_start:i]
            if c == "{":
                inside_function = any(kind for kind, _, _ in stack)
                is_function = not inside_function and "(" in head and not NOT_FUNCTION.search(head)
                # The signature starts at the head's first character that is not blank.
                leading = head[: len(head) - len(head.lstrip())]
                start = line - head.count("\n") + leading.count("\n")
                name = re.sub(r"\s+", " ", head.strip())[:90]
                stack.append((is_function, start, name))
            elif c == "}" and stack:
                is_function, start, name = stack.pop()
                if is_function and line - start + 1 > limit:
                    results.append((line - start + 1, start, name))
            head_start = i + 1
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--max", type=int, default=80)
    parser.add_argument("--exclude-tests", action="store_true", help="skip *_test.cpp files")
    parser.add_argument("paths", nargs="+")
    args = parser.parse_args()
    files = []
    for path in args.paths:
        if os.path.isdir(path):
            for root, _, names in os.walk(path):
                files += [os.path.join(root, name) for name in names if name.endswith((".cpp", ".hpp", ".cc", ".h"))]
        else:
            files.append(path)
    over = []
    for path in sorted(files):
        if args.exclude_tests and path.endswith("_test.cpp"):
            continue
        over += [(length, path, start, name) for length, start, name in long_functions(path, args.max)]
    for length, path, start, name in sorted(over, reverse=True):
        print(f"{length:4d} lines  {path}:{start}  {name}")
    print(f"{len(over)} function(s) over {args.max} lines in {len(files)} file(s)")
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
