// White-diff, CMS's built-in comparator (docs "Task types", steps/whitediff.py): a
// contestant's output matches the correct one when both have the same lines, each
// with the same whitespace-separated tokens in the same order, apart from trailing
// lines made of whitespace only. Whitespace is space, tab, carriage return, vertical
// tab and form feed (the newline ends a line); an empty line in the middle counts.
// A Batch task without a checker is judged by it (grade/cms_outcome.hpp).
#pragma once

#include <filesystem>
#include <istream>

namespace judge {

bool white_diff(std::istream& output, std::istream& correct);

// The file behind descriptor `output_fd` (read from its start; the descriptor's own
// offset is left alone) against the file `correct`. A file that cannot be read does
// not match.
bool white_diff_files(int output_fd, const std::filesystem::path& correct);

}  // namespace judge
