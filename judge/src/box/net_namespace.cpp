#include "box/net_namespace.hpp"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <unistd.h>

namespace judge {

SharedNetNamespace::SharedNetNamespace(bool make) {
  if (!make) {
    ready_ = true;
    return;
  }
  // The new thread inherits this mask: with every signal blocked, none can be
  // delivered to it (a stop signal is the signalfd's), not even before its first line.
  sigset_t all;
  sigset_t old;
  ::sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &old);
  maker_ = std::thread([this] {
    // This thread alone moves into the new namespace; the judge's other threads stay
    // where they are. The descriptor keeps the namespace alive after the thread ends.
    if (::unshare(CLONE_NEWNET) != 0) return;
    const int fd = ::open("/proc/thread-self/ns/net", O_RDONLY | O_CLOEXEC);
    if (fd >= 0) fd_ = UniqueFd(fd);
  });
  ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

SharedNetNamespace::~SharedNetNamespace() {
  if (maker_.joinable()) maker_.join();
}

const std::string& SharedNetNamespace::path() {
  if (!ready_) {
    if (maker_.joinable()) maker_.join();
    if (fd_.valid()) path_ = "/proc/" + std::to_string(::getpid()) + "/fd/" + std::to_string(fd_.get());
    ready_ = true;
  }
  return path_;
}

}  // namespace judge
