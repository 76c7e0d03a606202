#include "process/process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <stdexcept>
#include <system_error>
#include <thread>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/posix.hpp>
#include <boost/process/start_dir.hpp>
#include <fmt/core.h>

#include "base/errors.hpp"
#include "process/box_server.hpp"
#include "process/proc_stat.hpp"

namespace judge {
namespace {

namespace bp = boost::process;

// Runs in the child, between vfork and exec. The child is started with vfork
// (Boost.Process's use_vfork): it borrows the judge's memory until exec instead of
// copying its page tables, so starting a process costs the same whatever the
// judge's size, and the judge resumes only once the exec has happened. Hence only
// system calls that change the calling process itself here: no allocation, no
// locks, nothing written to memory but the executor's error slot. A failure is
// recorded with set_error (Boost reads it once the child has ended) and ends the
// child at once, so spawn() throws in the parent with the reason.
struct ChildSetup : bp::extend::handler {
  const SpawnRequest* request;
  ChildRlimits rlimits;  // child_rlimits(request->limits), made before vfork
  // Becomes descriptor 3: boxed, judge-box's report socket; a judge-box server's
  // control socket (SpawnRequest::control_fd).
  int box_report_fd = -1;

  template <typename Executor>
  void fail(Executor& exec, const char* what) const {
    exec.set_error(std::error_code(errno, std::system_category()), what);
    ::_exit(127);
  }

  // judge-box finds its report socket at 3, the watched file at 4 and the files it
  // copies at 5, 6, ...: each is first duplicated above all of those numbers (so that
  // placing one never overwrites another still to be placed), then put in its place;
  // dup2 leaves the placed copy without close-on-exec (judge-box sets it again, so the
  // program never holds one), the duplicates above keep it and go at exec.
  template <typename Executor>
  void place_box_descriptors(Executor& exec) const {
    int sources[2 + SpawnRequest::max_box_fds];
    int targets[2 + SpawnRequest::max_box_fds];
    std::size_t count = 0;
    sources[count] = box_report_fd;
    targets[count++] = 3;
    if (request->box_watch_fd >= 0) {
      sources[count] = request->box_watch_fd;
      targets[count++] = 4;
    }
    for (const auto& fd : request->box_fds) {
      sources[count] = fd->get();
      targets[count] = 5 + static_cast<int>(count - (request->box_watch_fd >= 0 ? 2 : 1));
      ++count;
    }
    const int above = 5 + static_cast<int>(request->box_fds.size());
    for (std::size_t i = 0; i < count; ++i)
      if ((sources[i] = ::fcntl(sources[i], F_DUPFD_CLOEXEC, above)) < 0) fail(exec, "fcntl(F_DUPFD) for the box");
    for (std::size_t i = 0; i < count; ++i)
      if (::dup2(sources[i], targets[i]) < 0) fail(exec, "dup2 for the box");
  }

  template <typename Executor>
  void on_exec_setup(Executor& exec) const {
    // Its own process group, so that one killpg() reaches every process it starts.
    if (::setpgid(0, 0) != 0) fail(exec, "setpgid");
    // If the judge dies (SIGKILL, crash), the child must not run on unsupervised.
    if (::prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) fail(exec, "prctl(PR_SET_PDEATHSIG)");
    // exec keeps ignored signals ignored and the signal mask as it is: give the
    // child the defaults a program expects (SIGPIPE in particular, which the judge
    // ignores so that a closed pipe is an error code for it, not its death).
    for (int sig = 1; sig < NSIG; ++sig) {
      if (sig != SIGKILL && sig != SIGSTOP) ::signal(sig, SIG_DFL);
    }
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);

    const int wanted[3] = {request->stdin_fd, request->stdout_fd, request->stderr_fd};
    for (int target = 0; target < 3; ++target) {
      if (wanted[target] < 0) continue;
      if (wanted[target] == target) {
        // dup2 onto itself would keep close-on-exec set: clear it instead.
        if (::fcntl(target, F_SETFD, 0) != 0) fail(exec, "fcntl(F_SETFD)");
      } else if (::dup2(wanted[target], target) < 0) {
        fail(exec, "dup2");
      }
    }
    // Nothing but 0, 1, 2 survives exec. Marking (not closing) keeps Boost's error
    // pipe usable until exec.
    if (::close_range(3, ~0U, CLOSE_RANGE_CLOEXEC) != 0) fail(exec, "close_range");
    if (box_report_fd >= 0) place_box_descriptors(exec);

