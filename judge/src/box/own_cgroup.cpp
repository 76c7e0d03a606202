#include "box/own_cgroup.hpp"

#include <optional>
#include <sstream>

#include "base/parse_number.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace fs = std::filesystem;

OwnCgroups parse_own_cgroups(const std::string& proc_self_cgroup) {
  OwnCgroups own;
  std::istringstream lines(proc_self_cgroup);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t first = line.find(':');
    const std::size_t second = first == std::string::npos ? first : line.find(':', first + 1);
    if (second == std::string::npos) continue;
    const std::string controllers = line.substr(first + 1, second - first - 1);
    const std::string path = line.substr(second + 1);
    if (path.empty() || path.front() != '/') continue;
    if (controllers.empty()) {
      own.v2 = path;
      continue;
    }
    std::istringstream names(controllers);
    for (std::string name; std::getline(names, name, ',');) own.v1[name] = path;
  }
  return own;
}

OwnCgroups read_own_cgroups(const fs::path& proc_self_cgroup) {
  return parse_own_cgroups(read_file(proc_self_cgroup).value_or(""));
}

fs::path cgroup_dir(const fs::path& mount, const std::string& path) {
  const fs::path relative = fs::path(path).lexically_normal().relative_path();
  if (relative.empty() || relative == ".") return mount;
  const fs::path dir = mount / relative;
  std::error_code ec;
  if (fs::is_directory(dir, ec)) return dir;
  return mount;
}

namespace {

// The number after `key` on its own line of a "key value" file; none if absent.
std::optional<std::uint64_t> keyed(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind(key + " ", 0) == 0) return parse_integer<std::uint64_t>(line.substr(key.size() + 1));
  }
  return std::nullopt;
}

// Limits at or above this are "unlimited" (v1 writes PAGE_COUNTER_MAX pages in bytes,
// 0x7ffffffffffff000 with 4 KiB pages).
constexpr std::uint64_t unlimited_bytes = std::uint64_t{1} << 60;

std::int64_t v2_limit_above_kib(fs::path dir, const fs::path& v2_root) {
  std::uint64_t tightest = unlimited_bytes;
  const fs::path root = v2_root.lexically_normal();
  for (dir = dir.lexically_normal();; dir = dir.parent_path()) {
    std::string text = read_file(dir / "memory.max").value_or("max");
    while (!text.empty() && text.back() == '\n') text.pop_back();
    if (const auto bytes = parse_integer<std::uint64_t>(text); bytes && *bytes < tightest) tightest = *bytes;
    if (dir == root || dir == dir.parent_path() || dir.string().size() <= root.string().size()) break;
  }
  return tightest >= unlimited_bytes ? -1 : static_cast<std::int64_t>(tightest / 1024);
}

}  // namespace

std::int64_t memory_limit_above_kib(const fs::path& dir, const fs::path& v2_root) {
  if (!v2_root.empty()) return v2_limit_above_kib(dir, v2_root);
  // The memory+swap limit too (swap accounting): it may be the tighter one.
  const std::string stat = read_file(dir / "memory.stat").value_or("");
  std::uint64_t tightest = unlimited_bytes;
  for (const char* key : {"hierarchical_memory_limit", "hierarchical_memsw_limit"})
    if (const auto bytes = keyed(stat, key); bytes && *bytes < tightest) tightest = *bytes;
  return tightest >= unlimited_bytes ? -1 : static_cast<std::int64_t>(tightest / 1024);
}

}  // namespace judge
