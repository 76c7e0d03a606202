// BoxChannel: the judge's end of judge-box's report socket (judge/box/judge_box.cpp
// documents the box's side). A SOCK_SEQPACKET socket pair: the box gets its end as
// descriptor 3 and sends, one message a packet,
//   "setup {json}"       what it enforced and what it could not, and why
//   "exec"               from the program itself right before execve, with its pid
//                        in SCM_CREDENTIALS (translated by the kernel into the
//                        judge's pid namespace)
//   "exec-error {json}"  the program could not be executed
//   "exit {json}"        the program's wait status and rusage, once it and every
//                        other process of the box have ended
// The judge learns the program's pid (to sample its CPU clock and to kill it through
// a pidfd) and, at the end, its exact exit facts.
#pragma once

#include <sys/types.h>

#include <chrono>
#include <optional>
#include <string>

#include "base/errors.hpp"
#include "base/exit_facts.hpp"
#include "base/unique_fd.hpp"

namespace judge {

class BoxChannel {
 public:
  // The socket pair; throws JudgeFault.
  static BoxChannel open();

  // The box's end, to become its descriptor 3; closed with close_box_end() once the
  // box has been started, so that the judge sees end-of-file when the box is gone.
  int box_end() const { return box_end_.get(); }
  void close_box_end() { box_end_.reset(); }
  // Readable when the box sends something or ends.
  int fd() const { return judge_end_.get(); }

  // Waits (up to 10 s) for "setup" and "exec". Throws JudgeFault when the box ends
  // first or says nothing; throws ProgramNotExecutable for "exec-error".
  void receive_start();

  // What has come since the start: `running` while the program runs; `reported` once
  // the box sent "exit"; `box_gone` when the box ended without a report (killed, or
  // crashed). Blocks only when the program has already ended, and then at most 2 s
  // for the report its init sends once the rest of the box is gone.
  enum class State { running, reported, box_gone };
  State poll_end();
  // The program's exit facts from the "exit" report (State::reported only).
  ExitFacts reported_exit() const;

  pid_t program_pid() const { return program_pid_; }
  // When the program started: the box's "exec" time, on CLOCK_MONOTONIC, which
  // std::chrono::steady_clock reads (the box makes no time namespace). Never later than
  // when the judge read it. Absent when the box did not say.
  std::optional<std::chrono::steady_clock::time_point> program_started_at() const { return program_started_at_; }
  // Whether the program has ended (its pidfd is readable), whether or not the box has
  // reported it yet.
  bool program_ended() const;
  // SIGKILL to the program (never a recycled pid: through its pidfd).
  void kill_program() const;

  // Closes the socket and the program's pidfd once the box has ended; what it said
  // (setup, exec error) stays readable.
  void close();

  const std::string& setup() const { return setup_; }
  const std::string& exec_error() const { return exec_error_; }
  // The exec's errno with an exec error of the program; -1 for the box's own failure.
  int exec_errno() const { return exec_errno_; }
  // The box's init stopped the program at its CPU limit (judge-box, 4d).
  bool cpu_limit_hit() const;

 private:
  UniqueFd judge_end_;
  UniqueFd box_end_;
  pid_t program_pid_ = -1;
  std::optional<std::chrono::steady_clock::time_point> program_started_at_;
  UniqueFd program_pidfd_;
  std::string setup_;
  std::string exec_error_;
  int exec_errno_ = -1;
  std::string exit_;
};

// The program the box was asked to run could not be executed before it started
// (judge-box's "exec-error" before "exec").
class ProgramNotExecutable : public JudgeFault {
 public:
  using JudgeFault::JudgeFault;
};

}  // namespace judge