    if (request->cpu >= 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(request->cpu, &set);
      if (::sched_setaffinity(0, sizeof set, &set) != 0) fail(exec, "sched_setaffinity");
    }

    for (std::size_t i = 0; i < rlimits.count; ++i) {
      const ChildRlimit& limit = rlimits.items[i];
      struct rlimit value {
        limit.soft, limit.hard
      };
      if (::setrlimit(limit.resource, &value) != 0) fail(exec, limit.name);
    }
  }
};

std::int64_t to_ms(const timeval& tv) {
  return static_cast<std::int64_t>(tv.tv_sec) * 1000 + tv.tv_usec / 1000;
}

}  // namespace

ChildRlimits child_rlimits(const ProcessLimits& limits) {
  ChildRlimits out;
  auto add = [&out](int resource, rlim_t soft, rlim_t hard, const char* name) {
    out.items[out.count++] = ChildRlimit{resource, soft, hard, name};
  };
  auto kib = [](std::int64_t value) { return static_cast<rlim_t>(value) * 1024; };
  add(RLIMIT_CORE, 0, 0, "setrlimit(RLIMIT_CORE)");
  if (limits.cpu_ms > 0) {
    // Only a backstop: the judge stops the child at its exact limit (it samples
    // the process clock every 20 ms), a boxed submission's init does too when the
    // judge is starved (judge-box, 4d), and TLE is decided from the measured CPU
    // time. The kernel counts RLIMIT_CPU in whole seconds and was seen to fire it
    // early under load on these VMs: a 2 s limit at 1.2-1.5 s of CPU once, a 1 s
    // limit at 917-1013 ms on a loaded 2-CPU VM (docs/performance.md). A
    // submission's (`tight_cpu_backstop`) is the first whole second that even 40 %
    // early stays above its limit, ceil(limit / 0.6): 2 s for 1 s (a starved judge
    // once let a 1 s limit run to the old 4 s). Other programs keep the generous
    // twice the limit rounded up to seconds, plus two. SIGKILL one second later.
    const rlim_t seconds = limits.tight_cpu_backstop ? static_cast<rlim_t>((limits.cpu_ms + 599) / 600)
                                                     : static_cast<rlim_t>(2 * ((limits.cpu_ms + 999) / 1000) + 2);
    add(RLIMIT_CPU, seconds, seconds + 1, "setrlimit(RLIMIT_CPU)");
  }
  if (limits.address_space_kib > 0)
    add(RLIMIT_AS, kib(limits.address_space_kib), kib(limits.address_space_kib), "setrlimit(RLIMIT_AS)");
  if (limits.file_size_kib > 0)
    add(RLIMIT_FSIZE, kib(limits.file_size_kib), kib(limits.file_size_kib), "setrlimit(RLIMIT_FSIZE)");
  if (limits.processes > 0) {
    const auto count = static_cast<rlim_t>(limits.processes);
    add(RLIMIT_NPROC, count, count, "setrlimit(RLIMIT_NPROC)");
  }
  if (limits.open_files > 0) {
    const auto count = static_cast<rlim_t>(limits.open_files);
    add(RLIMIT_NOFILE, count, count, "setrlimit(RLIMIT_NOFILE)");
  }
  if (limits.stack_kib > 0) add(RLIMIT_STACK, kib(limits.stack_kib), kib(limits.stack_kib), "setrlimit(RLIMIT_STACK)");
  return out;
}

