#include "base/search_path.hpp"

#include <unistd.h>

#include <cstdlib>
#include <string>


namespace judge {
namespace fs = std::filesystem;

bool is_executable_file(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec) && ::access(path.c_str(), X_OK) == 0;
}

std::optional<fs::path> find_on_path(std::string_view name) {
  const char* path_variable = std::getenv("PATH");
  // POSIX leaves an unset PATH to the implementation; glibc's default is this.
  return find_on(path_variable ? path_variable : "/bin:/usr/bin", name);
}

std::optional<fs::path> find_on_box_path(std::string_view name) { return find_on(box_search_path, name); }

std::optional<fs::path> find_on(const std::string& search, std::string_view name) {
  if (name.empty()) return std::nullopt;
  if (name.find('/') != std::string_view::npos) {
    if (is_executable_file(fs::path(name))) return fs::absolute(fs::path(name));
    return std::nullopt;
  }
  std::size_t start = 0;
  while (start <= search.size()) {
    const std::size_t end = std::min(search.find(':', start), search.size());
    const std::string folder = search.substr(start, end - start);
    const fs::path candidate = fs::path(folder.empty() ? "." : folder) / name;
    if (is_executable_file(candidate)) return fs::absolute(candidate).lexically_normal();
    start = end + 1;
  }
  return std::nullopt;
}

}  // namespace judge
