#include "process/interrupt_watch.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <system_error>

#include "process/proc_stat.hpp"
#include "process/process.hpp"

namespace judge {
namespace {

// After the first signal the watcher kills the judge's children this often, until
// the main thread has unwound: a test started meanwhile lives at most this long.
constexpr int rekill_interval_ms = 10;

}  // namespace

Interrupted::Interrupted(int signal)
    : std::runtime_error("interrupted by " + signal_name(signal)), signal_(signal) {}

int kill_child_groups() {
  int found = 0;
  // The judge's children, from the one /proc reader (process/proc_stat.hpp).
  for (const pid_t pid : children_of_self()) {
    // Every child the judge starts leads a process group of its own (process/process.cpp),
    // which holds its descendants unless they left it; those that did (setsid) are
    // reparented to the judge, a child subreaper, once their parent dies, and are
    // found here on the next round. The main thread may reap the child between
    // this look and the kill; the kill could then only reach another process if
    // the pid were reused within those microseconds (the race of any kill by pid).
    ::kill(-pid, SIGKILL);
    ::kill(pid, SIGKILL);
    ++found;
  }
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
