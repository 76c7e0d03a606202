#include "base/private_folder.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

std::string why_not_private(int fd) {
  struct stat st {};
  if (::fstat(fd, &st) != 0) return std::strerror(errno);
  if (!S_ISDIR(st.st_mode)) return "not a folder";
  if (st.st_uid != ::geteuid())
    return fmt::format("owned by uid {}, not by the judge's user (uid {})", st.st_uid, ::geteuid());
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0)
    return fmt::format("writable by others (mode {:04o})", st.st_mode & 07777);
  return "";
}

UniqueFd open_base_folder(const fs::path& base) {
  UniqueFd fd(::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  if (!fd.valid()) throw ConfigError(fmt::format("cannot open the folder {}: {}", base.string(), std::strerror(errno)));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0)
    throw ConfigError(fmt::format("cannot stat the folder {}: {}", base.string(), std::strerror(errno)));
  if (st.st_uid != 0 && st.st_uid != ::geteuid())
    throw ConfigError(fmt::format("{}: owned by uid {}, neither root nor the judge's user: the judge keeps nothing "
                                  "there (set TMPDIR or XDG_RUNTIME_DIR to a folder of yours)",
                                  base.string(), st.st_uid));
  if ((st.st_mode & (S_IWGRP | S_IWOTH)) != 0 && (st.st_mode & S_ISVTX) == 0)
    throw ConfigError(fmt::format("{}: writable by others and not sticky (mode {:04o}): anyone could rename what "
                                  "the judge makes there (chmod +t it, or set TMPDIR to a folder of yours)",
                                  base.string(), st.st_mode & 07777));
  return fd;
}

UniqueFd open_private_folder(const UniqueFd& parent, const std::string& name, mode_t mode, const fs::path& shown) {
  if (::mkdirat(parent.get(), name.c_str(), mode) != 0 && errno != EEXIST)
    throw ConfigError(fmt::format("cannot make the folder {}: {}", shown.string(), std::strerror(errno)));
  UniqueFd fd(::openat(parent.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  std::string why = fd.valid() ? why_not_private(fd.get())
                    : errno == ELOOP || errno == ENOTDIR ? "a symbolic link, or not a folder"
                                                         : std::string(std::strerror(errno));
  if (!why.empty())
    throw ConfigError(fmt::format("{}: {}; the judge does not use a folder someone else can change (whoever "
                                  "made it should remove it; the judge then makes it again, as its own)",
                                  shown.string(), why));
  return fd;
}

UniqueFd open_private_path(const fs::path& base, const fs::path& relative, mode_t mode) {
  UniqueFd fd = open_base_folder(base);
  fs::path shown = base;
  for (const fs::path& part : relative) {
    shown /= part;
    fd = open_private_folder(fd, part.string(), mode, shown);
  }
  return fd;
}

}  // namespace judge
