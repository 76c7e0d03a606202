#include "process.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <boost/process/args.hpp>
#include <boost/process/child.hpp>
#include <boost/process/env.hpp>
#include <boost/process/environment.hpp>
#include <boost/process/exe.hpp>
#include <boost/process/extend.hpp>
#include <boost/process/posix.hpp>
#include <boost/process/start_dir.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <system_error>
#include <thread>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

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
  int box_report_fd = -1;  // boxed: becomes descriptor 3 of judge-box

  template <typename Executor>
  void fail(Executor& exec, const char* what) const {
    exec.set_error(std::error_code(errno, std::system_category()), what);
    ::_exit(127);
  }

  static bool set_limit(int resource, rlim_t value) {
    struct rlimit limit {value, value};
    return ::setrlimit(resource, &limit) == 0;
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
    if (box_report_fd >= 0) {
      // judge-box finds its report socket at 3; dup2 leaves the copy without
      // close-on-exec (judge-box sets it again, so the program never holds it).
      if (box_report_fd == 3 ? ::fcntl(3, F_SETFD, 0) != 0 : ::dup2(box_report_fd, 3) < 0)
        fail(exec, "dup2(report socket)");
    }

    if (request->cpu >= 0) {
      cpu_set_t set;
      CPU_ZERO(&set);
      CPU_SET(request->cpu, &set);
      if (::sched_setaffinity(0, sizeof set, &set) != 0) fail(exec, "sched_setaffinity");
    }

    const ProcessLimits& limits = request->limits;
    if (!set_limit(RLIMIT_CORE, 0)) fail(exec, "setrlimit(RLIMIT_CORE)");
    if (limits.cpu_ms > 0) {
      // Only a backstop: the judge stops the child at its exact limit (it samples
      // the process clock every 20 ms) and decides TLE from the measured CPU time.
      // Generous on purpose: on this project's VMs a 2 s RLIMIT_CPU was seen to
      // raise SIGXCPU at 1.2-1.5 s of CPU under load, so a limit of whole seconds
      // plus one could fire before the real limit. Twice the limit rounded up to
      // seconds, plus two; SIGKILL one second later.
      const rlim_t seconds = static_cast<rlim_t>(2 * ((limits.cpu_ms + 999) / 1000) + 2);
      struct rlimit cpu {seconds, seconds + 1};
      if (::setrlimit(RLIMIT_CPU, &cpu) != 0) fail(exec, "setrlimit(RLIMIT_CPU)");
    }
    if (limits.address_space_kib > 0 &&
        !set_limit(RLIMIT_AS, static_cast<rlim_t>(limits.address_space_kib) * 1024))
      fail(exec, "setrlimit(RLIMIT_AS)");
    if (limits.file_size_kib > 0 &&
        !set_limit(RLIMIT_FSIZE, static_cast<rlim_t>(limits.file_size_kib) * 1024))
      fail(exec, "setrlimit(RLIMIT_FSIZE)");
    if (limits.processes > 0 && !set_limit(RLIMIT_NPROC, static_cast<rlim_t>(limits.processes)))
      fail(exec, "setrlimit(RLIMIT_NPROC)");
    if (limits.open_files > 0 && !set_limit(RLIMIT_NOFILE, static_cast<rlim_t>(limits.open_files)))
      fail(exec, "setrlimit(RLIMIT_NOFILE)");
    if (limits.stack_kib > 0 &&
        !set_limit(RLIMIT_STACK, static_cast<rlim_t>(limits.stack_kib) * 1024))
      fail(exec, "setrlimit(RLIMIT_STACK)");
  }
};

std::int64_t to_ms(const timeval& tv) {
  return static_cast<std::int64_t>(tv.tv_sec) * 1000 + tv.tv_usec / 1000;
}

}  // namespace

std::string signal_name(int signal) {
  const char* abbrev = ::sigabbrev_np(signal);
  if (abbrev == nullptr) return fmt::format("signal {}", signal);
  return fmt::format("SIG{}", abbrev);
}

