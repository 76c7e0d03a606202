#include "process/box_server.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/parse_number.hpp"
#include "process/box_request.hpp"

namespace judge {
namespace {

// The request as the server reads it: what ChildSetup would do in the child, and
// judge-box's own arguments. nullopt when the server cannot take it.
std::optional<BoxRequest> make_request(const SpawnRequest& request, int report_fd, std::vector<int>& fds) {
  // The server gives B exactly the descriptors named: a child that inherits one of the
  // judge's own (-1) or has no environment of its own is executed. The working
  // directory is not B's business: the program's is the box's (--workdir), and B
  // starts in / (serve.cpp).
  if (request.stdin_fd < 0 || request.stdout_fd < 0 || request.stderr_fd < 0 || !request.environment ||
      request.box_fds.size() > SpawnRequest::max_box_fds)
    return std::nullopt;
  BoxRequest box;
  // B's CPUs as vfork would have given them: the spawn's CPU, else the calling
  // thread's own (kept off a pinned test's CPU: B's setup runs beside the interactor's
  // start, not on its CPU).
  if (request.cpu >= 0) {
    box.cpus = {request.cpu};
  } else if (cpu_set_t mine; ::sched_getaffinity(0, sizeof mine, &mine) == 0) {
    for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
      if (CPU_ISSET(cpu, &mine)) box.cpus.push_back(cpu);
  }
  const ChildRlimits limits = child_rlimits(request.limits);
  for (std::size_t i = 0; i < limits.count; ++i)
    box.rlimits.push_back({limits.items[i].resource, limits.items[i].soft, limits.items[i].hard});
  fds = {request.stdin_fd, request.stdout_fd, request.stderr_fd, report_fd};
  box.targets = {0, 1, 2, 3};
  if (request.box_watch_fd >= 0) {
    fds.push_back(request.box_watch_fd);
    box.targets.push_back(4);
  }
  for (std::size_t i = 0; i < request.box_fds.size(); ++i) {
    fds.push_back(request.box_fds[i]->get());
    box.targets.push_back(5 + static_cast<int>(i));
  }
  box.argv.assign(request.argv.begin() + 1, request.argv.end());
  for (const auto& [key, value] : *request.environment) box.env.push_back(key + "=" + value);
  for (const auto& [key, value] : request.extra_env) box.env.push_back(key + "=" + value);
  return box;
}

// One message with descriptors; false when the server is gone (EPIPE, ECONNRESET).
bool send_with_fds(int socket, const std::string& bytes, const std::vector<int>& fds) {
  struct iovec iov {
    const_cast<char*>(bytes.data()), bytes.size()
  };
  struct msghdr message {};
  message.msg_iov = &iov;
  message.msg_iovlen = 1;
  std::vector<char> space(CMSG_SPACE(sizeof(int) * fds.size()));
  message.msg_control = space.data();
  message.msg_controllen = space.size();
  struct cmsghdr* header = CMSG_FIRSTHDR(&message);
  header->cmsg_level = SOL_SOCKET;
  header->cmsg_type = SCM_RIGHTS;
  header->cmsg_len = CMSG_LEN(sizeof(int) * fds.size());
  std::memcpy(CMSG_DATA(header), fds.data(), sizeof(int) * fds.size());
  ssize_t sent = 0;
  // MSG_NOSIGNAL: a server that died is an error code here, never the judge's SIGPIPE.
  while ((sent = ::sendmsg(socket, &message, MSG_NOSIGNAL)) < 0 && errno == EINTR) {
  }
  return sent == static_cast<ssize_t>(bytes.size());
}

struct Reply {
  std::string text;
  UniqueFd fd;
};

// The server's answer; nullopt when it is gone (end of file) or said nothing in 10 s.
std::optional<Reply> receive_reply(int socket) {
  struct pollfd wait {
    socket, POLLIN, 0
  };
  int ready = 0;
  while ((ready = ::poll(&wait, 1, 10000)) < 0 && errno == EINTR) {
  }
  if (ready <= 0) return std::nullopt;
  char text[256];
  alignas(struct cmsghdr) char space[CMSG_SPACE(sizeof(int))];
  struct iovec iov {
    text, sizeof text
  };
  struct msghdr message {};
  message.msg_iov = &iov;
  message.msg_iovlen = 1;
  message.msg_control = space;
  message.msg_controllen = sizeof space;
  ssize_t n = 0;
  while ((n = ::recvmsg(socket, &message, MSG_CMSG_CLOEXEC)) < 0 && errno == EINTR) {
  }
  if (n <= 0) return std::nullopt;
  Reply reply;
  reply.text.assign(text, static_cast<std::size_t>(n));
  for (struct cmsghdr* header = CMSG_FIRSTHDR(&message); header != nullptr; header = CMSG_NXTHDR(&message, header)) {
    if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
    int fd = -1;
    std::memcpy(&fd, CMSG_DATA(header), sizeof fd);
    reply.fd = UniqueFd(fd);
  }
  return reply;
}

bool server_alive(const ExitingBox& server) {
  if (!server.pidfd.valid()) return false;
  struct pollfd ended {
    server.pidfd.get(), POLLIN, 0
  };
  return ::poll(&ended, 1, 0) == 0;
}

}  // namespace

BoxServer::BoxServer(std::filesystem::path box_executable) : executable_(std::move(box_executable)) {}

BoxServer::~BoxServer() { shut_down(); }

void BoxServer::shut_down() {
  std::lock_guard lock(mutex_);
  stop();
}

void BoxServer::prepare() {
  std::lock_guard lock(mutex_);
  ensure_running();
}

pid_t BoxServer::pid() const {
  std::lock_guard lock(mutex_);
  return server_.pidfd.valid() ? server_.pid : -1;
}

void BoxServer::stop() {
  // The end of file ends the server; boxes still running end with it (their
  // parent-death signal). One that does not end at once is killed.
  control_.reset();
  if (!server_.pidfd.valid()) return;
  struct pollfd ended {
    server_.pidfd.get(), POLLIN, 0
  };
  if (::poll(&ended, 1, 1000) == 0) ::syscall(SYS_pidfd_send_signal, server_.pidfd.get(), SIGKILL, nullptr, 0);
  server_.reap(true);
}

bool BoxServer::ensure_running() {
  if (control_.valid() && server_alive(server_)) return true;
  stop();  // a server that died (killed by a kill_orphans that did not spare it) is reaped
  int ends[2];
  if (::socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, ends) != 0) return false;
  UniqueFd judge_end(ends[0]);
  UniqueFd server_end(ends[1]);
  // Its standard descriptors are /dev/null: it never writes, and must not hold the
  // judge's own (a pipe a caller waits to see closed). Each box gets the request's.
  UniqueFd null(::open("/dev/null", O_RDWR | O_CLOEXEC));
  if (!null.valid()) return false;
  SpawnRequest spawn;
  spawn.argv = {executable_.string(), "--serve"};
  // The test hook JUDGE_TEST_NO_FILE_STORE=1 (bench.py row 3e): the server keeps no
  // store of large files, and each box copies them again, into a store of its own, as
  // an executed judge-box does (judge/box/file_store.hpp).
  if (const char* no_store = std::getenv("JUDGE_TEST_NO_FILE_STORE");
      no_store != nullptr && std::string_view(no_store) == "1")
    spawn.argv.push_back("--no-file-store");
  spawn.stdin_fd = spawn.stdout_fd = spawn.stderr_fd = null.get();
  spawn.environment = Environment{};
  spawn.control_fd = server_end.get();
  try {
    server_ = Process::spawn(spawn).release();
  } catch (const JudgeFault&) {
    return false;  // judge-box cannot be started: the boxes are executed, which says why
  }
  control_ = std::move(judge_end);
  ++starts_;
  return true;
}