Process Process::spawn(const SpawnRequest& request) {
  if (request.argv.empty()) throw std::invalid_argument("spawn: empty argv");
  if (request.box_fds.size() > SpawnRequest::max_box_fds)
    throw JudgeFault(fmt::format("spawn: {} descriptors for the box, at most {}", request.box_fds.size(),
                                 SpawnRequest::max_box_fds));
  ChildSetup setup;
  setup.request = &request;
  Process process;
  if (request.boxed) {
    process.box_ = BoxChannel::open();
    setup.box_report_fd = process.box_->box_end();
  } else {
    setup.box_report_fd = request.control_fd;
  }
  if (request.boxed && request.box_server != nullptr) {
    // Forked by the run's judge-box server, not executed (box_server.hpp).
    process.start_ = std::chrono::steady_clock::now();
    if (std::optional<BoxServer::StartedBox> started = request.box_server->start(request, setup.box_report_fd)) {
      process.pid_ = started->pid;
      process.pidfd_ = std::move(started->pidfd);
      process.served_ = true;
      process.await_box_start();
      return process;
    }
  }
  setup.rlimits = child_rlimits(request.limits);
  bp::environment env = boost::this_process::environment();
  if (request.environment) {
    env.clear();
    for (const auto& [key, value] : *request.environment) env[key] = value;
  }
  for (const auto& [key, value] : request.extra_env) env[key] = value;
  std::vector<std::string> args(request.argv.begin() + 1, request.argv.end());
  process.start_ = std::chrono::steady_clock::now();
  try {
    bp::child child =
        request.working_dir.empty()
            ? bp::child(bp::exe = request.argv[0], bp::args = args, env, setup,
                        bp::posix::use_vfork)
            : bp::child(bp::exe = request.argv[0], bp::args = args, env,
                        bp::start_dir = request.working_dir, setup, bp::posix::use_vfork);
    process.pid_ = child.id();
    // From here on the judge reaps the child itself with wait4 (for its rusage),
    // so Boost must neither wait for it nor kill it when `child` goes away.
    child.detach();
  } catch (const std::exception& error) {
    throw JudgeFault(fmt::format("cannot start {}: {}", request.argv[0], error.what()));
  }
  // The child is not reaped yet, so its pid cannot have been reused.
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, process.pid_, 0));
  if (pidfd >= 0) {
    ::fcntl(pidfd, F_SETFD, FD_CLOEXEC);
    process.pidfd_ = UniqueFd(pidfd);
  }
  if (process.box_) process.await_box_start();
  return process;
}

void Process::await_box_start() {
  // Only the box may hold its end: the judge sees end-of-file once the box is gone.
  box_->close_box_end();
  try {
    box_->receive_start();
  } catch (...) {
    kill_group();
    reap();
    throw;
  }
}

void Process::kill_box_whole() const {
  // A served B is not the judge's child: once the server has reaped it, its pid may be
  // another process's. Its pidfd reaches B alone; B's init and program follow (their
  // parent-death signals, and the end of the pid namespace).
  if (served_) {
    if (pidfd_.valid()) ::syscall(SYS_pidfd_send_signal, pidfd_.get(), SIGKILL, nullptr, 0);
    return;
  }
  ::kill(-pid_, SIGKILL);
}

ExitingBox Process::release() {
  ExitingBox released{std::exchange(pid_, -1), std::move(pidfd_)};
  exit_ = ExitFacts{};
  return released;
}

bool Process::try_reap_box() {
  switch (box_->poll_end()) {
    case BoxChannel::State::running: return false;
    case BoxChannel::State::reported: finish_box(box_->reported_exit()); return true;
    case BoxChannel::State::box_gone: finish_box(std::nullopt); return true;
  }
  return false;
}

