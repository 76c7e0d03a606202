#include "base/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

OutputTarget resolve_output(const fs::path& path, const std::string& what) {
  if (path == "-") return {OutputKind::standard_output, path};
  // A link is followed to the end of its chain (its target may not exist yet); a
  // loop, or a chain longer than the kernel follows, is the user's to fix.
  std::error_code ec;
  fs::path target = path;
  for (int hops = 0; fs::is_symlink(fs::symlink_status(target, ec)); ++hops) {
    const fs::path next = fs::read_symlink(target, ec);
    if (ec || hops == 40)
      throw ConfigError(fmt::format("{} {}: the symbolic link cannot be followed ({})", what,
                                    path.string(), ec ? ec.message() : "a loop"));
    target = next.is_absolute() ? next : (target.parent_path() / next).lexically_normal();
  }
  struct stat st {};
  if (::stat(target.c_str(), &st) != 0) {
    if (errno == ENOENT) return {OutputKind::replace_atomically, target};
    throw ConfigError(fmt::format("{} {}: {}", what, path.string(), std::strerror(errno)));
  }
  if (S_ISREG(st.st_mode)) return {OutputKind::replace_atomically, target};
  if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) return {OutputKind::write_in_place, target};
  if (S_ISDIR(st.st_mode))
    throw ConfigError(fmt::format("{} {}: that is a folder; give a file name, e.g. {}", what,
                                  path.string(), (path / "result.json").string()));
  throw ConfigError(fmt::format("{} {}: not a file, a character device or a FIFO; give a file name",
                                what, path.string()));
}

namespace {

void write_all(int fd, const std::string& content, const fs::path& path) {
  std::size_t written = 0;
  while (written < content.size()) {
    const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw JudgeFault(fmt::format("cannot write {}: {}", path.string(), std::strerror(errno)));
    written += static_cast<std::size_t>(n);
  }
}

}  // namespace

void write_output(const OutputTarget& target, const std::string& content) {
  switch (target.kind) {
    case OutputKind::replace_atomically:
      write_file_atomically(target.path, content);
      return;
    case OutputKind::standard_output:
      std::fflush(stdout);
      write_all(STDOUT_FILENO, content, "standard output");
      return;
    case OutputKind::write_in_place: {
      // No O_CREAT, no O_TRUNC: a device or a FIFO is written to, never made or cut.
      const int fd = ::open(target.path.c_str(), O_WRONLY | O_CLOEXEC);
      if (fd < 0) throw JudgeFault(fmt::format("cannot open {}: {}", target.path.string(), std::strerror(errno)));
      try {
        write_all(fd, content, target.path);
      } catch (...) {
        ::close(fd);
        throw;
      }
      if (::close(fd) != 0)
        throw JudgeFault(fmt::format("cannot write {}: {}", target.path.string(), std::strerror(errno)));
      return;
    }
  }
}

void write_output_file(const fs::path& path, const std::string& what, const std::string& content) {
  write_output(resolve_output(path, what), content);
}

}  // namespace judge
