// A Markdown statement as the LaTeX statement the legacy problem package format reads
// (problem_statement/problem.en.tex: problemtools and Kattis render only .tex there).
// The Markdown is rendered by cmark-gfm (GitHub's CommonMark library, Debian's
// libcmark-gfm-dev) with its table extension, so tables become tabular; the title
// becomes \problemname, as the format asks.
#pragma once

#include <string>

namespace judge {

std::string statement_latex(const std::string& title, const std::string& markdown_body);

}  // namespace judge
