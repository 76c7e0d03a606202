#include "serve.hpp"

#include <fcntl.h>
#include <linux/magic.h>
#include <linux/sched.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/statfs.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "process/box_request.hpp"

extern char** environ;

namespace judge_box {
namespace {

using judge::BoxRequest;

// The judge's end may be gone: MSG_NOSIGNAL, so S learns it from the error (and then
// from the end of file), never dies of SIGPIPE.
void reply(int control, const std::string& text, int pass_fd = -1) {
  struct iovec iov {
    const_cast<char*>(text.data()), text.size()
  };
  struct msghdr message {};
  message.msg_iov = &iov;
  message.msg_iovlen = 1;
  alignas(struct cmsghdr) char space[CMSG_SPACE(sizeof(int))] = {};
  if (pass_fd >= 0) {
    message.msg_control = space;
    message.msg_controllen = sizeof space;
    struct cmsghdr* header = CMSG_FIRSTHDR(&message);
    header->cmsg_level = SOL_SOCKET;
    header->cmsg_type = SCM_RIGHTS;
    header->cmsg_len = CMSG_LEN(sizeof(int));
    std::memcpy(CMSG_DATA(header), &pass_fd, sizeof(int));
  }
  while (::sendmsg(control, &message, MSG_NOSIGNAL) < 0 && errno == EINTR) {
  }
}

// B's failure before its own code runs: said on its report socket (descriptor 3 by
// now) as judge-box says its own, so the judge reports it as the box's failure.
[[noreturn]] void fail(const char* what) {
  const std::string text =
      std::string("exec-error {\"message\": \"judge-box: ") + what + ": " + std::strerror(errno) + "\"}";
  ::send(3, text.data(), text.size(), MSG_NOSIGNAL);
  ::_exit(127);
}

// Each received descriptor becomes its target number, as the judge's spawn places a
// box's (process.cpp place_box_descriptors): first every one is duplicated above all
// targets, so that placing one never overwrites another still to be placed, then put
// in place (dup2 leaves it without close-on-exec, as exec'd judge-box had them).
// Everything else B holds is closed: S's control socket and signalfd are already, the
// received originals and their duplicates go here, so B holds only what the judge
// gave this box, and S's file store (`keep`, moved above the targets first: its
// number may be one of them; -1 if none), which B closes itself once it has taken
// what it binds from it, before anything of the box runs.
void place_descriptors(const std::vector<int>& fds, const std::vector<int>& targets, int& keep) {
  const int above = *std::max_element(targets.begin(), targets.end()) + 1;
  if (keep >= 0) keep = ::fcntl(keep, F_DUPFD_CLOEXEC, above);
  std::vector<int> copies;
  for (int fd : fds) {
    const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, above);
    if (copy < 0) ::_exit(127);  // nothing to report on yet: the judge sees the box gone
    copies.push_back(copy);
  }
  for (std::size_t i = 0; i < copies.size(); ++i)
    if (::dup2(copies[i], targets[i]) < 0) ::_exit(127);
  for (int fd = 0; fd < above; ++fd)
    if (std::find(targets.begin(), targets.end(), fd) == targets.end()) ::close(fd);
  if (keep < 0) {
    ::close_range(static_cast<unsigned>(above), ~0U, 0);
    return;
  }
  if (keep > above) ::close_range(static_cast<unsigned>(above), static_cast<unsigned>(keep - 1), 0);
  ::close_range(static_cast<unsigned>(keep + 1), ~0U, 0);
}

cpu_set_t cpu_set_of(const std::vector<int>& cpus) {
  cpu_set_t set;
  CPU_ZERO(&set);
  for (int cpu : cpus) CPU_SET(cpu, &set);
  return set;
}

// B: what the judge's spawn sets between vfork and exec (process.cpp ChildSetup), then
// the box itself, as an executed judge-box runs it.
[[noreturn]] void become_box(const BoxRequest& request, const std::vector<int>& fds, pid_t server, BoxMain box_main,
                             bool born_in_cgroup, int file_store) {
  // Its own process group, as every process the judge starts.
  ::setpgid(0, 0);
  // B dies with S, and S with the judge: no box runs on unsupervised. S gone before
  // this line: B ends at once.
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);
  if (::getppid() != server) ::_exit(1);
  // The defaults a program expects; S blocked SIGCHLD for its signalfd.
  for (int sig = 1; sig < NSIG; ++sig)
    if (sig != SIGKILL && sig != SIGSTOP) ::signal(sig, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);
  place_descriptors(fds, request.targets, file_store);
  // S moved itself there before the fork (cpu_set_of); a refusal is said here.
  if (!request.cpus.empty()) {
    const cpu_set_t set = cpu_set_of(request.cpus);
    if (::sched_setaffinity(0, sizeof set, &set) != 0) fail("sched_setaffinity");
  }
  for (const judge::BoxRlimit& limit : request.rlimits) {
    struct rlimit value {
      limit.soft, limit.hard
    };
    if (::setrlimit(limit.resource, &value) != 0) fail("setrlimit");
  }
  // The box's environment is the request's alone: it is what the program is
  // executed with (judge_box.cpp run_submission: execv uses environ).
  std::vector<std::string> env = request.env;
  std::vector<char*> env_pointers;
  for (std::string& entry : env) env_pointers.push_back(entry.data());
  env_pointers.push_back(nullptr);
  environ = env_pointers.data();
  std::vector<std::string> words{"judge-box"};
  words.insert(words.end(), request.argv.begin(), request.argv.end());
  std::vector<char*> argv;
  for (std::string& word : words) argv.push_back(word.data());
  argv.push_back(nullptr);
  ::_exit(box_main(static_cast<int>(words.size()), argv.data(), server, born_in_cgroup, file_store));
}

