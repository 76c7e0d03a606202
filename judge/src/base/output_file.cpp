#include "base/output_file.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/unique_fd.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The judge's own descriptor a name stands for (/dev/stdout, /dev/fd/3, ...): these
// are the kernel's links to what the judge already holds, so the descriptor is
// written instead of the name being followed.
std::optional<int> descriptor_named(const fs::path& path) {
  const std::string text = path.lexically_normal().string();
  if (text == "-" || text == "/dev/stdout") return STDOUT_FILENO;
  if (text == "/dev/stderr") return STDERR_FILENO;
  for (const std::string prefix : {"/dev/fd/", "/proc/self/fd/"}) {
    if (text.rfind(prefix, 0) != 0) continue;
    const std::string number = text.substr(prefix.size());
    if (number.empty() || number.size() > 6 || number.find_first_not_of("0123456789") != std::string::npos)
      return std::nullopt;
    return std::stoi(number);
  }
  return std::nullopt;
}

OutputTarget descriptor_target(const fs::path& path, int fd, const std::string& what) {
  if (::fcntl(fd, F_GETFD) < 0)
    throw ConfigError(fmt::format("{} {}: the judge has no descriptor {} open", what, path.string(), fd));
  return {fd == STDOUT_FILENO ? OutputKind::standard_output : OutputKind::descriptor, path, fd};
}

// Waits until `fd` (non-blocking) takes more, for at most stalled_reader_ms.
void wait_writable(int fd, const fs::path& path) {
  pollfd ready{fd, POLLOUT, 0};
  int n = 0;
  while ((n = ::poll(&ready, 1, stalled_reader_ms)) < 0 && errno == EINTR) {
  }
  if (n == 0)
    throw JudgeFault(fmt::format("cannot write {}: its reader took nothing for {} s", path.string(),
                                 stalled_reader_ms / 1000));
}

void write_all(int fd, const std::string& content, const fs::path& path) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) {
      wait_writable(fd, path);
      continue;
    }
    if (n < 0) throw JudgeFault(fmt::format("cannot write {}: {}", path.string(), std::strerror(errno)));
    written += static_cast<std::size_t>(n);
  }
}

// A device or a FIFO, opened without following a link and without waiting for a
// FIFO's reader (O_NONBLOCK: ENXIO when there is none); checked again after the open,
// since the name may have changed since it was resolved.
void write_in_place(const fs::path& path, const std::string& content, const std::string& what) {
  const UniqueFd fd(::open(path.c_str(), O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC));
  if (!fd.valid() && errno == ENXIO)
    throw ConfigError(fmt::format("{} {}: no process has the FIFO open for reading (start its reader first, "
                                  "or give a file name)",
                                  what, path.string()));
  if (!fd.valid() && errno == ELOOP)
    throw ConfigError(fmt::format("{} {}: became a symbolic link; the judge does not write through links", what,
                                  path.string()));
  if (!fd.valid()) throw JudgeFault(fmt::format("cannot open {}: {}", path.string(), std::strerror(errno)));
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0 || !(S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)))
    throw ConfigError(fmt::format("{} {}: no longer a device or a FIFO", what, path.string()));
  write_all(fd.get(), content, path);
}

}  // namespace

OutputTarget resolve_output(const fs::path& path, const std::string& what) {
  if (const std::optional<int> fd = descriptor_named(path)) return descriptor_target(path, *fd, what);
  // lstat: the final component is looked at, never followed.
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) {
    if (errno != ENOENT) throw ConfigError(fmt::format("{} {}: {}", what, path.string(), std::strerror(errno)));
    const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
    std::error_code ec;
    if (!fs::is_directory(dir, ec))
      throw ConfigError(fmt::format("{} {}: the folder {} does not exist (make it first)", what, path.string(),
                                    dir.string()));
    return {OutputKind::replace_atomically, path};
  }
  if (S_ISREG(st.st_mode)) return {OutputKind::replace_atomically, path};
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return {OutputKind::write_in_place, path};
  if (S_ISLNK(st.st_mode)) {
    std::error_code ec;
    const fs::path target = fs::read_symlink(path, ec);
    throw ConfigError(fmt::format("{} {}: a symbolic link (to {}); the judge does not write through links, "
                                  "which someone who can write its folder could point anywhere: give the "
                                  "file's own name",
                                  what, path.string(), ec ? "?" : target.string()));
  }
  if (S_ISDIR(st.st_mode))
    throw ConfigError(fmt::format("{} {}: that is a folder; give a file name, e.g. {}", what,
                                  path.string(), (path / "result.json").string()));
  throw ConfigError(fmt::format("{} {}: not a file, a character device or a FIFO; give a file name",
                                what, path.string()));
}

void write_output(const OutputTarget& target, const std::string& content, const std::string& what) {
  switch (target.kind) {
    case OutputKind::replace_atomically:
      write_file_atomically(target.path, content);
      return;
    case OutputKind::standard_output:
    case OutputKind::descriptor:
      std::fflush(nullptr);  // what the judge printed comes first
      write_all(target.fd, content, target.kind == OutputKind::standard_output ? "standard output" : target.path);
      return;
    case OutputKind::write_in_place:
      write_in_place(target.path, content, what);
      return;
  }
}

void write_output_file(const fs::path& path, const std::string& what, const std::string& content) {
  write_output(resolve_output(path, what), content, what);
}

}  // namespace judge
