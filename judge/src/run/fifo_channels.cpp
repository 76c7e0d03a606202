#include "run/fifo_channels.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
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

// Whether the FIFO behind the writer `fd` has a reader now (POLLERR: none).
bool has_reader(int fd) {
  struct pollfd ready {
    fd, POLLOUT, 0
  };
  while (::poll(&ready, 1, 0) < 0 && errno == EINTR) {
  }
  return (ready.revents & POLLERR) == 0;
}

}  // namespace

FifoChannels::FifoChannels(const fs::path& folder, std::size_t processes, bool relayed, std::int64_t output_limit_bytes)
    : relayed_(relayed), output_limit_bytes_(output_limit_bytes) {
  if (::mkdir(folder.c_str(), 0700) != 0)
    throw JudgeFault(fmt::format("cannot make {}: {}", folder.string(), std::strerror(errno)));
  relays_.resize(processes);
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
    if (relayed_) {
      // The box's input: a description of its own (the judge's stays O_NONBLOCK
      // whatever the program does to its descriptor).
      pair.box_input = std::make_shared<UniqueFd>(open_fifo(pair.manager_to_user, O_RDONLY));
      // Blocking for the program: O_NONBLOCK belongs to the description, which the
      // program gets (its reopen through /proc/self/fd makes one of its own anyway).
      ::fcntl(pair.box_input->get(), F_SETFL, 0);
      int ends[2];
      if (::pipe2(ends, O_CLOEXEC) != 0)
        throw JudgeFault(fmt::format("cannot make process {}'s pipe: {}", index, std::strerror(errno)));
      relays_[index].from_process = UniqueFd(ends[0]);
      pair.box_output = std::make_shared<UniqueFd>(ends[1]);
      // The program reopens it through /proc/self/fd as the box's uid, which must be
      // allowed to (a pipe is its maker's, 0600): no one else has a path to it.
      ::fchmod(ends[1], 0666);
      ::fcntl(ends[0], F_SETFL, O_NONBLOCK);
      ::fcntl(ends[0], F_SETPIPE_SZ, fifo_buffer_bytes);
    }
    pairs_.push_back(std::move(pair));
    reaped_.push_back(false);
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

void FifoChannels::box_started(std::size_t index) {
  // The box and its program hold them now; the judge's copies would keep the pipe's
  // end-of-file from ever coming.
  pairs_[index].box_input.reset();
  pairs_[index].box_output.reset();
}

void FifoChannels::reaped(std::size_t index) {
  if (index == 0) {
    manager_gone_ = true;
    // Nothing more can reach the manager: what waits is dropped, and a process still
    // writing gets EPIPE (or SIGPIPE), as on the manager's closed FIFO.
    for (Relay& relay : relays_) {
      relay.pending.clear();
      relay.from_process.reset();
      relay.ended = true;
    }
    let_blocked_opens_through();
    return;
  }
  reaped_[index - 1] = true;
  // Rule 3: its end-of-file may reach the manager now, once what it wrote is passed
  // on (service() closes the writer then); unrelayed, at once.
  if (!relayed_) pairs_[index - 1].from_user->reset();
  service();
}

void FifoChannels::let_blocked_opens_through() {
  // A process blocked in opening an end wakes when the other side is opened once,
  // even if it is closed again at once; then it sees end-of-file or SIGPIPE. (A
  // process already past its opens sees nothing of it: no byte is written or read.)
  for (std::size_t index = 0; index < pairs_.size(); ++index) {
    if (reaped_[index]) continue;
    for (const auto& [path, flags] :
         {std::pair{pairs_[index].manager_to_user, O_WRONLY}, std::pair{pairs_[index].user_to_manager, O_RDONLY}}) {
      const int fd = ::open(path.c_str(), flags | O_NONBLOCK | O_CLOEXEC);
      if (fd >= 0) ::close(fd);
    }
  }
}

std::vector<int> FifoChannels::wait_fds() const {
  std::vector<int> fds;
  for (std::size_t index = 0; index < relays_.size(); ++index) {
    const Relay& relay = relays_[index];
    if (relay.from_process.valid() && !relay.ended && !relay.over_limit && relay.pending.size() < max_pending_bytes)
      fds.push_back(relay.from_process.get());
  }
  if (manager_gone_) return fds;
  for (std::size_t index = 0; index < pairs_.size(); ++index)
    if (reaped_[index] && !ended_[index] && pairs_[index].to_user->valid()) fds.push_back(pairs_[index].to_user->get());
  return fds;
}

std::vector<std::size_t> FifoChannels::over_output_limit() const {
  std::vector<std::size_t> members;
  for (std::size_t index = 0; index < relays_.size(); ++index)
    if (relays_[index].over_limit && !reaped_[index]) members.push_back(index + 1);
  return members;
}

void FifoChannels::pass_on(std::size_t index) {
  Relay& relay = relays_[index];
  FifoPair& pair = pairs_[index];
  if (relay.pending.empty() || !pair.from_user->valid()) return;
  if (!has_reader(pair.from_user->get())) {
    // Not opened by the manager yet: it waits, as the process's own write would have
    // waited for the manager's open. Closed by the manager: the process's next write
    // fails as it would have on the FIFO.
    if (relay.saw_reader) {
      relay.pending.clear();
      relay.from_process.reset();
      relay.ended = true;
    }
    return;
  }
  relay.saw_reader = true;
  while (!relay.pending.empty()) {
    const ssize_t n = ::write(pair.from_user->get(), relay.pending.data(), relay.pending.size());
    if (n > 0) {
      relay.pending.erase(0, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EPIPE) {
      // The manager closed uI_to_m in between: as above.
      relay.pending.clear();
      relay.from_process.reset();
      relay.ended = true;
    }
    return;  // EAGAIN: the FIFO is full; again on the next turn
  }
}

void FifoChannels::relay(std::size_t index) {
  Relay& relay = relays_[index];
  pass_on(index);
  char buffer[65536];
  while (relay.from_process.valid() && !relay.ended && !relay.over_limit && relay.pending.size() < max_pending_bytes) {
    const std::size_t room = std::min(sizeof buffer, max_pending_bytes - relay.pending.size());
    const ssize_t n = ::read(relay.from_process.get(), buffer, room);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && errno == EAGAIN) break;
    if (n <= 0) {
      relay.ended = true;  // end-of-file: the process and everything it started are gone
      break;
    }
    const std::int64_t allowed = std::max<std::int64_t>(0, output_limit_bytes_ - relay.bytes);
    const std::size_t taken = static_cast<std::size_t>(std::min<std::int64_t>(n, allowed));
    relay.pending.append(buffer, taken);
    relay.bytes += static_cast<std::int64_t>(taken);
    if (taken < static_cast<std::size_t>(n)) relay.over_limit = true;  // the watch stops it
    pass_on(index);
  }
  // Rule 3, relayed: the writer goes once the process is reaped and all it wrote (up
  // to its limit) has been passed on.
  if (reaped_[index] && (relay.ended || relay.over_limit || !relay.from_process.valid()) && relay.pending.empty()) {
    relay.from_process.reset();
    pairs_[index].from_user->reset();
  }
}

void FifoChannels::drain_manager_output(std::size_t index) {
  char buffer[65536];
  for (;;) {
    const ssize_t n = ::read(pairs_[index].to_user->get(), buffer, sizeof buffer);
    if (n > 0 || (n < 0 && errno == EINTR)) continue;
    // 0: no writer now. Once the manager is gone nothing more can come; before, it
    // may still open the FIFO (a manager that opens it late must not block for want
    // of a reader), so the reader stays, read on every turn but no longer waited
    // for: a FIFO whose writer has gone is readable (end-of-file) all the time.
    if (n == 0 && manager_gone_) pairs_[index].to_user->reset();
    if (n == 0) ended_[index] = true;
    break;  // EAGAIN: nothing now (the judge's description is its own: never blocks)
  }
}

void FifoChannels::service() {
  // Again on every turn: a process opens its two ends one after the other, and the
  // second open may come after the first let-through.
  if (manager_gone_) let_blocked_opens_through();
  for (std::size_t index = 0; index < pairs_.size(); ++index) {
    if (relayed_) relay(index);
    if (reaped_[index] && pairs_[index].to_user->valid()) drain_manager_output(index);
  }
}

}  // namespace judge
