#include "process/interrupt_watch.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <system_error>

#include "process/process.hpp"

namespace judge {
namespace {

// After the first signal the watcher kills the judge's children this often, until
// the main thread has unwound: a test started meanwhile lives at most this long.
constexpr int rekill_interval_ms = 10;

// The parent pid of `pid` from /proc/PID/stat, or -1. Read with plain system calls
// into a fixed buffer: the line is "pid (comm) state ppid ...", and comm may hold
// spaces and parentheses, so the fields are read after the last ')'.
pid_t parent_of(long pid) {
  char path[64];
  std::snprintf(path, sizeof path, "/proc/%ld/stat", pid);
  const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return -1;
  char line[512];
  const ssize_t n = ::read(fd, line, sizeof line - 1);
  ::close(fd);
  if (n <= 0) return -1;
  line[n] = '\0';
  const char* close = std::strrchr(line, ')');
  char state = 0;
  long ppid = -1;
  if (close == nullptr || std::sscanf(close + 1, " %c %ld", &state, &ppid) != 2) return -1;
  return static_cast<pid_t>(ppid);
}

}  // namespace

Interrupted::Interrupted(int signal)
    : std::runtime_error("interrupted by " + signal_name(signal)), signal_(signal) {}

int kill_child_groups() {
  const pid_t self = ::getpid();
  int found = 0;
  DIR* dir = ::opendir("/proc");
  if (dir == nullptr) return 0;
  while (const dirent* entry = ::readdir(dir)) {
    char* end = nullptr;
    const long pid = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0' || pid <= 0) continue;
    if (parent_of(pid) != self) continue;
    // Every child the judge starts leads a process group of its own (process/process.cpp),
    // which holds its descendants unless they left it; those that did (setsid) are
    // reparented to the judge, a child subreaper, once their parent dies, and are
    // found here on the next round. The main thread may reap the child between
    // this look and the kill; the kill could then only reach another process if
    // the pid were reused within those microseconds (the race of any kill by pid).
    ::kill(static_cast<pid_t>(-pid), SIGKILL);
    ::kill(static_cast<pid_t>(pid), SIGKILL);
    ++found;
  }
  ::closedir(dir);
  return found;
}

// signals_ blocks the stop signals (its constructor runs first) before the
// watcher thread exists, so it and every later thread inherit the mask: the
// signals can only be taken from the signalfd, never delivered with their default
// action (death without cleaning up).
InterruptWatch::InterruptWatch() : wake_(make_pipe()), watcher_([this] { watch(); }) {}

InterruptWatch::~InterruptWatch() {
  // Closing the write end wakes the watcher (POLLHUP on the read end). signals_
  // goes after: pending signals dropped, mask restored.
  wake_.write_end.reset();
  if (watcher_.joinable()) watcher_.join();
}

void InterruptWatch::throw_if_interrupted() const {
  if (const int received = signal_.load(); received != 0) throw Interrupted(received);
}

void InterruptWatch::watch() {
  pollfd fds[2] = {{signals_.fd(), POLLIN, 0}, {wake_.read_end.get(), POLLIN, 0}};
  for (;;) {
    // Until a signal comes: sleep until one does, or until the watch ends. After:
    // wake up every few ms to kill whatever the main thread started meanwhile.
    const int timeout = signal_.load() == 0 ? -1 : rekill_interval_ms;
    if (::poll(fds, 2, timeout) < 0) continue;  // EINTR cannot happen: no handlers
    if (fds[1].revents != 0) return;
    if ((fds[0].revents & POLLIN) != 0) {
      while (const int received = signals_.received()) {
        int none = 0;  // the first signal is the one reported
        signal_.compare_exchange_strong(none, received);
      }
    }
    if (signal_.load() != 0) kill_child_groups();
  }
}

}  // namespace judge
