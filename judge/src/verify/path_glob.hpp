// The glob patterns of submissions.yaml (2025-09 "Glob patterns"): over submission
// paths below submissions/ and over test case and test group names below data/.
// `*` and `?` match within one name (never `/`), brace expansion is supported
// ({simple,complex}.py, nested too), and a path is matched when it or any folder
// above it is ("accepted" matches accepted/a.py; "secret/group1" matches
// secret/group1/03). `**` is not special.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace judge {

// "author.{py,cpp}" -> {"author.py", "author.cpp"}; no braces: the pattern itself.
// An unbalanced brace is taken literally.
std::vector<std::string> expand_braces(std::string_view pattern);

// Whether the pattern (after brace expansion) matches `path` or one of its
// ancestors ("a/b/c": "a", "a/b", "a/b/c").
bool glob_matches_path(std::string_view pattern, std::string_view path);

}  // namespace judge
