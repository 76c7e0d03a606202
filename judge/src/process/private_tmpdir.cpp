#include "process/private_tmpdir.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <linux/magic.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <vector>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/private_folder.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

constexpr const char* run_folder_prefix = "judge-run-";
constexpr const char* lock_marker = ".judge-run-lock";

// Whether `name` in `base` is a dead judge's run folder (the file comment says how
// that is known); if so it is removed, while its lock is held.
bool remove_if_dead(const UniqueFd& base, const fs::path& shown_base, const std::string& name) {
  const UniqueFd folder(::openat(base.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!folder.valid() || !why_not_private(folder.get()).empty()) return false;  // not ours: never touched
  if (::flock(folder.get(), LOCK_EX | LOCK_NB) != 0) return false;               // its judge lives
  struct stat marker {};
  if (::fstatat(folder.get(), lock_marker, &marker, AT_SYMLINK_NOFOLLOW) != 0) return false;
  std::error_code ec;
  fs::remove_all(shown_base / name, ec);
  return !ec;
}

}  // namespace

fs::path temp_base() {
  if (const char* tmpdir = std::getenv("TMPDIR"); tmpdir != nullptr && *tmpdir != '\0') return tmpdir;
  struct statfs info {};
  if (::statfs("/dev/shm", &info) == 0 && info.f_type == TMPFS_MAGIC &&
      ::access("/dev/shm", W_OK | X_OK) == 0)
    return "/dev/shm";
  return "/tmp";
}

int sweep_dead_run_folders(const UniqueFd& base, const fs::path& shown_base, const std::string& keep) {
  std::vector<std::string> candidates;
  if (DIR* listing = ::fdopendir(::dup(base.get()))) {
    while (const dirent* entry = ::readdir(listing)) {
      const std::string name = entry->d_name;
      if (name.rfind(run_folder_prefix, 0) == 0 && name != keep) candidates.push_back(name);
    }
    ::closedir(listing);
  }
  int removed = 0;
  for (const std::string& name : candidates) removed += remove_if_dead(base, shown_base, name) ? 1 : 0;
  return removed;
}

PrivateTmpdir::PrivateTmpdir() {
  const fs::path base = temp_base();
  std::error_code ec;
  if (!fs::is_directory(base, ec))
    throw ConfigError(fmt::format("no folder for temporary files: {} is not a folder (set TMPDIR "
                                  "to a writable folder)",
                                  base.string()));
  const UniqueFd base_fd = open_base_folder(base);
  std::string pattern = (base / (std::string(run_folder_prefix) + "XXXXXX")).string();
  if (::mkdtemp(pattern.data()) == nullptr)
    throw ConfigError(fmt::format("cannot create a temporary folder in {}: {} (set TMPDIR to a "
                                  "writable folder)",
                                  base.string(), std::strerror(errno)));
  path_ = pattern;
  const std::string name = path_.filename().string();
  lock_ = open_private_folder(base_fd, name, 0700, path_);
  // Blocking: a sweeping judge may hold it for a moment, finds no marker, lets go.
  while (::flock(lock_.get(), LOCK_EX) != 0 && errno == EINTR) {
  }
  const UniqueFd marker(::openat(lock_.get(), lock_marker, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600));
  // Traversable, not listable, as the folders in it were when they sat in /tmp: a
  // submission running under another uid still reaches its own working folder.
  ::fchmod(lock_.get(), 0711);
  if (const char* tmpdir = std::getenv("TMPDIR")) previous_ = tmpdir;
  ::setenv("TMPDIR", path_.c_str(), 1);
  sweep_dead_run_folders(base_fd, base, name);
}

PrivateTmpdir::~PrivateTmpdir() {
  if (previous_) ::setenv("TMPDIR", previous_->c_str(), 1);
  else ::unsetenv("TMPDIR");
  std::error_code ec;
  fs::remove_all(path_, ec);
}

}  // namespace judge
