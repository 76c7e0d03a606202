#include "run/fifo_channels.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Large enough that a manager's long message is written in one go (as the judge's
// pipes: run/interaction.cpp).
constexpr int fifo_buffer_bytes = 1 << 20;

UniqueFd open_fifo(const fs::path& path, int flags) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) throw JudgeFault(fmt::format("cannot open the FIFO {}: {}", path.string(), std::strerror(errno)));
  return UniqueFd(fd);
}

void make_fifo(const fs::path& path) {
  // 0666 whatever the umask: the boxed program, another uid, opens it again through
  // its own descriptor (the folder above keeps everyone else out).
  if (::mkfifo(path.c_str(), 0600) != 0 || ::chmod(path.c_str(), 0666) != 0)
    throw JudgeFault(fmt::format("cannot make the FIFO {}: {}", path.string(), std::strerror(errno)));
}

}  // namespace

FifoChannels::FifoChannels(const fs::path& folder, std::size_t processes) {
  if (::mkdir(folder.c_str(), 0700) != 0)
    throw JudgeFault(fmt::format("cannot make {}: {}", folder.string(), std::strerror(errno)));
  for (std::size_t index = 0; index < processes; ++index) {
    const fs::path dir = folder / fmt::format("fifo{}", index);
    if (::mkdir(dir.c_str(), 0700) != 0)
      throw JudgeFault(fmt::format("cannot make {}: {}", dir.string(), std::strerror(errno)));
    FifoPair pair;
    pair.user_to_manager = dir / fmt::format("u{}_to_m", index);
    pair.manager_to_user = dir / fmt::format("m_to_u{}", index);
    make_fifo(pair.user_to_manager);
    make_fifo(pair.manager_to_user);
    // A reader of m_to_uI: opening it never blocks (O_NONBLOCK).
    pair.to_user = std::make_shared<UniqueFd>(open_fifo(pair.manager_to_user, O_RDONLY));
    ::fcntl(pair.to_user->get(), F_SETPIPE_SZ, fifo_buffer_bytes);
    // A writer of uI_to_m: opened while a reader exists (else ENXIO), which goes again.
    {
      const UniqueFd reader = open_fifo(pair.user_to_manager, O_RDONLY);
      pair.from_user = std::make_shared<UniqueFd>(open_fifo(pair.user_to_manager, O_WRONLY));
      ::fcntl(pair.from_user->get(), F_SETPIPE_SZ, fifo_buffer_bytes);
    }
    pairs_.push_back(std::move(pair));
    draining_.push_back(false);
    ended_.push_back(false);
  }
}

std::vector<std::string> FifoChannels::manager_arguments() const {
  std::vector<std::string> arguments;
  for (const FifoPair& pair : pairs_) {
    arguments.push_back(pair.user_to_manager.string());
    arguments.push_back(pair.manager_to_user.string());
  }
  return arguments;
}

void FifoChannels::reaped(std::size_t index) {
  if (index == 0) {
    manager_gone_ = true;
    let_blocked_opens_through();
    return;
  }
  FifoPair& pair = pairs_[index - 1];
  // Rule 3: its end-of-file may reach the manager now.
  pair.from_user->reset();
  // Rule 1: from now on the judge reads what the manager still sends it.
  draining_[index - 1] = true;
}

void FifoChannels::let_blocked_opens_through() {
  // A process blocked in opening an end wakes when the other side is opened once,
  // even if it is closed again at once; then it sees end-of-file or SIGPIPE. (A
  // process already past its opens sees nothing of it: no byte is written or read.)
  for (std::size_t index = 0; index < pairs_.size(); ++index) {
    if (draining_[index]) continue;
    for (const auto& [path, flags] :
         {std::pair{pairs_[index].manager_to_user, O_WRONLY}, std::pair{pairs_[index].user_to_manager, O_RDONLY}}) {
      const int fd = ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC);
      if (fd >= 0) ::close(fd);
    }
  }
}

std::vector<int> FifoChannels::wait_fds() const {
  std::vector<int> fds;
  if (manager_gone_) return fds;
  for (std::size_t index = 0; index < pairs_.size(); ++index)
    if (draining_[index] && !ended_[index] && pairs_[index].to_user->valid())
      fds.push_back(pairs_[index].to_user->get());
  return fds;
}

void FifoChannels::service() {
  // Again on every turn: a process opens its two ends one after the other, and the
  // second open may come after the first let-through.
  if (manager_gone_) let_blocked_opens_through();
  char buffer[65536];
  for (std::size_t index = 0; index < pairs_.size(); ++index) {
    if (!draining_[index] || !pairs_[index].to_user->valid()) continue;
    for (;;) {
      const ssize_t n = ::read(pairs_[index].to_user->get(), buffer, sizeof buffer);
      if (n > 0 || (n < 0 && errno == EINTR)) continue;
      // 0: no writer now. Once the manager is gone nothing more can come; before, it
      // may still open the FIFO (a manager that opens it late must not block for want
      // of a reader), so the reader stays, read on every turn but no longer waited
      // for: a FIFO whose writer has gone is readable (end-of-file) all the time.
      if (n == 0 && manager_gone_) pairs_[index].to_user->reset();
      if (n == 0) ended_[index] = true;
      break;  // EAGAIN: nothing now
    }
  }
}

}  // namespace judge
