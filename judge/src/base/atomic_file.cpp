#include "base/atomic_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <random>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

void write_file_atomically(const fs::path& path, const std::string& content) {
  const fs::path dir = path.has_parent_path() ? path.parent_path() : fs::path(".");
  const std::string prefix = (dir / fmt::format(".{}.", path.filename().string())).string();
  auto error = [&](const char* what, int code) {
    return JudgeFault(fmt::format("cannot write {} ({}): {} ({} is left as it was)",
                                          path.string(), what, std::strerror(code), path.string()));
  };
  // The temporary is preferably an unnamed file (O_TMPFILE) in the target's folder:
  // it gets a name (linkat) only once it is complete and synced, for the moment
  // until the rename, so a judge killed while writing (even by SIGKILL) leaves
  // nothing behind. Where the file system has no O_TMPFILE, or /proc is missing
  // for the linkat, it is a named temporary (mkostemp) from the start, removed on
  // any failure the judge lives through.
  std::string temp;  // the temporary's name, once it has one
  int fd = ::open(dir.c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
  bool unnamed = fd >= 0;
  auto open_named = [&] {
    temp = prefix + "XXXXXX";
    fd = ::mkostemp(temp.data(), O_CLOEXEC);
    if (fd < 0) throw error("create", errno);
  };
  if (!unnamed) open_named();
  auto fail = [&](const char* what) {
    const int code = errno;
    ::close(fd);
    if (!temp.empty()) ::unlink(temp.c_str());
    throw error(what, code);
  };
  for (;;) {
    std::size_t written = 0;
    while (written < content.size()) {
      const ssize_t n = ::write(fd, content.data() + written, content.size() - written);
      if (n < 0) {
        if (errno == EINTR) continue;
        fail("write");
      }
      written += static_cast<std::size_t>(n);
    }
    if (::fchmod(fd, 0644) != 0) fail("fchmod");
    if (::fsync(fd) != 0) fail("fsync");
    if (!unnamed) break;
    const std::string self = fmt::format("/proc/self/fd/{}", fd);
    int link_error = EEXIST;
    for (int attempt = 0; attempt < 16 && link_error == EEXIST; ++attempt) {
      temp = prefix + fmt::format("{:08x}", std::random_device{}());
      link_error = ::linkat(AT_FDCWD, self.c_str(), AT_FDCWD, temp.c_str(), AT_SYMLINK_FOLLOW) == 0
                       ? 0 : errno;
    }
    if (link_error == 0) break;
    // No name could be given: write it again, as a named temporary.
    ::close(fd);
    unnamed = false;
    open_named();
  }
  if (::close(fd) != 0) {
    const int code = errno;
    ::unlink(temp.c_str());
    throw error("close", code);
  }
  if (::rename(temp.c_str(), path.c_str()) != 0) {
    const int code = errno;
    ::unlink(temp.c_str());
    throw error("rename", code);
  }
  // The rename itself survives a crash of the machine once the folder is synced
  // (best effort: the file is in place either way).
  if (const int dir_fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); dir_fd >= 0) {
    ::fsync(dir_fd);
    ::close(dir_fd);
  }
}

}  // namespace judge
