// A child for process_test.cpp: `process_helper MODE ARG`
//   cpu MS        burn MS milliseconds of CPU time, then exit 0
//   touch MIB     allocate and touch MIB MiB, then exit 0
//   alloc-forever allocate and touch 16 MiB blocks until an allocation fails
//   sleep MS      sleep MS milliseconds
//   exit CODE     exit with CODE
//   signal SIG    raise signal SIG
//   pgid          print its process group id and parent's
//   sigpipe       print the disposition of SIGPIPE (0 default, 1 ignored)
//   cgroups-named NAME  exit with how many of its cgroups (lines of /proc/self/cgroup)
//                 end in /NAME, counted by a child it forks; 99 if it and the child
//                 are not in the same ones
//   affinity      exit 10 + its CPU if it may run on exactly one, 9 if on more
//   affinity-after-sleep MS  the same after sleeping MS ms
//   affinity-after-cpu MS    the same after burning MS ms of CPU time, never waiting
//   affinity-of-child MS     the same, seen by a child it forks at once, after MS ms
//   affinity-of-thread MS    the same, seen by a thread it starts at once, after MS ms
//   net-namespace INODE  exit 0 if it runs in network namespace INODE and cannot bring
//                 up its loopback (EPERM); 1 another namespace; 2 it could; 3 error
//   ipc-leave NAME  add a user key NAME to its session and its user keyring, and make
//                 a POSIX message queue /NAME: exit 0, or 3 (session key), 4 (user
//                 key), 5 (queue) at the first that failed; 6, 7, 8 if it does not
//                 see its own session key, user key, queue afterwards
//   ipc-find NAME   exit 0 if it sees none of them; 1 the session key, 2 the user key,
//                 3 the queue
#include <fcntl.h>
#include <linux/keyctl.h>
#include <mqueue.h>
#include <net/if.h>
#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

static long long cpu_ms() {
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return ts.tv_sec * 1000LL + ts.tv_nsec / 1000000;
}

static int cgroups_named(const std::string& name) {
  std::ifstream lines("/proc/self/cgroup");
  int count = 0;
  for (std::string line; std::getline(lines, line);) {
    const std::string suffix = "/" + name;
    if (line.size() >= suffix.size() && line.compare(line.size() - suffix.size(), suffix.size(), suffix) == 0)
      ++count;
  }
  return count;
}

static void sleep_ms(long long ms) {
  const struct timespec pause {static_cast<time_t>(ms / 1000), static_cast<long>(ms % 1000) * 1000000L};
  nanosleep(&pause, nullptr);
}

// 10 + the CPU when the caller may run on exactly one, 9 otherwise.
static int affinity_code() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) != 1) return 9;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) return 10 + cpu;
  return 9;
}

// Keys through the raw system calls: libkeyutils is not a dependency of the project.
static long add_user_key(const char* name, long keyring) {
  static const char payload[] = "left";
  return syscall(SYS_add_key, "user", name, payload, sizeof payload - 1, keyring);
}

static bool key_found(const char* name, long keyring) {
  return syscall(SYS_keyctl, KEYCTL_SEARCH, keyring, "user", name, 0L) >= 0;
}

static int ipc_leave(const std::string& name) {
  if (add_user_key(name.c_str(), KEY_SPEC_SESSION_KEYRING) < 0) return 3;
  if (add_user_key(name.c_str(), KEY_SPEC_USER_KEYRING) < 0) return 4;
  const mqd_t queue = mq_open(("/" + name).c_str(), O_CREAT | O_RDWR, 0600, nullptr);
  if (queue == static_cast<mqd_t>(-1)) return 5;
  // The probe sees what it left itself: ipc-find can tell.
  if (!key_found(name.c_str(), KEY_SPEC_SESSION_KEYRING)) return 6;
  if (!key_found(name.c_str(), KEY_SPEC_USER_KEYRING)) return 7;
  return mq_open(("/" + name).c_str(), O_RDONLY) == static_cast<mqd_t>(-1) ? 8 : 0;
}

