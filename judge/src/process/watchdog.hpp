// The Watchdog supervises the two programs of one test from the moment both are
// started until both have ended and been reaped, and records what it saw and did:
// which one ended first, which it killed, at which limit, and how far it moved the
// wall limit. It owns every decision of that time:
//
//   CPU limits     each program's CPU time is sampled every 20 ms; one that passes
//                  its limit is killed at once (the kernel's RLIMIT_CPU is only a
//                  backstop, in whole seconds).
//   the wall limit catches programs that wait for each other. Time the submission
//                  spent runnable but waiting for a CPU (a busy machine) moves it,
//                  up to 4x the limit: the wall limit catches waiting, not starvation.
//                  When it runs out, both programs are killed before either is
//                  reaped: killing one first would let the other see end-of-file and
//                  end on its own, and the facts would then blame the wrong side.
//   its own delays the watchdog's thread can be starved of CPU on a loaded machine
//                  (it runs beside the test, at the same priority): then it samples
//                  late and every limit it keeps is kept late. It records the largest
//                  gap between two of its samples and the time its thread spent
//                  runnable but waiting for a CPU, so that the facts say so; the
//                  submission's CPU limit holds anyway (judge-box's own CPU timer,
//                  4d, and the verdict rules: grade/verdict_rules.hpp).
//   an ending      a submission that ends has its process group killed (its children
//                  would hold the pipe open and the interactor would never see
//                  end-of-file); an interactor that ends and no longer grades the
//                  submission (a reject, a probe pass) has the submission stopped at
//                  once, unless the submission is already dying of its own cause,
//                  which is then the fact to keep: it is waited for, not killed.
//
// It sees the programs only through the Supervised interface and time only through
// a WatchClock, so watchdog_test.cpp drives every rule with fake programs and a fake
// clock, the way verdict_rules_test.cpp drives decide_verdict with a table.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "base/limits.hpp"
#include "base/verdict.hpp"
#include "process/pipe_keeper.hpp"

