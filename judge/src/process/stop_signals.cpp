#include "process/stop_signals.hpp"

#include <pthread.h>
#include <sys/signalfd.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>

namespace judge {
namespace {

sigset_t stop_signal_set() {
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, SIGINT);
  sigaddset(&set, SIGTERM);
  sigaddset(&set, SIGHUP);
  return set;
}

}  // namespace

StopSignals::StopSignals() {
  const sigset_t set = stop_signal_set();
  if (const int error = ::pthread_sigmask(SIG_BLOCK, &set, &old_mask_); error != 0)
    throw std::system_error(error, std::generic_category(), "pthread_sigmask");
  fd_ = UniqueFd(::signalfd(-1, &set, SFD_CLOEXEC | SFD_NONBLOCK));
  if (!fd_.valid()) {
    const int error = errno;
    ::pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
    throw std::system_error(error, std::generic_category(), "signalfd");
  }
}

StopSignals::~StopSignals() {
  while (received() != 0) {
  }
  fd_.reset();
  ::pthread_sigmask(SIG_SETMASK, &old_mask_, nullptr);
}

int StopSignals::received() const {
  signalfd_siginfo info{};
  if (fd_.valid() && ::read(fd_.get(), &info, sizeof info) == sizeof info)
    return static_cast<int>(info.ssi_signo);
  return 0;
}

}  // namespace judge
