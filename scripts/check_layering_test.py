#!/usr/bin/env python3
"""Unit tests of check_layering.py on tiny fake trees (CTest style.layering_checker)."""
import contextlib
import importlib.util
import io
import pathlib
import tempfile
import unittest

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("check_layering", HERE / "check_layering.py")
layering = importlib.util.module_from_spec(spec)
spec.loader.exec_module(layering)

STATEMENT = "Layers (bottom to top): base < low < mid, side < top\n"


class FakeTree:
    """A README with the statement, src/<folder>/<file> with the given text, an allowlist."""

    def __init__(self, files, statement=STATEMENT, allowlist=""):
        self.dir = tempfile.TemporaryDirectory()
        self.root = pathlib.Path(self.dir.name).resolve()
        self.readme = self.root / "README.md"
        self.readme.write_text("# fake\n\n```\n" + statement + "```\n")
        self.src = self.root / "src"
        for folder in ("base", "low", "mid", "side", "top"):
            (self.src / folder).mkdir(parents=True)
        for name, text in files.items():
            (self.src / name).parent.mkdir(parents=True, exist_ok=True)
            (self.src / name).write_text(text)
        self.allowlist = self.root / "allow.txt"
        self.allowlist.write_text(allowlist)

    def check(self):
        levels = layering.parse_layers(self.readme.read_text())
        entries = layering.parse_allowlist(self.allowlist.read_text(), "allow.txt")
        return layering.check(self.src, levels, entries, root=self.root)

    def main(self):
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            status = layering.main(["--readme", str(self.readme), "--src", str(self.src),
                                    "--allowlist", str(self.allowlist)])
        return status, out.getvalue()

    def close(self):
        self.dir.cleanup()


# A tree that keeps the layering: each folder includes its own headers and lower ones.
CLEAN = {
    "base/errors.hpp": "#pragma once\n",
    "low/a.hpp": '#pragma once\n#include "base/errors.hpp"\n#include <vector>\n',
    "mid/b.cpp": '#include "mid/b.hpp"\n#include "low/a.hpp"\n#include "base/errors.hpp"\n',
    "mid/b.hpp": "#pragma once\n",
    "side/c.cpp": '#include "low/a.hpp"\n',
    "top/d.cpp": '#include "mid/b.hpp"\n#include "side/c.hpp"\n',
    "side/c.hpp": "#pragma once\n",
}