namespace judge {

// What the watchdog needs of a running program.
class Supervised {
 public:
  virtual ~Supervised() = default;
  virtual bool running() const = 0;
  // Reaps the program if it has ended; true once it has been reaped.
  virtual bool try_reap() = 0;
  // Blocks until the program has ended and is reaped.
  virtual void reap() = 0;
  // SIGKILL to the program and everything it started.
  virtual void kill() = 0;
  // It has begun to exit of its own cause but is not reaped yet.
  virtual bool is_exiting() const = 0;
  // CPU time used so far (for the submission: every process of its test that the
  // machine counts together).
  virtual std::int64_t cpu_ms() = 0;
  // CPU time of the program and the processes it started, when only a scan can tell
  // it (no cgroup counts them); -1 when unknown or already in cpu_ms().
  virtual std::int64_t cpu_ms_with_children() = 0;
  // Time spent runnable but waiting for a CPU so far.
  virtual std::int64_t run_delay_ms() = 0;
  // Bytes written so far, -1 if unknown.
  virtual std::int64_t bytes_written() = 0;
  // Readable when the program ends (-1: none; then the watchdog polls every 1 ms).
  virtual int end_fd() const = 0;
};

// The other side of a program that runs alone (an offline pass's step, a compiler):
// never running.
class AbsentProgram : public Supervised {
 public:
  bool running() const override { return false; }
  bool try_reap() override { return true; }
  void reap() override {}
  void kill() override {}
  bool is_exiting() const override { return false; }
  std::int64_t cpu_ms() override { return 0; }
  std::int64_t cpu_ms_with_children() override { return -1; }
  std::int64_t run_delay_ms() override { return 0; }
  std::int64_t bytes_written() override { return -1; }
  int end_fd() const override { return -1; }
};

class WatchClock {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;
  virtual ~WatchClock() = default;
  virtual TimePoint now() = 0;
  // Returns when one of `fds` is readable or `timeout` has passed.
  virtual void wait(const std::vector<int>& fds, std::chrono::milliseconds timeout) = 0;
  // Time the watching thread has spent runnable but waiting for a CPU so far (-1:
  // unknown).
  virtual std::int64_t own_run_delay_ms() { return -1; }
};

// The real clock: steady_clock and poll(2).
class SystemWatchClock : public WatchClock {
 public:
  TimePoint now() override;
  void wait(const std::vector<int>& fds, std::chrono::milliseconds timeout) override;
  // /proc/thread-self/schedstat's run_delay.
  std::int64_t own_run_delay_ms() override;
};

// What the watchdog did to one program.
struct Intervention {
  bool killed_by_judge = false;
  bool hit_wall_limit = false;
  bool hit_cpu_limit = false;
  // The CPU time the program was stopped at (0 if it was not stopped at a CPU limit
  // or for its children's time): wait4's figure was seen to read lower for a killed
  // process on a loaded VM, and a TLE message must not show less than the limit.
  std::int64_t cpu_ms_at_stop = 0;
  // A CMS process stopped for writing more into its channel than it may (GroupWatch).
  bool hit_output_limit = false;
  // A CMS manager: when it was left alone, every process ended, in ms from the start
  // (-1: never); from then on its own wall limit ran (GroupWatch).
  std::int64_t alone_from_ms = -1;
};

struct WatchFacts {
  Intervention submission;
  Intervention interactor;
  Side ended_first = Side::none;
  std::int64_t wall_limit_extended_ms = 0;
  // What the wall limit's extension reads (extend_wall_limit), the largest seen: the
  // submission's run delay plus the interactor's, sampled every
  // waited_sample_interval while both ran (0: the run was shorter). A limit applied after the run (judge
  // verify's inferred one: grade.cpp with_limits) would have been moved by it.
  std::int64_t waited_for_cpu_ms = 0;
  // Bytes the interactor had written when the wall limit ran out (-1: not reached
  // or unknown).
  std::int64_t interactor_bytes_written = -1;
  // The watchdog's own delays: the largest gap between two of its samples of the
  // clock, and the time its thread waited for a CPU while it watched (-1: unknown).
  std::int64_t max_sample_gap_ms = 0;
  std::int64_t run_delay_ms = -1;
  // The interactor had ended its output when the submission was reaped, before it
  // could know of the submission's end (pipe_keeper.hpp, rule 3): the interactor ended
  // first even when the judge reaped the submission first.
  bool interactor_output_ended_first = false;
};

class Watchdog {
 public:
  // `stop_submission_after_interactor` is asked once, when the interactor has ended
  // while the submission runs: true when the submission is no longer graded.
  Watchdog(const Limits& limits, WatchClock& clock, std::function<bool()> stop_submission_after_interactor);

  // Runs until both programs have ended and been reaped. `pipes` (may be null) is
  // told when each is reaped and serviced on every turn (pipe_keeper.hpp). The wall
  // limit counts from `started_at` (when both programs had started; a test started
  // while the judge still read the facts of the one before is watched only later),
  // or from now.
  WatchFacts supervise(Supervised& submission, Supervised& interactor, PipeKeeper* pipes = nullptr,
                       std::optional<WatchClock::TimePoint> started_at = std::nullopt);

  // How often CPU times are sampled.
  static constexpr std::chrono::milliseconds cpu_check_interval{20};
  // How far the wall limit may move for a starved submission, in wall limits.
  static constexpr int max_wall_extension_factor = 4;
  // How often the run delays are sampled for WatchFacts::waited_for_cpu_ms: not on
  // every turn of a chatty test, and seldom, as an interactor's figure may take a
  // scan of every process (tree_run_delay_ns). Only a run longer than a wall limit
  // needs the figure, and a quarter second of it is within the noise there.
  static constexpr std::chrono::milliseconds waited_sample_interval{250};

 private:
  void reap_ended();
  void on_ended(Side side);
  bool extend_wall_limit(WatchClock::TimePoint now);
  std::int64_t sample_waited_ms();
  void stop_both_at_wall_limit();
  bool stop_over_cpu_limit();
  void wait_for_change(WatchClock::TimePoint now);
  WatchClock::TimePoint sample_clock();

  Limits limits_;
  WatchClock& clock_;
  std::function<bool()> stop_submission_after_interactor_;
  Supervised* submission_ = nullptr;
  Supervised* interactor_ = nullptr;
  PipeKeeper* pipes_ = nullptr;
  WatchClock::TimePoint start_;
  WatchClock::TimePoint deadline_;
  WatchClock::TimePoint last_sample_;
  WatchClock::TimePoint last_waited_sample_;
  WatchFacts facts_;
};

}  // namespace judge
