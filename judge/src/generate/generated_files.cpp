#include "generate/generated_files.hpp"

#include <iostream>
#include <set>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

std::set<std::string> owned_files(const OwnedFolder& folder, const fs::path& path) {
  std::set<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(path, ec))
    if (entry.is_regular_file(ec) && folder.owns(entry.path().filename().string()))
      names.insert(entry.path().filename().string());
  return names;
}

}  // namespace

int check_generated(const std::vector<OwnedFolder>& folders, const std::string& source, const std::string& display) {
  bool same = true;
  for (const OwnedFolder& folder : folders) {
    const std::set<std::string> made = owned_files(folder, folder.made);
    const std::set<std::string> committed = owned_files(folder, folder.committed);
    for (const auto& name : made) {
      const char* state = !committed.contains(name)                                             ? "missing"
                          : read_file(folder.made / name) != read_file(folder.committed / name) ? "changed"
                                                                                                : nullptr;
      if (state) std::cout << fmt::format("  {:<8} {}/{}\n", state, folder.shown, name);
      same = same && state == nullptr;
    }
    for (const auto& name : committed)
      if (!made.contains(name)) {
        std::cout << fmt::format("  extra    {}/{} (not made from {})\n", folder.shown, name, source);
        same = false;
      }
  }
  if (same) return exit_all_accepted;
  std::cout << fmt::format("run: judge generate {}\n", display);
  return exit_not_accepted;
}

void write_generated(const std::vector<OwnedFolder>& folders, const std::string& source) {
  for (const OwnedFolder& folder : folders) {
    const std::set<std::string> made = owned_files(folder, folder.made);
    for (const auto& name : owned_files(folder, folder.committed))
      if (!made.contains(name)) {
        fs::remove(folder.committed / name);
        std::cout << fmt::format("removed {}/{} (not made from {})\n", folder.shown, name, source);
      }
    fs::create_directories(folder.committed);
    for (const auto& name : made)
      write_file_atomically(folder.committed / name, read_file(folder.made / name).value_or(""));
  }
}

}  // namespace judge