class Layering(unittest.TestCase):
    def tree(self, extra=None, **kwargs):
        files = dict(CLEAN, **(extra or {}))
        tree = FakeTree(files, **kwargs)
        self.addCleanup(tree.close)
        return tree

    def test_a_tree_that_keeps_the_layering_passes(self):
        status, out = self.tree().main()
        self.assertEqual(status, 0, out)
        self.assertIn("0 problems", out)

    def test_the_statement_gives_levels_bottom_to_top_with_folders_beside_each_other(self):
        levels = layering.parse_layers("text\nLayers (bottom to top): a < b, c < d`\n")
        self.assertEqual(levels, {"a": 0, "b": 1, "c": 1, "d": 2})

    def test_a_missing_or_broken_statement_is_a_usage_error(self):
        with self.assertRaises(layering.UsageError):
            layering.parse_layers("no statement here\n")
        with self.assertRaises(layering.UsageError):
            layering.parse_layers("Layers (bottom to top): a < b c < d\n")
        with self.assertRaises(layering.UsageError):
            layering.parse_layers("Layers (bottom to top): a < b < a\n")

    def test_an_include_of_a_folder_above_fails_with_its_file_and_line(self):
        tree = self.tree({"low/a.cpp": '#include "low/a.hpp"\n\n#include "mid/b.hpp"\n'})
        status, out = tree.main()
        self.assertEqual(status, 1, out)
        self.assertIn('src/low/a.cpp:3: low -> mid: #include "mid/b.hpp" (mid is above low)', out)

    def test_folders_at_one_level_may_not_include_each_other(self):
        tree = self.tree({"mid/e.cpp": '#include "side/c.hpp"\n'})
        errors, _ = tree.check()
        self.assertEqual(len(errors), 1, errors)
        self.assertIn("src/mid/e.cpp:1: mid -> side", errors[0])
        self.assertIn("side is beside mid", errors[0])

    def test_a_relative_include_counts_by_the_file_it_names(self):
        tree = self.tree({"base/f.cpp": '#include "../top/g.hpp"\n', "top/g.hpp": "#pragma once\n"})
        errors, _ = tree.check()
        self.assertTrue(any("src/base/f.cpp:1: base -> top" in e for e in errors), errors)

    def test_includes_outside_src_in_comments_or_in_strings_are_no_arrows(self):
        tree = self.tree({"low/h.cpp": '#include "transcript.hpp"  // another library\n'
                                       '// #include "top/d.hpp"\n'
                                       'const char* text = "#include \\"top/d.hpp\\"";\n'
                                       '#include <mid/b.hpp>\n'})
        errors, _ = tree.check()
        self.assertEqual(errors, [])

    def test_a_folder_the_statement_does_not_name_fails_and_so_does_a_name_with_no_folder(self):
        tree = self.tree({"extra/x.cpp": '#include "base/errors.hpp"\n'},
                         statement="Layers (bottom to top): base < low < mid, side < top < gone\n")
        errors, _ = tree.check()
        self.assertIn("folder extra is in no layer", "\n".join(errors))
        self.assertIn("names gone, which is not a folder", "\n".join(errors))

    def test_an_allowlisted_arrow_passes_and_is_listed(self):
        tree = self.tree({"low/a.cpp": '#include "mid/b.hpp"\n'}, allowlist="# known\nlow -> mid  # moves later\n")
        status, out = tree.main()
        self.assertEqual(status, 0, out)
        self.assertIn("allowed for now: low -> mid (1 includes; moves later)", out)

    def test_an_allowlisted_arrow_that_no_longer_occurs_fails(self):
        tree = self.tree(allowlist="low -> mid  # moved already\n")
        errors, _ = tree.check()
        self.assertEqual(errors, ["allowlist line 1: low -> mid no longer occurs: delete the line"])

    def test_an_allowlisted_arrow_the_statement_allows_anyway_fails(self):
        tree = self.tree(allowlist="mid -> low  # not a violation\n")
        errors, _ = tree.check()
        self.assertEqual(errors, ["allowlist line 1: mid -> low is allowed by the statement anyway: delete the line"])

    def test_an_allowlist_line_without_its_reason_is_a_usage_error(self):
        with self.assertRaises(layering.UsageError):
            layering.parse_allowlist("low -> mid\n", "allow.txt")
        tree = self.tree(allowlist="low -> mid #\n")
        status, out = tree.main()
        self.assertEqual(status, 2, out)

    def test_a_circle_between_folders_is_found_and_shown_as_a_path(self):
        self.assertEqual(layering.find_circles([("a", "b"), ("b", "c"), ("c", "a"), ("c", "d")]),
                         [["a", "b", "c", "a"]])
        self.assertEqual(layering.find_circles([("a", "b"), ("b", "c"), ("a", "c")]), [])
        self.assertEqual(sorted(map(tuple, layering.find_circles([("a", "b"), ("b", "a"), ("c", "d"), ("d", "c")]))),
                         [("a", "b", "a"), ("c", "d", "c")])

    def test_a_circle_is_reported_beside_the_include_that_goes_up(self):
        tree = self.tree({"low/a.cpp": '#include "mid/b.hpp"\n'})
        errors, _ = tree.check()
        self.assertTrue(any(e.startswith("circle between folders: low -> mid -> low") for e in errors), errors)

    def test_a_circle_through_an_allowlisted_arrow_is_only_noted(self):
        tree = self.tree({"low/a.cpp": '#include "mid/b.hpp"\n'}, allowlist="low -> mid  # moves later\n")
        errors, notes = tree.check()
        self.assertEqual(errors, [])
        self.assertIn("known circle, through allowlisted arrows: low -> mid -> low", notes)


if __name__ == "__main__":
    unittest.main()
