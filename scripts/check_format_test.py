#!/usr/bin/env python3
"""Unit tests of check_format.py on small git repositories made on the spot, with the
project's .clang-format and the real clang-format (CTest style.format_checker).
Exit 77 (skipped) without git or clang-format."""
import contextlib
import importlib.util
import io
import os
import pathlib
import shutil
import subprocess
import sys
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("check_format", HERE / "check_format.py")
check_format = importlib.util.module_from_spec(spec)
spec.loader.exec_module(check_format)

GIT_ENV = dict(os.environ, GIT_AUTHOR_NAME="t", GIT_AUTHOR_EMAIL="t@example.org", GIT_COMMITTER_NAME="t",
               GIT_COMMITTER_EMAIL="t@example.org", GIT_CONFIG_GLOBAL=os.devnull, GIT_CONFIG_NOSYSTEM="1")
OLD_CODE = "int   old_style( int x ) { return x; }\n"  # written before the formatter: left alone
GOOD = "int good(int x) { return x; }\n"
BAD = "int   bad( int x ) { return x; }\n"


class Repo:
    """A repository whose history is: old code, then .clang-format (the base)."""

    def __init__(self):
        self.dir = tempfile.TemporaryDirectory()
        self.path = pathlib.Path(self.dir.name).resolve() / "repo"
        self.path.mkdir()
        self.git("init", "-q", "-b", "main")
        self.write("src/a.cpp", OLD_CODE)
        self.commit("old code")
        shutil.copy(HERE.parent / ".clang-format", self.path / ".clang-format")
        self.base = self.commit("the formatter")
        self.write("scripts/format-base", self.base + "\n")
        self.commit("its base")

    def git(self, *args):
        return subprocess.run(["git", "-C", str(self.path), *args], check=True, env=GIT_ENV, text=True,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE).stdout.strip()

    def write(self, name, text):
        (self.path / name).parent.mkdir(parents=True, exist_ok=True)
        (self.path / name).write_text(text)

    def append(self, name, text):
        with open(self.path / name, "a") as f:
            f.write(text)

    def commit(self, message):
        self.git("add", "-A")
        self.git("commit", "-q", "-m", message)
        return self.git("rev-parse", "HEAD")

    def check(self, *args):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = check_format.main(["--repo", str(self.path), *args])
        return status, out.getvalue()


class CheckFormat(unittest.TestCase):
    def repo(self):
        repo = Repo()
        self.addCleanup(repo.dir.cleanup)
        return repo

    def test_old_code_is_left_alone(self):
        status, out = self.repo().check()
        self.assertEqual(status, 0, out)
        self.assertIn("0 lines written since", out)

    def test_a_committed_line_that_needs_formatting_fails_with_its_file_and_line(self):
        repo = self.repo()
        repo.append("src/a.cpp", GOOD + BAD)
        repo.commit("new code")
        status, out = repo.check()
        self.assertEqual(status, 1, out)
        self.assertIn("src/a.cpp:3:", out)
        self.assertNotIn("src/a.cpp:1:", out)  # the old line
        self.assertIn("2 lines written since", out)
        self.assertIn("1 need formatting", out)

    def test_formatted_new_lines_pass(self):
        repo = self.repo()
        repo.append("src/a.cpp", GOOD)
        repo.write("src/b.hpp", "#pragma once\n\n" + GOOD)
        repo.commit("new code")
        status, out = repo.check()
        self.assertEqual(status, 0, out)
        self.assertIn("4 lines written since", out)

    def test_uncommitted_lines_are_checked_too(self):
        repo = self.repo()
        repo.write("src/new.cpp", BAD)
        repo.git("add", "src/new.cpp")
        status, out = repo.check()
        self.assertEqual(status, 1, out)
        self.assertIn("src/new.cpp:1:", out)

    def test_lines_of_a_branch_begun_before_the_formatter_and_merged_after_are_not_charged(self):
        repo = self.repo()
        repo.git("checkout", "-q", "-b", "older", repo.git("rev-parse", "HEAD~2"))
        repo.write("src/c.cpp", BAD)
        repo.commit("written without the formatter")
        repo.git("checkout", "-q", "main")
        repo.git("merge", "-q", "--no-edit", "older")
        status, out = repo.check()
        self.assertEqual(status, 0, out)
        self.assertIn("0 lines written since", out)
        # A line the merge itself writes is charged.
        repo.append("src/c.cpp", BAD)
        repo.git("commit", "-q", "-am", "after the merge")
        status, out = repo.check()
        self.assertEqual(status, 1, out)
        self.assertIn("src/c.cpp:2:", out)

    def test_a_moved_file_is_not_charged_for_its_old_lines_and_a_deleted_one_is_skipped(self):
        repo = self.repo()
        repo.write("src/d.cpp", OLD_CODE * 3)
        repo.git("add", "-A")
        repo.git("commit", "-q", "--amend", "--no-edit")  # d.cpp is old code too, but base stays
        repo.git("mv", "src/a.cpp", "src/moved.cpp")
        repo.git("rm", "-q", "src/d.cpp")
        repo.commit("moved and deleted")
        status, out = repo.check()
        self.assertEqual(status, 0, out)

    def test_fix_formats_the_new_lines_only(self):
        repo = self.repo()
        repo.append("src/a.cpp", BAD)
        repo.commit("new code")
        status, out = repo.check("--fix")
        self.assertEqual(status, 0, out)
        self.assertEqual((repo.path / "src/a.cpp").read_text(), OLD_CODE + "int bad(int x) { return x; }\n")
        self.assertEqual(repo.check()[0], 0)

    def test_a_tarball_is_skipped(self):
        repo = self.repo()
        shutil.rmtree(repo.path / ".git")
        status, out = repo.check()
        self.assertEqual(status, 77, out)
        self.assertIn("skipped: ", out)
        self.assertIn("not a git checkout", out)

    def test_a_shallow_clone_without_the_base_is_skipped(self):
        repo = self.repo()
        clone = repo.path.parent / "shallow"
        subprocess.run(["git", "clone", "-q", "--depth", "1", f"file://{repo.path}", str(clone)], check=True,
                       env=GIT_ENV)
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = check_format.main(["--repo", str(clone)])
        self.assertEqual(status, 77, out.getvalue())
        self.assertIn("shallow clone", out.getvalue())

    def test_a_full_clone_without_the_base_fails_and_names_the_commit_to_record(self):
        repo = self.repo()
        repo.write("scripts/format-base", "0123456789abcdef0123456789abcdef01234567\n")
        repo.commit("a base from a rewritten history")
        status, out = repo.check()
        self.assertEqual(status, 1, out)
        self.assertIn(f"the commit that added .clang-format here is {repo.base}", out)

    def test_testdata_fixtures_are_left_as_other_tools_wrote_them(self):
        repo = self.repo()
        shutil.copy(HERE.parent / "testdata" / ".clang-format", repo.path / "src" / ".clang-format")
        repo.write("src/fixture.cpp", BAD)
        repo.commit("a fixture")
        status, out = repo.check()
        self.assertEqual(status, 0, out)


if __name__ == "__main__":
    if shutil.which("git") is None or shutil.which("clang-format") is None:
        print("skipped: git or clang-format is not installed")
        sys.exit(77)
    unittest.main()
