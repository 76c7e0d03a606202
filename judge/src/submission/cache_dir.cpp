#include "submission/cache_dir.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/unique_fd.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

std::string mode_text(mode_t mode) { return fmt::format("{:04o}", mode & 07777); }

// A folder above the cache: root's or ours, and nobody else may rename what is in it
// (not writable by group or others, or sticky).
void check_ancestor(const fs::path& dir, const fs::path& cache) {
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0)
    throw ConfigError(fmt::format("compile cache {}: cannot check {}: {}", cache.string(), dir.string(),
                                  std::strerror(errno)));
  const bool trusted_owner = st.st_uid == 0 || st.st_uid == ::geteuid();
  const bool others_may_rename = (st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && (st.st_mode & S_ISVTX) == 0;
  if (!trusted_owner || others_may_rename)
    throw ConfigError(fmt::format(
        "compile cache {}: refused, because {} above it is {} (owner uid {}, mode {}): another user could replace "
        "cached programs; set JUDGE_CACHE_DIR to a folder of your own",
        cache.string(), dir.string(), !trusted_owner ? "owned by another user" : "writable by other users", st.st_uid,
        mode_text(st.st_mode)));
}

}  // namespace

fs::path checked_cache_dir(const fs::path& given) {
  const fs::path dir = fs::absolute(given).lexically_normal();
  // Missing folders are made 0700: the cache is nobody else's business.
  fs::path made;
  for (const auto& part : dir) {
    made /= part;
    if (::mkdir(made.c_str(), 0700) != 0 && errno != EEXIST)
      throw ConfigError(fmt::format("cannot create the compile cache {}: {} (set JUDGE_CACHE_DIR)", dir.string(),
                                    std::strerror(errno)));
  }
  // O_NOFOLLOW: the cache folder itself is never a link someone planted; fstat on the
  // opened folder, not a second lookup of its name.
  const UniqueFd fd(::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  struct stat st {};
  if (!fd.valid() || ::fstat(fd.get(), &st) != 0)
    throw ConfigError(fmt::format("compile cache {}: cannot open it as a folder ({}): a symbolic link is not taken; "
                                  "set JUDGE_CACHE_DIR to a folder of your own",
                                  dir.string(), std::strerror(errno)));
  if (st.st_uid != ::geteuid())
    throw ConfigError(fmt::format("compile cache {}: refused, because it is owned by uid {}, not by this judge's "
                                  "uid {}: another user could replace cached programs; set JUDGE_CACHE_DIR to a "
                                  "folder of your own",
                                  dir.string(), st.st_uid, ::geteuid()));
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
    throw ConfigError(fmt::format("compile cache {}: refused, because other users may write it (mode {}); "
                                  "chmod go-w it or set JUDGE_CACHE_DIR",
                                  dir.string(), mode_text(st.st_mode)));
  // The folders above, through their real paths (a link on the way is judged by
  // the folder it leads to).
  std::error_code ec;
  const fs::path real = fs::canonical(dir, ec);
  for (fs::path up = (ec ? dir : real).parent_path(); !up.empty(); up = up.parent_path()) {
    check_ancestor(up, dir);
    if (up == up.root_path()) break;
  }
  return dir;
}

fs::path default_cache_dir() {
  if (const char* dir = std::getenv("JUDGE_CACHE_DIR"); dir && *dir) return checked_cache_dir(dir);
  if (const char* xdg = std::getenv("XDG_CACHE_HOME"); xdg && *xdg) return checked_cache_dir(fs::path(xdg) / "judge");
  // A home that is not there or not the user's to write (a service user's /nonexistent)
  // counts as none.
  if (const char* home = std::getenv("HOME"); home && *home && ::access(home, W_OK | X_OK) == 0)
    return checked_cache_dir(fs::path(home) / ".cache" / "judge");
  // No home: never a name in a shared /tmp that another user could have made first.
  if (::geteuid() == 0) return checked_cache_dir("/var/cache/judge");
  if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime && *runtime)
    return checked_cache_dir(fs::path(runtime) / "judge-cache");
  return checked_cache_dir(fmt::format("/tmp/judge-cache-{}", ::geteuid()));
}

}  // namespace judge
