#include "process/private_tmpdir.hpp"

#include <linux/magic.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

fs::path temp_base() {
  if (const char* tmpdir = std::getenv("TMPDIR"); tmpdir != nullptr && *tmpdir != '\0') return tmpdir;
  struct statfs info {};
  if (::statfs("/dev/shm", &info) == 0 && info.f_type == TMPFS_MAGIC &&
      ::access("/dev/shm", W_OK | X_OK) == 0)
    return "/dev/shm";
  return "/tmp";
}

PrivateTmpdir::PrivateTmpdir() {
  std::error_code ec;
  const fs::path base = temp_base();
  if (!fs::is_directory(base, ec))
    throw ConfigError(fmt::format("no folder for temporary files: {} is not a folder (set TMPDIR "
                                  "to a writable folder)",
                                  base.string()));
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
