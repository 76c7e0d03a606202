#include "process/output_drain.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <system_error>

namespace judge {

OutputDrain::OutputDrain(std::size_t keep_bytes) : keep_bytes_(keep_bytes) {
  Pipe pipe = make_pipe();
  read_end_ = std::move(pipe.read_end);
  write_end_ = std::move(pipe.write_end);
  // Non-blocking reads: after finish() the reader takes what is there and stops,
  // never waiting on a writer that did not close its end.
  ::fcntl(read_end_.get(), F_SETFL, O_NONBLOCK);
  stop_ = UniqueFd(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK));
  if (!stop_.valid()) throw std::system_error(errno, std::generic_category(), "eventfd");
  reader_ = std::thread([this] { read_all(); });
}

OutputDrain::~OutputDrain() { finish(); }

void OutputDrain::finish() {
  if (!reader_.joinable()) return;
  write_end_.reset();
  stopping_ = true;
  const std::uint64_t one = 1;
  (void)::write(stop_.get(), &one, sizeof one);
  reader_.join();
}

void OutputDrain::read_all() {
  char buffer[64 * 1024];
  for (;;) {
    const ssize_t n = ::read(read_end_.get(), buffer, sizeof buffer);
    if (n > 0) {
      total_ += static_cast<std::uint64_t>(n);
      const std::size_t room = keep_bytes_ - std::min(keep_bytes_, kept_.size());
      kept_.append(buffer, std::min(room, static_cast<std::size_t>(n)));
      continue;
    }
    if (n == 0) return;  // every writer closed its end
    if (errno == EINTR) continue;
    if (errno != EAGAIN) return;
    if (stopping_) return;  // nothing left, and the child is gone
    struct pollfd fds[2] = {{read_end_.get(), POLLIN, 0}, {stop_.get(), POLLIN, 0}};
    (void)::poll(fds, 2, -1);
  }
}

}  // namespace judge