struct Received {
  std::string bytes;
  std::vector<int> fds;
  bool truncated = false;
};

// One request; nullopt at the end of file (the judge is done) or when the socket fails.
std::optional<Received> receive(int control, std::vector<char>& buffer) {
  alignas(struct cmsghdr) char space[CMSG_SPACE(sizeof(int) * judge::box_request_max_fds)];
  for (;;) {
    struct iovec iov {
      buffer.data(), buffer.size()
    };
    struct msghdr message {};
    message.msg_iov = &iov;
    message.msg_iovlen = 1;
    message.msg_control = space;
    message.msg_controllen = sizeof space;
    // Close-on-exec from the start: B closes them anyway, nothing S execs ever.
    const ssize_t n = ::recvmsg(control, &message, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    Received got;
    got.bytes.assign(buffer.data(), static_cast<std::size_t>(n));
    got.truncated = (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) != 0;
    for (struct cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr; header = CMSG_NXTHDR(&message, header)) {
      if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
      const std::size_t count = (header->cmsg_len - CMSG_LEN(0)) / sizeof(int);
      for (std::size_t i = 0; i < count; ++i) {
        int fd = -1;
        std::memcpy(&fd, CMSG_DATA(header) + i * sizeof(int), sizeof fd);
        got.fds.push_back(fd);
      }
    }
    return got;
  }
}

// The one cgroup v2 directory a request's box joins (`--cgroup DIR` before the
// program's `--`), opened for clone3; -1 when it names none, several (cgroup v1: a
// directory per controller) or one that is not on cgroup2.
int cgroup_v2_dir(const BoxRequest& request) {
  std::vector<const std::string*> dirs;
  for (std::size_t i = 0; i + 1 < request.argv.size() && request.argv[i] != "--"; ++i)
    if (request.argv[i] == "--cgroup") dirs.push_back(&request.argv[++i]);
  struct statfs info {};
  if (dirs.size() != 1 || ::statfs(dirs[0]->c_str(), &info) != 0 || info.f_type != CGROUP2_SUPER_MAGIC) return -1;
  return ::open(dirs[0]->c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
}

// B forked straight into its cgroup on cgroup v2 (CLONE_INTO_CGROUP, Linux 5.7): a
// process that joins one writes its pid to `cgroup.procs`, which write-locks the
// kernel's global cgroup_threadgroup_rwsem and, without the `favordynmods` mount
// option, waits for an RCU grace period (7-15 ms on the development VM; v1 has a
// cheaper way, judge_box.cpp step 2, v2 none). A fork into the cgroup takes that lock
// only for reading. `born_in` says whether it was; where the kernel refuses (too old,
// or the directory is not a leaf it may fork into), S forks as before and B joins.
// Returns the pid (0 in B), and B's pidfd in S when clone3 gave one.
pid_t fork_box(int cgroup_fd, int& pidfd, bool& born_in) {
  born_in = false;
  pidfd = -1;
  if (cgroup_fd >= 0) {
    struct clone_args args {};
    args.flags = CLONE_INTO_CGROUP | CLONE_PIDFD;
    args.pidfd = static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(&pidfd));
    args.exit_signal = SIGCHLD;
    args.cgroup = static_cast<std::uint64_t>(cgroup_fd);
    // Raw clone3 is fork here: no CLONE_VM, and S has one thread and holds no lock.
    const long pid = ::syscall(SYS_clone3, &args, sizeof args);
    if (pid >= 0) {
      born_in = true;
      return static_cast<pid_t>(pid);
    }
    pidfd = -1;
  }
  return ::fork();
}

// One box: forked, its pidfd sent back. S closes what it received at once: the report
// socket's box end in particular, which only B may hold (the judge sees end of file
// once B's box is gone).
void start_box(int control, int signals, const Received& got, BoxMain box_main, StockFiles stock, FileStore& store) {
  const std::optional<BoxRequest> request = judge::decode_box_request(got.bytes);
  std::string refused;
  if (got.truncated) refused = "the request or its descriptors were cut short";
  else if (!request)
    refused = "the request is malformed";
  else if (request->targets.size() != got.fds.size() || request->targets.empty())
    refused = "the request's descriptors do not match its targets";
  if (!refused.empty()) {
    reply(control, "error " + refused);
  } else {
    // S runs where B is to run before it forks B: a pinned test's CPU is the
    // interactor's, which S's fork and B's setup must not take while it starts (the
    // judge keeps its own thread off it for the same reason).
    if (!request->cpus.empty()) {
      const cpu_set_t set = cpu_set_of(request->cpus);
      ::sched_setaffinity(0, sizeof set, &set);  // a placement hint; B checks its own
    }
    // Its large files into the store, by S: their copy is charged to S's cgroup (the
    // judge's), never to the test's, and made once per run.
    if (store.valid()) stock(store, request->argv, got.fds, request->targets);
    const pid_t server = ::getpid();
    const int cgroup_fd = cgroup_v2_dir(*request);
    int pidfd = -1;
    bool born_in_cgroup = false;
    const pid_t box = fork_box(cgroup_fd, pidfd, born_in_cgroup);
    if (box == 0) {
      ::close(control);
      ::close(signals);
      if (cgroup_fd >= 0) ::close(cgroup_fd);
      become_box(*request, got.fds, server, box_main, born_in_cgroup, store.fd());
    }
    if (cgroup_fd >= 0) ::close(cgroup_fd);
    // The pidfd is taken before S can reap B (SIGCHLD is read in this same loop
    // only), so it is B's and nobody else's.
    if (box > 0 && pidfd < 0) pidfd = static_cast<int>(::syscall(SYS_pidfd_open, box, 0));
    if (box < 0) reply(control, std::string("error fork: ") + std::strerror(errno));
    else if (pidfd < 0) {
      ::kill(box, SIGKILL);
      reply(control, std::string("error pidfd_open: ") + std::strerror(errno));
    } else {
      reply(control, "started " + std::to_string(box), pidfd);
    }
    if (pidfd >= 0) ::close(pidfd);
  }
  for (int fd : got.fds) ::close(fd);
}

}  // namespace

