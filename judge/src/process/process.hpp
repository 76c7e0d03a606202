// Process owns one child the judge started: its pid, a pidfd to wait on, and its
// process group. It is started through Boost.Process (v1) with vfork + exec and a
// handler that, in the child before exec, moves it into a process group of its own,
// wires its three standard descriptors, marks every other descriptor close-on-exec,
// restores default signal dispositions (the judge ignores SIGPIPE; a contestant
// must get the default), asks for SIGKILL if the judge dies, and sets the kernel
// limits. The judge reaps it with wait4, which is where CPU time and peak memory
// come from (ExitFacts): those are the child's own figures, never a wrapper's.
#pragma once

#include <sys/resource.h>
#include <sys/types.h>

#include <array>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/exit_facts.hpp"
#include "base/unique_fd.hpp"
#include "process/box_channel.hpp"
#include "process/environment.hpp"

namespace judge {

// Limits the kernel enforces on a child (0 = not set).
struct ProcessLimits {
  std::int64_t cpu_ms = 0;  // RLIMIT_CPU = 2 * ceil(cpu_ms / 1000 s) + 2 s: a backstop only
                            // (it fires early on loaded VMs); the judge itself stops a
                            // child at its exact limit
  // The submission's: RLIMIT_CPU = ceil(cpu_ms / 600 ms) s instead, the first whole
  // second above the limit that an early firing (up to 40 % seen) cannot reach.
  bool tight_cpu_backstop = false;
  std::int64_t address_space_kib = 0;  // RLIMIT_AS
  std::int64_t file_size_kib = 0;      // RLIMIT_FSIZE: writing past it raises SIGXFSZ
  std::int64_t processes = 0;          // RLIMIT_NPROC (per user; not enforced for root)
  std::int64_t open_files = 0;         // RLIMIT_NOFILE
  std::int64_t stack_kib = 0;          // RLIMIT_STACK (0: leave as inherited)
};

// The rlimits a spawn sets on its child, from ProcessLimits, each with its name for an
// error: set between vfork and exec (nothing allocated there), or by a judge-box
// server in the box it forks (box_server.hpp).
struct ChildRlimit {
  int resource = 0;
  rlim_t soft = 0;
  rlim_t hard = 0;
  const char* name = "";
};
struct ChildRlimits {
  std::array<ChildRlimit, 8> items{};
  std::size_t count = 0;
};
ChildRlimits child_rlimits(const ProcessLimits& limits);

class BoxServer;  // process/box_server.hpp

struct SpawnRequest {
  std::vector<std::string> argv;  // argv[0] is the path of the executable
  int stdin_fd = -1;
  int stdout_fd = -1;
  int stderr_fd = -1;
  ProcessLimits limits;
  // The child's whole environment when set (environment.hpp: nothing of the judge's
  // own reaches a submission or an interactor); unset: the judge's, for its own tools.
  std::optional<Environment> environment;
  Environment extra_env;  // added on top
  std::string working_dir;  // empty: the judge's
  int cpu = -1;             // >= 0: run only on this CPU (sched_setaffinity)
  // argv[0] is judge-box (judge/box/judge_box.cpp), which runs the real program in
  // its own namespaces: the judge passes it a report socket as descriptor 3, learns
  // the program's pid from it, and takes the exit facts from its report.
  bool boxed = false;
  // Boxed: a descriptor (>= 5) the box gets as 4: the interactor's /proc/PID/stat,
  // read by the box to tell whether the interactor is still starting (judge-box, 4c).
  int box_watch_fd = -1;
  // Boxed: descriptors the box gets as 5, 6, ... in this order: the files and folders it
  // copies in and out (box/sandbox.hpp boxed_command), at most max_box_fds.
  std::vector<std::shared_ptr<UniqueFd>> box_fds;
  static constexpr std::size_t max_box_fds = 16;
  // Boxed: the judge-box server the box is forked from instead of executing judge-box
  // (box_server.hpp); nullptr, or a request it cannot take: judge-box is executed.
  BoxServer* box_server = nullptr;
  // Not boxed: a descriptor the child gets as its descriptor 3 (a judge-box server's
  // control socket); -1: none.
  int control_fd = -1;
};

// A judge-box that reported its program's end and is still exiting (it tears down
// the box's namespaces, ~0.2 ms): reaped through its pidfd, later. A box forked by a
// judge-box server is the server's child, not the judge's: it is waited for (its
// pidfd turns readable once it has exited) but never reaped here.
struct ExitingBox {
  pid_t pid = -1;
  UniqueFd pidfd;
  bool child = true;  // the judge's own child (executed judge-box), else a served one
  // Reaps it, or for a served box sees that it has exited (blocking when `wait`, a
  // served box for at most served_wait_ms); true once it is gone.
  bool reap(bool wait);
  static constexpr int served_wait_ms = 1000;
};

class Process {
 public:
  // Starts the child. Throws JudgeFault naming what failed (exec of a missing file,
  // a limit the kernel refused) — a failure of the judge's setup; boxed, throws
  // ProgramNotExecutable when the box could not execute the program.
  static Process spawn(const SpawnRequest& request);

  // A moved-from Process owns nothing: its destructor neither kills nor reaps.
  Process(Process&& other) noexcept;
  Process& operator=(Process&& other) noexcept;
  ~Process();  // kills the group and reaps, if still running

