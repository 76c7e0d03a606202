// InterruptWatch lets `judge run` stop cleanly on SIGINT (Ctrl-C) or SIGTERM: kill
// every process it started, remove its temporaries, write no result, and exit
// 128 + the signal's number with a message (docs/commands.md, "Exit status").
//
// No signal handler at all. While an InterruptWatch exists, SIGINT, SIGTERM and
// SIGHUP are blocked in every thread of the judge (it must be created before any
// other thread) and read from a signalfd (StopSignals, stop_signals.hpp, as `judge
// batch` reads them in its loop) by one watcher thread. The grading itself runs on the main thread and blocks in places
// it cannot be woken from (waiting for a test's processes, for the compiler), so the
// watcher does the one thing that ends every such wait: on the first signal it
// SIGKILLs the process group of every child of the judge (the interactor, the
// submission or its sandbox, the compiler, orphans the judge inherited as subreaper)
// and repeats that every 10 ms until the watch goes away, so a process started
// after the signal (the next test's, the next pass's) dies at once too. The watcher
// only sends signals; it never waits for a child (the main thread reaps them all:
// kill_orphans waits on any pid). The main thread, back from the killed test,
// calls throw_if_interrupted() and unwinds with Interrupted.
//
// Children get an empty signal mask before exec (process/process.cpp), so blocking the
// signals here changes nothing for the interactor or the submission.
#pragma once

#include <atomic>
#include <stdexcept>
#include <thread>

#include "base/unique_fd.hpp"
#include "process/stop_signals.hpp"

namespace judge {

// Thrown by InterruptWatch::throw_if_interrupted once a stop signal has come.
class Interrupted : public std::runtime_error {
 public:
  explicit Interrupted(int signal);
  int signal() const { return signal_; }
  int exit_status() const { return 128 + signal_; }

 private:
  int signal_;
};

class InterruptWatch {
 public:
  // Blocks the stop signals and starts the watcher. Throws std::system_error if
  // the signalfd, the pipe or the thread cannot be made.
  // Not copyable or movable (the watcher thread points at it).
  InterruptWatch();
  // Stops the watcher, drops signals still pending, restores the signal mask.
  ~InterruptWatch();

  // The first stop signal received (0: none yet).
  int signal() const { return signal_.load(); }
  void throw_if_interrupted() const;

 private:
  void watch();

  StopSignals signals_;
  Pipe wake_;  // its write end closed by the destructor: ends the watcher's wait
  std::atomic<int> signal_{0};
  std::thread watcher_;
};

// SIGKILL to the process group of every child of this process, and to the child
// itself (in case it never got a group of its own). Waits for nothing. Returns how
// many children it found.
int kill_child_groups();

}  // namespace judge
