#include "verify/path_glob.hpp"

#include <fnmatch.h>

namespace judge {

namespace {

// The closing brace of the group opened at `open`, and the top-level commas in it.
bool brace_group(std::string_view pattern, std::size_t open, std::size_t& close,
                 std::vector<std::size_t>& commas) {
  int depth = 0;
  for (std::size_t i = open; i < pattern.size(); ++i) {
    if (pattern[i] == '{') ++depth;
    else if (pattern[i] == '}' && --depth == 0) {
      close = i;
      return true;
    } else if (pattern[i] == ',' && depth == 1) {
      commas.push_back(i);
    }
  }
  return false;
}

}  // namespace

std::vector<std::string> expand_braces(std::string_view pattern) {
  for (std::size_t open = pattern.find('{'); open != std::string_view::npos;
       open = pattern.find('{', open + 1)) {
    std::size_t close = 0;
    std::vector<std::size_t> commas;
    if (!brace_group(pattern, open, close, commas)) return {std::string(pattern)};
    const std::string_view head = pattern.substr(0, open);
    const std::string_view tail = pattern.substr(close + 1);
    std::vector<std::string> expanded;
    std::size_t start = open + 1;
    commas.push_back(close);
    for (std::size_t comma : commas) {
      const std::string alternative =
          std::string(head) + std::string(pattern.substr(start, comma - start)) + std::string(tail);
      for (auto& result : expand_braces(alternative)) expanded.push_back(std::move(result));
      start = comma + 1;
    }
    return expanded;
  }
  return {std::string(pattern)};
}

bool glob_matches_path(std::string_view pattern, std::string_view path) {
  const std::vector<std::string> patterns = expand_braces(pattern);
  const std::string full(path);
  for (std::size_t end = 0; end != std::string::npos;) {
    end = full.find('/', end + 1);
    const std::string prefix = full.substr(0, end);
    for (const auto& each : patterns)
      if (::fnmatch(each.c_str(), prefix.c_str(), FNM_PATHNAME) == 0) return true;
  }
  return false;
}

}  // namespace judge
