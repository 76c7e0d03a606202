#include "private_tmpdir.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "problem.hpp"

namespace judge {
namespace fs = std::filesystem;

PrivateTmpdir::PrivateTmpdir() {
  std::error_code ec;
  const fs::path base = fs::temp_directory_path(ec);
  if (ec)
    throw ConfigError(fmt::format("no folder for temporary files: {} (set TMPDIR)", ec.message()));
  std::string pattern = (base / "judge-run-XXXXXX").string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw ConfigError(fmt::format("cannot create a temporary folder in {}: {} (set TMPDIR to a "
                                  "writable folder)",
                                  base.string(), std::strerror(errno)));
  path_ = pattern;
  // Traversable, not listable, as the folders in it were when they sat in /tmp: a
  // submission running under another uid still reaches its own working folder.
  ::chmod(path_.c_str(), 0711);
  if (const char* tmpdir = std::getenv("TMPDIR")) previous_ = tmpdir;
  ::setenv("TMPDIR", path_.c_str(), 1);
}

PrivateTmpdir::~PrivateTmpdir() {
  if (previous_) ::setenv("TMPDIR", previous_->c_str(), 1);
  else ::unsetenv("TMPDIR");
  std::error_code ec;
  fs::remove_all(path_, ec);
}

}  // namespace judge