static int ipc_find(const std::string& name) {
  if (key_found(name.c_str(), KEY_SPEC_SESSION_KEYRING)) return 1;
  if (key_found(name.c_str(), KEY_SPEC_USER_KEYRING)) return 2;
  const mqd_t queue = mq_open(("/" + name).c_str(), O_RDONLY);
  return queue == static_cast<mqd_t>(-1) ? 0 : 3;
}

int main(int argc, char** argv) {
  if (argc < 2) return 100;
  const std::string mode = argv[1];
  const long long arg = argc > 2 ? std::atoll(argv[2]) : 0;
  if (mode == "cpu") {
    volatile unsigned long long sink = 0;
    while (cpu_ms() < arg) sink = sink + 1;
    return 0;
  }
  if (mode == "touch") {
    std::vector<char> block(static_cast<size_t>(arg) << 20);
    for (size_t i = 0; i < block.size(); i += 4096) block[i] = 1;
    return block[block.size() / 2] == 1 ? 0 : 1;
  }
  if (mode == "alloc-forever") {
    std::vector<std::vector<char>> blocks;
    for (;;) {
      blocks.emplace_back(16u << 20, 1);
    }
  }
  if (mode == "sleep") {
    usleep(static_cast<useconds_t>(arg * 1000));
    return 0;
  }
  if (mode == "exit") return static_cast<int>(arg);
  if (mode == "signal") {
    raise(static_cast<int>(arg));
    return 0;
  }
  if (mode == "pgid") {
    std::printf("%d %d %d\n", static_cast<int>(getpid()), static_cast<int>(getpgrp()),
                static_cast<int>(getpgid(getppid())));
    return 0;
  }
  if (mode == "affinity-of-child" || mode == "affinity-of-thread") {
    // A child process (or a thread) started at once, before any wait, that sleeps ARG
    // ms and then looks; the exit code is what it saw (as for affinity).
    auto look = [arg] {
      sleep_ms(arg);
      return affinity_code();
    };
    if (mode == "affinity-of-thread") {
      int seen = 0;
      std::thread thread([&] { seen = look(); });
      thread.join();
      return seen;
    }
    const pid_t child = fork();
    if (child == 0) _exit(look());
    int status = 0;
    waitpid(child, &status, 0);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 99;
  }
  if (mode == "affinity" || mode == "affinity-after-sleep" || mode == "affinity-after-cpu") {
    // At once, after sleeping ARG ms, or after burning ARG ms of CPU time without ever waiting.
    if (mode == "affinity-after-sleep") sleep_ms(arg);
    if (mode == "affinity-after-cpu") {
      volatile unsigned long long sink = 0;
      while (cpu_ms() < arg) sink = sink + 1;
    }
    return affinity_code();
  }
  if (mode == "sigpipe") {
    struct sigaction current {};
    sigaction(SIGPIPE, nullptr, &current);
    std::printf("%d\n", current.sa_handler == SIG_IGN ? 1 : 0);
    return 0;
  }
  if (mode == "cgroups-named" && argc > 2) {
    const int own = cgroups_named(argv[2]);
    const pid_t child = fork();
    if (child == 0) _exit(cgroups_named(argv[2]));
    int status = 0;
    if (child < 0 || waitpid(child, &status, 0) != child || !WIFEXITED(status)) return 98;
    return WEXITSTATUS(status) == own ? own : 99;
  }
  if (mode == "net-namespace" && argc > 2) {
    char link[64] = {};
    if (readlink("/proc/self/ns/net", link, sizeof link - 1) < 0) return 3;
    if (std::string(link) != "net:[" + std::string(argv[2]) + "]") return 1;
    const int sock = socket(AF_INET, SOCK_DGRAM, 0);
    ifreq request{};
    std::strncpy(request.ifr_name, "lo", IFNAMSIZ - 1);
    if (sock < 0 || ioctl(sock, SIOCGIFFLAGS, &request) != 0) return 3;
    request.ifr_flags = static_cast<short>(request.ifr_flags | IFF_UP);
    if (ioctl(sock, SIOCSIFFLAGS, &request) == 0) return 2;
    return errno == EPERM ? 0 : 3;
  }
  if (mode == "ipc-leave" && argc > 2) return ipc_leave(argv[2]);
  if (mode == "ipc-find" && argc > 2) return ipc_find(argv[2]);
  return 100;
}
