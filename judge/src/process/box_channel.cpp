#include "process/box_channel.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/parse_number.hpp"

namespace judge {
namespace {

// How long the box may take to build its namespaces and root before the program
// starts: a few milliseconds normally; ten seconds means it is stuck.
constexpr int start_wait_ms = 10000;
// How long a box whose program has ended may take to end the rest and report.
constexpr int report_wait_ms = 2000;

struct Message {
  std::string text;
  pid_t sender = -1;  // from SCM_CREDENTIALS, when the kernel attached them
};

enum class Received { message, nothing, end_of_file };

// One message from the socket, without blocking. Throws JudgeFault on a socket error.
Received receive_message(int fd, Message& message) {
  char buffer[4096];
  char control[CMSG_SPACE(sizeof(struct ucred))];
  struct iovec iov {buffer, sizeof buffer};
  struct msghdr header {};
  header.msg_iov = &iov;
  header.msg_iovlen = 1;
  header.msg_control = control;
  header.msg_controllen = sizeof control;
  ssize_t n;
  while ((n = ::recvmsg(fd, &header, MSG_DONTWAIT | MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) return Received::nothing;
  if (n < 0) throw JudgeFault(fmt::format("reading judge-box's report: {}", std::strerror(errno)));
  if (n == 0) return Received::end_of_file;
  message.text.assign(buffer, static_cast<std::size_t>(n));
  message.sender = -1;
  for (cmsghdr* part = CMSG_FIRSTHDR(&header); part != nullptr; part = CMSG_NXTHDR(&header, part)) {
    if (part->cmsg_level == SOL_SOCKET && part->cmsg_type == SCM_CREDENTIALS) {
      struct ucred credentials {};
      std::memcpy(&credentials, CMSG_DATA(part), sizeof credentials);
      message.sender = credentials.pid;
    }
  }
  return Received::message;
}

bool wait_readable(int fd, int wait_ms) {
  struct pollfd pfd {fd, POLLIN, 0};
  int ready;
  while ((ready = ::poll(&pfd, 1, wait_ms)) < 0 && errno == EINTR) {
  }
  return ready > 0;
}

std::string after_word(const std::string& text) {
  const auto space = text.find(' ');
  return space == std::string::npos ? std::string() : text.substr(space + 1);
}

bool starts_with(const std::string& text, const char* prefix) { return text.rfind(prefix, 0) == 0; }

std::string exec_error_message(const std::string& json_text) {
  const auto parsed = nlohmann::json::parse(json_text, nullptr, false);
  if (parsed.is_object() && parsed.contains("message") && parsed["message"].is_string())
    return parsed["message"].get<std::string>();
  return json_text;
}

// The program's start from "exec NS" (judge_box.cpp send_pid), never later than now;
// none from a bare "exec" or an NS that is not a number.
std::optional<std::chrono::steady_clock::time_point> exec_time(const std::string& text) {
  const auto now = std::chrono::steady_clock::now();
  const std::optional<std::int64_t> ns = text.size() > 5 ? parse_integer<std::int64_t>(after_word(text)) : std::nullopt;
  if (!ns || *ns < 0) return std::nullopt;
  return std::min(now, std::chrono::steady_clock::time_point(std::chrono::nanoseconds(*ns)));
}

}  // namespace

BoxChannel BoxChannel::open() {
  // SOCK_SEQPACKET keeps the box's messages apart; SO_PASSCRED makes the kernel
  // attach the sender's pid, translated into the judge's pid namespace.
  int pair[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0)
    throw JudgeFault(fmt::format("cannot make the box's report socket: {}", std::strerror(errno)));
  BoxChannel channel;
  channel.judge_end_ = UniqueFd(pair[0]);
  channel.box_end_ = UniqueFd(pair[1]);
  const int on = 1;
  ::setsockopt(pair[0], SOL_SOCKET, SO_PASSCRED, &on, sizeof on);
  return channel;
}

void BoxChannel::receive_start() {
  for (;;) {
    if (!wait_readable(fd(), start_wait_ms))
      throw JudgeFault(fmt::format("judge-box said nothing for {} ms", start_wait_ms));
    Message message;
    const Received got = receive_message(fd(), message);
    if (got == Received::nothing) continue;
    if (got == Received::end_of_file) throw JudgeFault("judge-box ended before it started the program");
    if (starts_with(message.text, "setup ")) {
      setup_ = after_word(message.text);
    } else if (message.text == "exec" || starts_with(message.text, "exec ")) {
      if (message.sender <= 0) throw JudgeFault("judge-box's exec message carried no pid");
      program_pid_ = message.sender;
      program_started_at_ = exec_time(message.text);
      const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, program_pid_, 0));
      if (pidfd >= 0) {
        ::fcntl(pidfd, F_SETFD, FD_CLOEXEC);
        program_pidfd_ = UniqueFd(pidfd);
      }
      return;
    } else if (starts_with(message.text, "exec-error ")) {
      throw ProgramNotExecutable(exec_error_message(after_word(message.text)));
    } else {
      throw JudgeFault(fmt::format("judge-box sent an unknown message: {}", message.text));
    }
  }
}

BoxChannel::State BoxChannel::poll_end() {
  for (;;) {
    Message message;
    const Received got = receive_message(fd(), message);
    if (got == Received::end_of_file) return State::box_gone;
    if (got == Received::nothing) {
      // The program may have ended already while its init is still reaping it and
      // ending the rest of its namespace: then the report is a moment away. Waiting
      // for it here keeps "running" meaning "the program has not ended", as for an
      // unboxed child: the judge must not mistake a program that died on its own (an
      // OOM kill, a crash) for one it has still to kill.
      if (!program_ended() || !wait_readable(fd(), report_wait_ms)) return State::running;
      continue;
    }
    if (starts_with(message.text, "exec-error ")) {
      exec_error_ = exec_error_message(after_word(message.text));
      const auto parsed = nlohmann::json::parse(after_word(message.text), nullptr, false);
      if (parsed.is_object() && parsed.contains("errno") && parsed["errno"].is_number_integer())
        exec_errno_ = parsed["errno"].get<int>();
    } else if (starts_with(message.text, "exit ")) {
      exit_ = after_word(message.text);
      return State::reported;
    }
  }
}

ExitFacts BoxChannel::reported_exit() const {
  ExitFacts facts;
  const nlohmann::json report = nlohmann::json::parse(exit_, nullptr, false);
  if (!report.is_object()) return facts;
  facts.signaled = report.value("signaled", false);
  facts.exit_code = report.value("exit_code", 0);
  facts.signal = report.value("signal", 0);
  facts.cpu_ms = report.value("cpu_us", std::int64_t{0}) / 1000;
  facts.peak_kib = report.value("maxrss_kib", std::int64_t{0});
  return facts;
}

bool BoxChannel::cpu_limit_hit() const {
  const nlohmann::json report = nlohmann::json::parse(exit_, nullptr, false);
  return report.is_object() && report.value("cpu_limit_hit", false);
}

void BoxChannel::close() {
  judge_end_.reset();
  box_end_.reset();
  program_pidfd_.reset();
}

bool BoxChannel::program_ended() const {
  if (!program_pidfd_.valid()) return false;
  struct pollfd ended {program_pidfd_.get(), POLLIN, 0};
  return ::poll(&ended, 1, 0) == 1;
}

void BoxChannel::kill_program() const {
  // Through the pidfd (ESRCH when gone); without pidfds (old kernels) by pid: the
  // box's report is then moments away, so the pid cannot have been reused yet.
  if (program_pidfd_.valid())
    ::syscall(SYS_pidfd_send_signal, program_pidfd_.get(), SIGKILL, nullptr, 0);
  else if (program_pid_ > 0)
    ::kill(program_pid_, SIGKILL);
}

}  // namespace judge
