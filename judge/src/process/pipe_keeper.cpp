#include "process/pipe_keeper.hpp"

#include <fcntl.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace judge {

UniqueFd duplicate(int fd) {
  const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
  if (copy < 0) throw std::system_error(errno, std::generic_category(), "dup");
  return UniqueFd(copy);
}

DirectPipes::DirectPipes(UniqueFd interactor_output, UniqueFd submission_output)
    : interactor_output_(std::move(interactor_output)), submission_output_(std::move(submission_output)) {}

void DirectPipes::submission_reaped() {
  // Rule 3: the submission is gone, so its end-of-file may reach the interactor now.
  submission_output_.reset();
  // Rule 1: from now on the judge is the reader of what the interactor still sends.
  // Non-blocking: the judge only ever takes what is there.
  if (interactor_output_.valid()) {
    ::fcntl(interactor_output_.get(), F_SETFL, ::fcntl(interactor_output_.get(), F_GETFL) | O_NONBLOCK);
    draining_ = true;
  }
}

void DirectPipes::interactor_reaped() {
  // Nothing more can come; the judge's read end goes. (While the submission still
  // runs this changes nothing for it: it holds its own read end.)
  interactor_output_.reset();
  draining_ = false;
}

bool DirectPipes::interactor_output_ended() const {
  // Reaped already: its output has ended. Else POLLHUP on the judge's read end: no
  // writer is left (the judge never holds one, rule 2).
  if (!interactor_output_.valid()) return true;
  struct pollfd output {interactor_output_.get(), POLLIN, 0};
  return ::poll(&output, 1, 0) == 1 && (output.revents & POLLHUP) != 0;
}

std::vector<int> DirectPipes::wait_fds() const {
  // Before the submission is reaped the judge must not wake up for the interactor's
  // output: it is the submission's to read, and would be readable all along.
  if (!draining_ || !interactor_output_.valid()) return {};
  return {interactor_output_.get()};
}

void DirectPipes::service() {
  if (!draining_ || !interactor_output_.valid()) return;
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(interactor_output_.get(), buffer, sizeof buffer);
    if (n > 0) {
      drained_bytes_ += static_cast<std::size_t>(n);
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    // 0: the interactor closed its output; nothing more will come.
    if (n == 0) interactor_output_.reset();
    return;  // EAGAIN: nothing now
  }
}

}  // namespace judge