int serve(int control, BoxMain box_main, StockFiles stock) {
  ::fcntl(control, F_SETFD, FD_CLOEXEC);
  // B's working directory until its init enters the box's root, whatever folder the
  // judge was started in: B and its init use no relative path, and S keeps no folder
  // of the judge's busy.
  if (::chdir("/") != 0) return 1;
  // Its children are reaped as they end, in this loop (never in a handler).
  sigset_t child_ended;
  sigemptyset(&child_ended);
  sigaddset(&child_ended, SIGCHLD);
  ::sigprocmask(SIG_BLOCK, &child_ended, nullptr);
  const int signals = ::signalfd(-1, &child_ended, SFD_CLOEXEC | SFD_NONBLOCK);
  if (signals < 0) return 1;
  std::vector<char> buffer(judge::box_request_max_bytes);
  FileStore store(stock != nullptr ? FileStore::default_capacity_bytes : 0);
  for (;;) {
    struct pollfd watch[2] = {{control, POLLIN, 0}, {signals, POLLIN, 0}};
    if (::poll(watch, 2, -1) < 0) {
      if (errno == EINTR) continue;
      return 1;
    }
    if (watch[1].revents != 0) {
      struct signalfd_siginfo info {};
      while (::read(signals, &info, sizeof info) > 0) {
      }
      while (::waitpid(-1, nullptr, WNOHANG) > 0) {
      }
    }
    if (watch[0].revents == 0) continue;
    const std::optional<Received> got = receive(control, buffer);
    if (!got) break;
    start_box(control, signals, *got, box_main, stock, store);
  }
  // The judge is done with S: boxes still running end with it (their parent-death
  // signal); S's own exit is the last thing.
  return 0;
}

}  // namespace judge_box
