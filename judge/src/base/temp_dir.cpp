#include "base/temp_dir.hpp"

#include <stdlib.h>

#include <cerrno>
#include <cstring>
#include <utility>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

TempDir::TempDir(const std::string& prefix) : TempDir(fs::temp_directory_path(), prefix) {}

TempDir::TempDir(const fs::path& parent, const std::string& prefix) {
  std::string pattern = (parent / (prefix + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw JudgeFault(fmt::format("cannot create a temporary folder {}: {}", pattern, std::strerror(errno)));
  path_ = pattern;
}

TempDir::TempDir(TempDir&& other) noexcept : path_(std::exchange(other.path_, fs::path())) {}

TempDir& TempDir::operator=(TempDir&& other) noexcept {
  if (this != &other) {
    std::error_code ec;
    if (!path_.empty()) fs::remove_all(path_, ec);
    path_ = std::exchange(other.path_, fs::path());
  }
  return *this;
}

TempDir::~TempDir() {
  if (path_.empty()) return;  // moved from
  std::error_code ec;
  fs::remove_all(path_, ec);
}

}  // namespace judge