  pid_t pid() const { return pid_; }
  // The program itself: pid() unless boxed, then the submission inside the box
  // (as the judge's pid namespace numbers it).
  pid_t program_pid() const { return box_ ? box_->program_pid() : pid_; }
  // A boxed program's start as its box reported it (BoxChannel::program_started_at);
  // none for a process that is not boxed.
  std::optional<std::chrono::steady_clock::time_point> program_started_at() const {
    return box_ ? box_->program_started_at() : std::nullopt;
  }
  // Boxed only: judge-box's "setup" report (JSON text: what was enforced, what was
  // not and why), and the reason the program could not be executed, if it could not.
  std::string box_setup() const { return box_ ? box_->setup() : std::string(); }
  // Boxed: forked by a judge-box server (SpawnRequest::box_server), not executed.
  bool served() const { return served_; }
  std::string box_exec_error() const { return box_ ? box_->exec_error() : std::string(); }
  int box_exec_errno() const { return box_ ? box_->exec_errno() : -1; }
  // Boxed, once reaped: the box's init stopped the program at its CPU limit.
  bool box_cpu_limit_hit() const { return box_ && box_->cpu_limit_hit(); }
  // Becomes readable when the child ends (-1 on kernels without pidfd_open). Boxed:
  // the report socket, readable when the box reports the end (or dies).
  int pidfd() const { return box_ ? box_->fd() : pidfd_.get(); }
  bool running() const { return !exit_.has_value(); }
  const std::optional<ExitFacts>& exit_facts() const { return exit_; }
  std::chrono::steady_clock::time_point start_time() const { return start_; }

  // Reaps the child if it has ended; returns true once it has been reaped.
  bool try_reap();
  // Blocks until the child ends and reaps it.
  void reap();
  // Whether the program has begun to exit (the kernel's PF_EXITING) but is not
  // reaped yet: it is dying of its own cause (a signal, an OOM kill, exit), and
  // killing it now would hide that cause behind the judge's SIGKILL.
  bool is_exiting() const;
  // CPU time used so far by every process in the program's process group (its
  // children that stayed in it included), from /proc; a scan of every process, so
  // only for the moment a limit is decided, not for sampling. -1 if unknown.
  std::int64_t group_cpu_ms() const;
  // CPU time used so far by the running child (0 if unknown).
  std::int64_t cpu_ms_so_far() const;
  // Time the running child's threads spent runnable but waiting for a CPU
  // (/proc/PID/task/*/schedstat run_delay), or 0 if unknown.
  std::int64_t run_delay_ms_so_far() const;
  // The same for the child and every process it started (tree_run_delay_ns).
  std::int64_t tree_run_delay_ms_so_far() const;
  // Bytes the running child has passed to write(2) and similar calls so far
  // (/proc/PID/io "wchar"), or -1 if unknown.
  std::int64_t bytes_written_so_far() const;
  // SIGKILL to the child's whole process group (it and every descendant that did
  // not leave the group). Safe to call at any time, also after reaping. Boxed: to
  // the program only; the box's init then ends everything else in its namespace
  // and reports (reap() kills the whole box if that report does not come).
  void kill_group() const;

  // Boxed, once reaped: judge-box itself (B) may still be exiting after its report
  // (it tears down the box's namespaces). Returns it, for the caller to reap later
  // (and to spare in kill_orphans); a Process whose exiting box is not taken reaps
  // it when it goes away.
  std::optional<ExitingBox> take_exiting_box();

  // Gives up the child, still running, as its pid and pidfd: the caller reaps it
  // (a judge-box server, box_server.hpp). This Process then owns nothing.
  ExitingBox release();

 private:
  Process() = default;
  bool try_reap_box();
  void await_box_start();       // the box's "setup" and "exec", once it is started
  void kill_box_whole() const;  // B itself, with its box (the 2 s last resort)
  void finish_box(std::optional<ExitFacts> reported);
  void reap_exiting_box();
  pid_t pid_ = -1;
  std::optional<ExitingBox> exiting_box_;  // B, reported but not reaped yet
  UniqueFd pidfd_;
  std::optional<BoxChannel> box_;  // boxed: the box's report socket
  // Boxed, forked by a judge-box server: B is the server's child, not the judge's.
  // The judge never waits for it (the server reaps it), and kills it through its
  // pidfd, never by its pid, which the server's reaping may free for reuse.
  bool served_ = false;
  mutable std::int64_t last_cpu_ms_ = 0;  // the latest cpu_ms_so_far() sample
  std::chrono::steady_clock::time_point start_;
  std::optional<ExitFacts> exit_;
};

// Makes the calling process the reaper of its orphaned descendants, so that a
// grandchild that escaped its process group (setsid) is reparented to the judge
// and can be killed by kill_orphans() instead of outliving the test.
void become_subreaper();

// Kills and reaps every remaining child of the judge (orphans it inherited as
// subreaper) but the `spared` ones (judge-boxes still exiting after their report,
// reaped later: Process::take_exiting_box). Returns the number killed. Call only
// when every child the judge tracks has been reaped or spared: it waits on any pid.
int kill_orphans(const std::vector<pid_t>& spared = {});

}  // namespace judge
