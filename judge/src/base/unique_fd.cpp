#include "base/unique_fd.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <string>
#include <system_error>

namespace judge {

void UniqueFd::reset() {
  if (fd_ >= 0) {
    ::close(fd_);
    fd_ = -1;
  }
}

Pipe make_pipe(int buffer_bytes) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) {
    throw std::system_error(errno, std::generic_category(), "pipe2");
  }
  Pipe pipe{UniqueFd(fds[0]), UniqueFd(fds[1])};
  if (buffer_bytes > 0) {
    // Failure is harmless (an unprivileged user past pipe-max-size): keep the default.
    (void)::fcntl(fds[1], F_SETPIPE_SZ, buffer_bytes);
  }
  return pipe;
}

UniqueFd open_for_writing(const char* path) {
  int fd = ::open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    throw std::system_error(errno, std::generic_category(), std::string("cannot open ") + path);
  }
  return UniqueFd(fd);
}

}  // namespace judge