Process Process::spawn(const SpawnRequest& request) {
  if (request.argv.empty()) throw std::invalid_argument("spawn: empty argv");
  ChildSetup setup;
  setup.request = &request;
  bp::environment env = boost::this_process::environment();
  for (const auto& [key, value] : request.extra_env) env[key] = value;
  std::vector<std::string> args(request.argv.begin() + 1, request.argv.end());

  Process process;
  UniqueFd box_end;
  if (request.boxed) {
    // SOCK_SEQPACKET keeps the box's messages apart; SO_PASSCRED makes the kernel
    // attach the sender's pid, translated into the judge's pid namespace, to the
    // program's "exec" message.
    int pair[2];
    if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
      throw std::runtime_error(fmt::format("cannot make the box's report socket: {}", std::strerror(errno)));
    process.report_ = UniqueFd(pair[0]);
    box_end = UniqueFd(pair[1]);
    const int on = 1;
    ::setsockopt(process.report_.get(), SOL_SOCKET, SO_PASSCRED, &on, sizeof on);
    setup.box_report_fd = box_end.get();
    process.boxed_ = true;
  }
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
    throw std::runtime_error(fmt::format("cannot start {}: {}", request.argv[0], error.what()));
  }
  // The child is not reaped yet, so its pid cannot have been reused.
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, process.pid_, 0));
  if (pidfd >= 0) {
    ::fcntl(pidfd, F_SETFD, FD_CLOEXEC);
    process.pidfd_ = UniqueFd(pidfd);
  }
  if (request.boxed) {
    // Only the box may hold its end: the judge sees end-of-file once the box is gone.
    box_end.reset();
    try {
      process.receive_box_start();
    } catch (...) {
      process.kill_group();
      process.reap();
      throw;
    }
  }
  return process;
}

namespace {

// One message from the box's report socket, with the sender's pid when the kernel
// attached credentials. Returns false on end-of-file; throws on a socket error.
// `wait_ms` < 0: block; 0: only what is there (nothing there: sets *nothing).
bool receive_box_message(int fd, int wait_ms, std::string& text, pid_t& sender, bool* nothing) {
  if (nothing != nullptr) *nothing = false;
  if (wait_ms != 0) {
    struct pollfd pfd {fd, POLLIN, 0};
    int ready;
    while ((ready = ::poll(&pfd, 1, wait_ms)) < 0 && errno == EINTR) {
    }
    if (ready == 0) throw std::runtime_error(fmt::format("judge-box said nothing for {} ms", wait_ms));
  }
  char buffer[4096];
  char control[CMSG_SPACE(sizeof(struct ucred))];
  struct iovec iov {buffer, sizeof buffer};
  struct msghdr message {};
  message.msg_iov = &iov;
  message.msg_iovlen = 1;
  message.msg_control = control;
  message.msg_controllen = sizeof control;
  ssize_t n;
  while ((n = ::recvmsg(fd, &message, MSG_DONTWAIT | MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) {
    if (nothing != nullptr) *nothing = true;
    return true;
  }
  if (n < 0) throw std::runtime_error(fmt::format("reading judge-box's report: {}", std::strerror(errno)));
  if (n == 0) return false;
  text.assign(buffer, static_cast<std::size_t>(n));
  sender = -1;
  for (cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr;
       header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level == SOL_SOCKET && header->cmsg_type == SCM_CREDENTIALS) {
      struct ucred credentials {};
      std::memcpy(&credentials, CMSG_DATA(header), sizeof credentials);
      sender = credentials.pid;
    }
  }
  return true;
}

std::string after_word(const std::string& text) {
  const auto space = text.find(' ');
  return space == std::string::npos ? std::string() : text.substr(space + 1);
}

std::string exec_error_message(const std::string& json_text) {
  const auto parsed = nlohmann::json::parse(json_text, nullptr, false);
  if (parsed.is_object() && parsed.contains("message") && parsed["message"].is_string())
    return parsed["message"].get<std::string>();
  return json_text;
}

}  // namespace

void Process::receive_box_start() {
  // The box builds the namespaces and the root before the program starts: a few
  // milliseconds; ten seconds means it is stuck (and the caller kills it).
  constexpr int start_wait_ms = 10000;
  for (;;) {
    std::string text;
    pid_t sender = -1;
    if (!receive_box_message(report_.get(), start_wait_ms, text, sender, nullptr))
      throw std::runtime_error("judge-box ended before it started the program");
    if (text.rfind("setup ", 0) == 0) {
      box_setup_ = after_word(text);
    } else if (text == "exec") {
      if (sender <= 0) throw std::runtime_error("judge-box's exec message carried no pid");
      program_pid_ = sender;
      const int fd = static_cast<int>(::syscall(SYS_pidfd_open, program_pid_, 0));
      if (fd >= 0) {
        ::fcntl(fd, F_SETFD, FD_CLOEXEC);
        program_pidfd_ = UniqueFd(fd);
      }
      return;
    } else if (text.rfind("exec-error ", 0) == 0) {
      throw std::runtime_error(exec_error_message(after_word(text)));
    } else {
      throw std::runtime_error(fmt::format("judge-box sent an unknown message: {}", text));
    }
  }
}

bool Process::try_reap_box() {
  for (;;) {
    std::string text;
    pid_t sender = -1;
    bool nothing = false;
    if (!receive_box_message(report_.get(), 0, text, sender, &nothing)) {
      finish_box(false);  // end-of-file without a report: the box itself died
      return true;
    }
    if (nothing) {
      // The program may have ended already while its init is still reaping it and
      // ending the rest of the namespace: then the report is a moment away. Waiting
      // for it here keeps try_reap() meaning "the program has ended", as for an
      // unboxed child; the judge must not mistake a program that died on its own
      // (an OOM kill, a crash) for one it has still to kill.
      if (!program_pidfd_.valid()) return false;
      struct pollfd ended {program_pidfd_.get(), POLLIN, 0};
      if (::poll(&ended, 1, 0) != 1) return false;
      struct pollfd report {report_.get(), POLLIN, 0};
      if (::poll(&report, 1, 2000) != 1) return false;  // reap() handles a stuck box
      continue;
    }
    if (text.rfind("exec-error ", 0) == 0) {
      box_exec_error_ = exec_error_message(after_word(text));
    } else if (text.rfind("exit ", 0) == 0) {
      box_exit_ = after_word(text);
      finish_box(true);
      return true;
    }
  }
}

void Process::finish_box(bool reported) {
  ExitFacts facts;
  const nlohmann::json report =
      reported ? nlohmann::json::parse(box_exit_, nullptr, false) : nlohmann::json();
  if (reported && report.is_object()) {
    facts.signaled = report.value("signaled", false);
    facts.exit_code = report.value("exit_code", 0);
    facts.signal = report.value("signal", 0);
    facts.cpu_ms = report.value("cpu_us", std::int64_t{0}) / 1000;
    facts.peak_kib = report.value("maxrss_kib", std::int64_t{0});
  } else {
    // The box was killed before it could report (the judge's last resort, or a
    // crash): the program went down with it. Its CPU time is the last sample.
    ::kill(-pid_, SIGKILL);
    facts.signaled = true;
    facts.signal = SIGKILL;
    facts.cpu_ms = last_cpu_ms_;
  }
  // The box (B) exits right after its init (C); by then the namespace is empty.
  int status = 0;
  while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
  }
  facts.wall_ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                      std::chrono::steady_clock::now() - start_)
                      .count();
  exit_ = facts;
  pidfd_.reset();
  program_pidfd_.reset();
  report_.reset();
}