void Process::finish_box(std::optional<ExitFacts> reported) {
  ExitFacts facts;
  if (reported) {
    facts = *reported;
  } else {
    // The box was killed before it could report (the judge's last resort, or a
    // crash): the program went down with it. Its CPU time is the last sample.
    kill_box_whole();
    facts.signaled = true;
    facts.signal = SIGKILL;
    facts.cpu_ms = last_cpu_ms_;
  }
  // The box (B) exits right after its init (C); by then the namespace is empty and
  // the report says all there is to know. B's own exit (its mount, user and other
  // namespaces torn down: ~0.2 ms) is not waited for here: whoever runs the next
  // test reaps it later (take_exiting_box), off that test's path. A box killed
  // before it could report is reaped now.
  // It is held by its pidfd, so that reaping it later can never take the status of
  // another process that got its pid (without a pidfd it is reaped now).
  // A served B is the server's to reap: the judge never reaps it (its pid may not even
  // be B's any more), but it is held by its pidfd all the same, so that its test's
  // cgroups are removed once it has left them (TestCgroup::remove), not tried while
  // it still tears its namespaces down.
  int status = 0;
  pid_t reaped = 0;
  const bool defer = reported.has_value() && pidfd_.valid();
  while (!served_ && (reaped = ::waitpid(pid_, &status, defer ? WNOHANG : 0)) < 0 && errno == EINTR) {
  }
  if (served_ && defer) exiting_box_ = ExitingBox{pid_, std::move(pidfd_), false};
  if (!served_ && reaped == 0 && defer) exiting_box_ = ExitingBox{pid_, std::move(pidfd_)};
  facts.wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start_)
                      .count();
  exit_ = facts;
  pidfd_.reset();
  box_->close();
}

Process::Process(Process&& other) noexcept { *this = std::move(other); }

Process& Process::operator=(Process&& other) noexcept {
  if (this == &other) return *this;
  if (pid_ > 0 && running()) {
    kill_group();
    reap();
  }
  reap_exiting_box();
  pid_ = std::exchange(other.pid_, -1);
  exiting_box_ = std::exchange(other.exiting_box_, std::nullopt);
  pidfd_ = std::move(other.pidfd_);
  box_ = std::exchange(other.box_, std::nullopt);
  served_ = std::exchange(other.served_, false);
  last_cpu_ms_ = other.last_cpu_ms_;
  start_ = other.start_;
  exit_ = std::exchange(other.exit_, std::nullopt);
  return *this;
}

Process::~Process() {
  if (pid_ > 0 && running()) {
    kill_group();
    reap();
  }
  reap_exiting_box();
}

std::optional<ExitingBox> Process::take_exiting_box() { return std::exchange(exiting_box_, std::nullopt); }

void Process::reap_exiting_box() {
  if (std::optional<ExitingBox> box = take_exiting_box()) box->reap(true);
}

bool ExitingBox::reap(bool wait) {
  if (!pidfd.valid()) return true;
  if (!child) {
    // Its exit is what matters (the cgroups it is in can be removed once it has left
    // them); the server reaps it. Bounded: a box that does not end within the bound
    // only leaves its cgroups to TestCgroup::remove's retries and to a later sweep.
    pollfd exited{pidfd.get(), POLLIN, 0};
    int ready = 0;
    while ((ready = ::poll(&exited, 1, wait ? served_wait_ms : 0)) < 0 && errno == EINTR) {
    }
    const bool gone = ready != 0;  // readable, or an error: nothing left to wait for
    if (gone) pidfd.reset();
    return gone;
  }
  siginfo_t info {};
  // P_PIDFD: exactly this process, whoever has its pid by now. ECHILD: already
  // reaped (kill_orphans waits on any child).
  int result = 0;
  while ((result = ::waitid(static_cast<idtype_t>(P_PIDFD), static_cast<id_t>(pidfd.get()), &info,
                            WEXITED | (wait ? 0 : WNOHANG))) < 0 &&
         errno == EINTR) {
  }
  const bool gone = result < 0 || info.si_pid != 0;
  if (gone) pidfd.reset();
  return gone;
}

bool Process::try_reap() {
  if (!running()) return true;
  if (box_) return try_reap_box();
  int status = 0;
  struct rusage usage {};
  const pid_t result = ::wait4(pid_, &status, WNOHANG, &usage);
  if (result == 0) return false;
  if (result < 0) {
    if (errno == EINTR) return false;
    throw std::system_error(errno, std::generic_category(), "wait4");
  }
  ExitFacts facts;
  facts.wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start_)
                      .count();
  facts.signaled = WIFSIGNALED(status);
  facts.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 0;
  facts.signal = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
  facts.cpu_ms = to_ms(usage.ru_utime) + to_ms(usage.ru_stime);
  facts.peak_kib = usage.ru_maxrss;
  exit_ = facts;
  pidfd_.reset();
  return true;
}