std::optional<BoxServer::StartedBox> BoxServer::start(const SpawnRequest& request, int report_fd) {
  std::vector<int> fds;
  const std::optional<BoxRequest> box = make_request(request, report_fd, fds);
  if (!box) return std::nullopt;
  const std::string bytes = encode_box_request(*box);
  if (bytes.size() > box_request_max_bytes) return std::nullopt;
  std::lock_guard lock(mutex_);
  // A server that is gone is started again, once: a request it never took is sent to
  // the new one (nothing of it has run). One that took the request and then said
  // nothing may have forked the box: that is the judge's own failure, not retried.
  bool sent = false;
  for (int attempt = 0; attempt < 2 && !sent; ++attempt) {
    if (!ensure_running()) return std::nullopt;
    sent = send_with_fds(control_.get(), bytes, fds);
    if (!sent) stop();
  }
  if (!sent) return std::nullopt;
  std::optional<Reply> reply = receive_reply(control_.get());
  if (!reply) {
    stop();
    throw JudgeFault(fmt::format("cannot start {}: the judge-box server ended without an answer", request.argv[0]));
  }
  if (reply->text.rfind("started ", 0) == 0) {
    const std::optional<pid_t> pid = parse_integer<pid_t>(std::string_view(reply->text).substr(8));
    if (pid && *pid > 0 && reply->fd.valid()) return StartedBox{*pid, std::move(reply->fd)};
  }
  throw JudgeFault(fmt::format("cannot start {}: the judge-box server says: {}", request.argv[0], reply->text));
}

}  // namespace judge
