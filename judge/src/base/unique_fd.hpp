// UniqueFd owns one file descriptor and closes it when it goes away; make_pipe
// creates a close-on-exec pipe. Every descriptor the judge opens is close-on-exec,
// so a child inherits exactly the three it is given as stdin/stdout/stderr: a
// stray copy of a pipe's write end in the wrong process would keep its reader from
// ever seeing end-of-file, and a test would hang until its wall limit.
#pragma once

#include <utility>

namespace judge {

class UniqueFd {
 public:
  UniqueFd() = default;
  explicit UniqueFd(int fd) : fd_(fd) {}
  UniqueFd(const UniqueFd&) = delete;
  UniqueFd& operator=(const UniqueFd&) = delete;
  UniqueFd(UniqueFd&& other) noexcept : fd_(std::exchange(other.fd_, -1)) {}
  UniqueFd& operator=(UniqueFd&& other) noexcept {
    if (this != &other) {
      reset();
      fd_ = std::exchange(other.fd_, -1);
    }
    return *this;
  }
  ~UniqueFd() { reset(); }

  int get() const { return fd_; }
  bool valid() const { return fd_ >= 0; }
  void reset();

 private:
  int fd_ = -1;
};

struct Pipe {
  UniqueFd read_end;
  UniqueFd write_end;
};

// A close-on-exec pipe. With buffer_bytes > 0 the kernel buffer is enlarged to that
// size (best effort: capped by /proc/sys/fs/pipe-max-size), so a burst of output
// does not stall its writer at the default 64 KiB. Throws std::system_error.
Pipe make_pipe(int buffer_bytes = 0);

// Opens a file for writing (created, truncated, close-on-exec). Throws std::system_error.
UniqueFd open_for_writing(const char* path);

}  // namespace judge
