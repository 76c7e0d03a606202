// StopSignals: the signals that ask the judge to stop — SIGINT (Ctrl-C), SIGTERM
// (kill, a job scheduler) and SIGHUP (the terminal or the ssh session went away) —
// blocked while the object lives and read from a signalfd, so a loop sees them as
// an ordinary readable descriptor: no signal handler at all, nothing that can
// interrupt the judge half-way through a write. The judge's children get an empty
// signal mask before exec (process/process.cpp), so the blocking stays the judge's own.
//
// Used by `judge batch` (its loop polls the fd) and `judge run` (process/interrupt_watch.hpp).
#pragma once

#include <signal.h>

#include "base/unique_fd.hpp"

namespace judge {

class StopSignals {
 public:
  // Blocks the signals in the calling thread (create it before any other thread,
  // which then inherits the mask) and opens the signalfd (non-blocking,
  // close-on-exec). Throws std::system_error.
  // Not copyable (it owns the descriptor).
  StopSignals();
  // Drops the signals still pending — unblocked, they would kill the judge with
  // their default action before it could say why it stopped (a second Ctrl-C while
  // it cleans up) — then restores the signal mask.
  ~StopSignals();

  int fd() const { return fd_.get(); }
  // Reads one pending signal: its number, or 0 if none is pending.
  int received() const;

 private:
  sigset_t old_mask_{};
  UniqueFd fd_;
};

}  // namespace judge