void Process::reap() {
  if (box_) {
    // The program was killed (or ends by itself): its report follows at once. A box
    // that says nothing for two seconds is killed whole, which ends its namespace.
    bool killed_whole = false;
    while (!try_reap()) {
      struct pollfd pfd {pidfd(), POLLIN, 0};
      if (::poll(&pfd, 1, killed_whole ? -1 : 2000) == 0 && !killed_whole) {
        kill_box_whole();
        killed_whole = true;
      }
    }
    return;
  }
  while (!try_reap()) {
    if (pidfd_.valid()) {
      struct pollfd pfd {pidfd_.get(), POLLIN, 0};
      ::poll(&pfd, 1, -1);
    } else {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
  }
}

std::int64_t Process::cpu_ms_so_far() const {
  if (!running()) return exit_->cpu_ms;
  clockid_t clock;
  if (::clock_getcpuclockid(program_pid(), &clock) != 0) return last_cpu_ms_;
  struct timespec ts {};
  if (::clock_gettime(clock, &ts) != 0) return last_cpu_ms_;
  last_cpu_ms_ = static_cast<std::int64_t>(ts.tv_sec) * 1000 + ts.tv_nsec / 1000000;
  return last_cpu_ms_;
}

bool Process::is_exiting() const {
  if (!running()) return false;
  // Boxed: the box's init may have reaped the program already (and be ending the
  // rest of its namespace before it reports).
  if (box_ && box_->program_ended()) return true;
  const auto stat = read_proc_stat(program_pid());
  // No such process any more: it has ended (reaped by the box's init).
  if (!stat) return box_.has_value();
  return stat->state == 'Z' || stat->state == 'X' || (stat->flags & proc_flag_exiting) != 0;
}

std::int64_t Process::group_cpu_ms() const {
  if (!running()) return -1;
  const pid_t group = program_pid();
  const long ticks_per_second = ::sysconf(_SC_CLK_TCK);
  if (ticks_per_second <= 0) return -1;
  unsigned long long ticks = 0;
  for (const ProcStat& stat : list_processes())
    if (stat.pgrp == group) ticks += stat.utime_ticks + stat.stime_ticks;
  return static_cast<std::int64_t>(ticks * 1000 / static_cast<unsigned long long>(ticks_per_second));
}

std::int64_t Process::run_delay_ms_so_far() const {
  return running() ? run_delay_ns(program_pid()) / 1000000 : 0;
}

std::int64_t Process::tree_run_delay_ms_so_far() const {
  return running() ? tree_run_delay_ns(program_pid()) / 1000000 : 0;
}

std::int64_t Process::bytes_written_so_far() const {
  return running() ? bytes_written(program_pid()) : -1;
}

void Process::kill_group() const {
  if (pid_ <= 0) return;
  if (box_) {
    // The program only: its box's init ends the rest of the namespace as soon as
    // the program is gone, then reports. Once reaped, its pid is not ours to signal.
    if (running()) box_->kill_program();
    return;
  }
  // The group id is the child's pid (setpgid(0, 0) before exec). Killing the group
  // also reaches its descendants; the pid itself is killed too in case the group
  // was never set up. A zombie or an empty group makes these fail harmlessly.
  ::kill(-pid_, SIGKILL);
  if (running()) ::kill(pid_, SIGKILL);
}

void become_subreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

int kill_orphans(const std::vector<pid_t>& spared) {
  int killed = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    const pid_t reaped = ::waitpid(-1, &status, WNOHANG);
    if (reaped > 0) continue;                       // a zombie orphan: gone now
    if (reaped < 0 && errno == ECHILD) break;       // no children at all
    if (reaped < 0 && errno == EINTR) continue;
    // Children are alive: kill each one, with its group, but the spared ones.
    bool any = false;
    for (pid_t child : children_of_self()) {
      if (std::find(spared.begin(), spared.end(), child) != spared.end()) continue;
      any = true;
      ::kill(-child, SIGKILL);
      ::kill(child, SIGKILL);
      ++killed;
    }
    if (!any) break;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return killed;
}

}  // namespace judge