Process::~Process() {
  if (pid_ > 0 && running()) {
    kill_group();
    reap();
  }
}

bool Process::try_reap() {
  if (!running()) return true;
  if (boxed_) return try_reap_box();
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
  if (boxed_) {
    // The program was killed (or ends by itself): its report follows at once. A box
    // that says nothing for two seconds is killed whole, which ends its namespace.
    bool killed_whole = false;
    while (!try_reap()) {
      struct pollfd pfd {report_.get(), POLLIN, 0};
      if (::poll(&pfd, 1, killed_whole ? -1 : 2000) == 0 && !killed_whole) {
        ::kill(-pid_, SIGKILL);
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
  if (program_pidfd_.valid()) {
    // Boxed: the box's init may have reaped the program already (and be ending the
    // rest of its namespace before it reports).
    struct pollfd ended {program_pidfd_.get(), POLLIN, 0};
    if (::poll(&ended, 1, 0) == 1) return true;
  }
  std::ifstream stat(fmt::format("/proc/{}/stat", program_pid()));
  std::string line;
  // No such process any more: it has ended (reaped by the box's init).
  if (!std::getline(stat, line)) return boxed_;
  // "pid (comm) state ppid pgrp session tty_nr tpgid flags ...": comm may hold
  // spaces and parentheses. A zombie has no stat to read here only once reaped.
  const auto close = line.rfind(')');
  if (close == std::string::npos) return false;
  char state = 0;
  long ppid = 0, pgrp = 0, session = 0, tty = 0, tpgid = 0;
  unsigned long flags = 0;
  if (std::sscanf(line.c_str() + close + 1, " %c %ld %ld %ld %ld %ld %lu", &state, &ppid, &pgrp,
                  &session, &tty, &tpgid, &flags) != 7)
    return false;
  constexpr unsigned long pf_exiting = 0x4;  // include/linux/sched.h
  return state == 'Z' || state == 'X' || (flags & pf_exiting) != 0;
}

std::int64_t Process::group_cpu_ms() const {
  if (!running()) return -1;
  const pid_t group = program_pid();
  const long ticks_per_second = ::sysconf(_SC_CLK_TCK);
  if (ticks_per_second <= 0) return -1;
  long long ticks = 0;
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return -1;
  while (const dirent* entry = ::readdir(dir)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0') continue;
    std::ifstream stat(fmt::format("/proc/{}/stat", pid));
    std::string line;
    if (!std::getline(stat, line)) continue;
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    // After comm: state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt
    // cmajflt utime stime.
    char state = 0;
    long ppid = 0, pgrp = 0, session = 0, tty = 0, tpgid = 0;
    unsigned long flags = 0, minflt = 0, cminflt = 0, majflt = 0, cmajflt = 0;
    unsigned long long utime = 0, stime = 0;
    if (std::sscanf(line.c_str() + close + 1, " %c %ld %ld %ld %ld %ld %lu %lu %lu %lu %lu %llu %llu",
                    &state, &ppid, &pgrp, &session, &tty, &tpgid, &flags, &minflt, &cminflt,
                    &majflt, &cmajflt, &utime, &stime) == 13 &&
        pgrp == group)
      ticks += static_cast<long long>(utime + stime);
  }
  ::closedir(dir);
  return ticks * 1000 / ticks_per_second;
}

std::int64_t Process::run_delay_ms_so_far() const {
  if (!running()) return 0;
  std::int64_t total_ns = 0;
  std::error_code ec;
  for (const auto& task : std::filesystem::directory_iterator(fmt::format("/proc/{}/task", program_pid()), ec)) {
    std::ifstream stat(task.path() / "schedstat");
    long long runtime_ns = 0, delay_ns = 0;
    if (stat >> runtime_ns >> delay_ns) total_ns += delay_ns;
  }
  return total_ns / 1000000;
}

std::int64_t Process::bytes_written_so_far() const {
  if (!running()) return -1;
  std::ifstream io(fmt::format("/proc/{}/io", program_pid()));
  std::string key;
  long long value = 0;
  while (io >> key >> value) {
    if (key == "wchar:") return value;
  }
  return -1;
}

void Process::kill_group() const {
  if (pid_ <= 0) return;
  if (boxed_ && program_pid_ > 0) {
    // The program, through its pidfd (never a recycled pid). Its box's init ends
    // the rest of the namespace as soon as the program is gone, then reports.
    if (!running()) return;
    if (program_pidfd_.valid())
      ::syscall(SYS_pidfd_send_signal, program_pidfd_.get(), SIGKILL, nullptr, 0);  // ESRCH: gone
    else
      ::kill(program_pid_, SIGKILL);  // kernels without pidfds: the report is moments away
    return;
  }
  // The group id is the child's pid (setpgid(0, 0) before exec). Killing the group
  // also reaches its descendants; the pid itself is killed too in case the group
  // was never set up. A zombie or an empty group makes these fail harmlessly.
  ::kill(-pid_, SIGKILL);
  if (running()) ::kill(pid_, SIGKILL);
}

void become_subreaper() { ::prctl(PR_SET_CHILD_SUBREAPER, 1); }

namespace {

// Children of `parent`, from /proc/<pid>/stat (the kernel here has no
// /proc/<pid>/task/<tid>/children).
std::vector<pid_t> children_of(pid_t parent) {
  std::vector<pid_t> result;
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return result;
  while (const dirent* entry = ::readdir(dir)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0') continue;
    std::ifstream stat(fmt::format("/proc/{}/stat", pid));
    std::string line;
    if (!std::getline(stat, line)) continue;
    // "pid (comm) state ppid ...": comm may hold spaces and parentheses.
    const auto close = line.rfind(')');
    if (close == std::string::npos) continue;
    char state = 0;
    long ppid = 0;
    if (std::sscanf(line.c_str() + close + 1, " %c %ld", &state, &ppid) == 2 && ppid == parent) {
      result.push_back(static_cast<pid_t>(pid));
    }
  }
  ::closedir(dir);
  return result;
}

}  // namespace

int kill_orphans() {
  int killed = 0;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
  while (std::chrono::steady_clock::now() < deadline) {
    int status = 0;
    const pid_t reaped = ::waitpid(-1, &status, WNOHANG);
    if (reaped > 0) continue;                       // a zombie orphan: gone now
    if (reaped < 0 && errno == ECHILD) break;       // no children at all
    if (reaped < 0 && errno == EINTR) continue;
    // Children are alive: kill each one, with its group.
    bool any = false;
    for (pid_t child : children_of(::getpid())) {
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
