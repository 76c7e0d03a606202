#include "run/white_diff.hpp"

#include <fmt/core.h>

#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace judge {
namespace {

bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

std::vector<std::string> tokens(const std::string& line) {
  std::vector<std::string> words;
  std::size_t at = 0;
  while (at < line.size()) {
    while (at < line.size() && is_space(line[at])) ++at;
    std::size_t end = at;
    while (end < line.size() && !is_space(line[end])) ++end;
    if (end > at) words.push_back(line.substr(at, end - at));
    at = end;
  }
  return words;
}

// The rest of a stream holds only lines of whitespace.
bool only_blank_lines_left(std::istream& in, const std::string& current) {
  if (!tokens(current).empty()) return false;
  for (std::string line; std::getline(in, line);)
    if (!tokens(line).empty()) return false;
  return true;
}

}  // namespace

bool white_diff(std::istream& output, std::istream& correct) {
  for (;;) {
    std::string mine, theirs;
    const bool have_mine = static_cast<bool>(std::getline(output, mine));
    const bool have_theirs = static_cast<bool>(std::getline(correct, theirs));
    if (!have_mine && !have_theirs) return true;
    if (!have_mine) return only_blank_lines_left(correct, theirs);
    if (!have_theirs) return only_blank_lines_left(output, mine);
    if (tokens(mine) != tokens(theirs)) return false;
  }
}

bool white_diff_files(int output_fd, const std::filesystem::path& correct) {
  // Through /proc/self/fd: a description of its own, from the start, whatever the
  // descriptor's offset (a memory file the submission wrote to its end).
  std::ifstream output(fmt::format("/proc/self/fd/{}", output_fd), std::ios::binary);
  std::ifstream answer(correct, std::ios::binary);
  if (!output || !answer) return false;
  return white_diff(output, answer);
}

}  // namespace judge
