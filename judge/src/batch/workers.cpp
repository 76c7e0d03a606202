#include "batch/workers.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <stdexcept>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "process/process.hpp"

namespace judge {

std::string worker_message(const nlohmann::json& message) {
  const std::vector<std::uint8_t> bytes = nlohmann::json::to_cbor(message);
  return std::string(bytes.begin(), bytes.end());
}

nlohmann::json read_worker_message(const std::string& bytes) {
  if (!bytes.empty() && bytes.front() == '{') return nlohmann::json::parse(bytes, nullptr, false);
  return nlohmann::json::from_cbor(bytes, true, false);
}

std::string frame_message(const std::string& message) {
  const auto size = static_cast<std::uint32_t>(message.size());
  std::string framed{static_cast<char>(size >> 24), static_cast<char>(size >> 16), static_cast<char>(size >> 8),
                     static_cast<char>(size)};
  return framed + message;
}

std::optional<std::string> take_framed_message(std::string& buffer) {
  if (buffer.size() < 4) return std::nullopt;
  std::uint32_t size = 0;
  for (int i = 0; i < 4; ++i) size = (size << 8) | static_cast<unsigned char>(buffer[static_cast<std::size_t>(i)]);
  if (buffer.size() - 4 < size) return std::nullopt;
  std::string message = buffer.substr(4, size);
  buffer.erase(0, 4 + static_cast<std::size_t>(size));
  return message;
}

namespace {

void write_all_or_exit(int fd, const std::string& text) {
  std::size_t written = 0;
  while (written < text.size()) {
    const ssize_t n = ::write(fd, text.data() + written, text.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) ::_exit(2);
    written += static_cast<std::size_t>(n);
  }
}

// The first steps of every worker, right after fork.
void become_worker(pid_t parent) {
  ::signal(SIGINT, SIG_DFL);
  ::signal(SIGTERM, SIG_DFL);
  ::signal(SIGHUP, SIG_DFL);
  sigset_t none;
  sigemptyset(&none);
  ::sigprocmask(SIG_SETMASK, &none, nullptr);  // the batch process blocks SIGINT/SIGTERM/SIGHUP
  ::prctl(PR_SET_PDEATHSIG, SIGKILL);          // kept across exec
  if (::getppid() != parent) ::_exit(1);       // the batch process died before prctl
}

[[noreturn]] void run_worker(pid_t parent, int output_fd, const WorkerPool::Job& job) {
  become_worker(parent);
  become_subreaper();
  nlohmann::json message;
  try {
    message = {{"result", job()}};
  } catch (const std::exception& error) {
    message = {{"error", error.what()}};
  } catch (...) {
    message = {{"error", "unknown exception"}};
  }
  kill_orphans();
  write_all_or_exit(output_fd, worker_message(message));
  ::_exit(0);
}

// Forks a worker that executes `args` with `stdin_fd` and `stdout_fd` as its
// descriptors 0 and 1; every other descriptor of the judge is close-on-exec.
pid_t exec_worker(const std::vector<std::string>& argv, int stdin_fd, int stdout_fd) {
  std::vector<char*> args;
  for (const auto& arg : argv) args.push_back(const_cast<char*>(arg.c_str()));
  args.push_back(nullptr);
  std::fflush(nullptr);
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw JudgeFault(fmt::format("cannot fork: {}", std::strerror(errno)));
  if (pid == 0) {
    become_worker(parent);
    // dup2 clears close-on-exec on the copies: exactly stdin and stdout are passed.
    if (::dup2(stdin_fd, STDIN_FILENO) < 0 || ::dup2(stdout_fd, STDOUT_FILENO) < 0) ::_exit(2);
    ::execv(args[0], args.data());
    const std::string message =
        worker_message({{"error", fmt::format("cannot execute {}: {}", argv[0], std::strerror(errno))}});
    write_all_or_exit(STDOUT_FILENO, message);
    ::_exit(0);
  }
  return pid;
}

// A finished job from the worker's message; nullopt when it is neither.
std::optional<WorkerPool::Finished> finished_from_message(std::uint64_t tag, const nlohmann::json& message) {
  WorkerPool::Finished finished;
  finished.tag = tag;
  if (message.is_object() && message.contains("result")) {
    finished.ok = true;
    finished.result = message["result"];
  } else if (message.is_object() && message.contains("error") && message["error"].is_string()) {
    finished.error = message["error"].get<std::string>();
  } else {
    return std::nullopt;
  }
  return finished;
}

// Sends all of `bytes` on a blocking socket; false when the peer is gone. MSG_NOSIGNAL:
// a worker that died makes this EPIPE, never SIGPIPE, whatever the process does with
// SIGPIPE (the judge ignores it; a test binary may not).
bool send_all(int socket, const std::string& bytes) {
  std::size_t sent = 0;
  while (sent < bytes.size()) {
    const ssize_t n = ::send(socket, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    sent += static_cast<std::size_t>(n);
  }
  return true;
}

// Appends what `fd` holds now to `into`, without waiting; returns whether it ended
// (end-of-file or an error). A socket is read with MSG_DONTWAIT (it stays blocking for
// send_all); a pipe is non-blocking itself (WorkerPool::add).
bool drain(int fd, std::string& into, bool socket) {
  char buffer[1 << 16];
  for (;;) {
    const ssize_t n = socket ? ::recv(fd, buffer, sizeof buffer, MSG_DONTWAIT) : ::read(fd, buffer, sizeof buffer);
    if (n > 0) {
      into.append(buffer, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    return n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
  }
}

void reap_pid(pid_t pid, int* status) {
  while (::waitpid(pid, status, 0) < 0 && errno == EINTR) {
  }
}

}  // namespace

WorkerPool::WorkerPool(std::size_t size) : size_(size == 0 ? 1 : size) {}

WorkerPool::~WorkerPool() { kill_all(); }

void WorkerPool::start(std::uint64_t tag, const Job& job) {
  int fds[2];
  if (::pipe2(fds, O_CLOEXEC) != 0) throw JudgeFault(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
  UniqueFd read_end(fds[0]), write_end(fds[1]);
  std::fflush(nullptr);  // nothing buffered is written twice
  const pid_t parent = ::getpid();
  const pid_t pid = ::fork();
  if (pid < 0) throw JudgeFault(fmt::format("cannot fork: {}", std::strerror(errno)));
  if (pid == 0) {
    read_end.reset();
    run_worker(parent, write_end.get(), job);
  }
  add(tag, pid, std::move(read_end), std::move(write_end));
}

void WorkerPool::add(std::uint64_t tag, pid_t pid, UniqueFd read_end, UniqueFd write_end) {
  write_end.reset();
  ::fcntl(read_end.get(), F_SETFL, O_NONBLOCK);
  Worker worker;
  worker.pid = pid;
  worker.output = std::move(read_end);
  workers_.emplace(tag, std::move(worker));
}

void WorkerPool::start_program(std::uint64_t tag, const std::vector<std::string>& argv,
                               const std::string& input) {
  int out[2], in[2];
  if (::pipe2(out, O_CLOEXEC) != 0) throw JudgeFault(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
  UniqueFd read_end(out[0]), write_end(out[1]);
  if (::pipe2(in, O_CLOEXEC) != 0) throw JudgeFault(fmt::format("cannot make a pipe: {}", std::strerror(errno)));
  UniqueFd input_read(in[0]), input_write(in[1]);
  // The job goes into the pipe before the fork, while the judge still holds the
  // read end: written after it, a worker that failed to exec and already exited
  // would leave no reader, and the write would raise SIGPIPE in the judge (seen
  // in CI). The job is small (paths and limits); the pipe is grown if needed.
  if (input.size() > 65536 &&
      ::fcntl(input_write.get(), F_SETPIPE_SZ, static_cast<int>(input.size())) < 0)
    throw JudgeFault(
        fmt::format("a worker's job of {} bytes does not fit a pipe: {}", input.size(), std::strerror(errno)));
  std::size_t written = 0;
  while (written < input.size()) {
    const ssize_t n = ::write(input_write.get(), input.data() + written, input.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) throw JudgeFault(fmt::format("cannot pass a job to a worker: {}", std::strerror(errno)));
    written += static_cast<std::size_t>(n);
  }
  // Closed now, so the worker sees end-of-file after the job.
  input_write.reset();
  const pid_t pid = exec_worker(argv, input_read.get(), write_end.get());
  // The worker holds its copies; the judge's are closed so that the output pipe ends
  // (end-of-file) when the worker does.
  input_read.reset();
  add(tag, pid, std::move(read_end), std::move(write_end));
}

std::size_t WorkerPool::running() const {
  std::size_t busy = 0;
  for (const auto& server : servers_) busy += server.job ? 1 : 0;
  return workers_.size() + busy;
}

std::size_t WorkerPool::idle_server(const std::vector<std::string>& argv) {
  for (std::size_t i = 0; i < servers_.size(); ++i)
    if (!servers_[i].job) return i;
  // One socket pair per worker: the judge's end carries jobs out and answers in, the
  // worker's end becomes its stdin and stdout. A socket rather than two pipes: a job
  // sent to a worker that died fails with EPIPE (send_all) instead of raising SIGPIPE,
  // and shutdown() ends the worker's input even while a forked compile worker holds
  // a copy of the judge's end (fork keeps descriptors; only exec closes them).
  int fds[2];
  if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0)
    throw JudgeFault(fmt::format("cannot make a socket pair: {}", std::strerror(errno)));
  UniqueFd ours(fds[0]), theirs(fds[1]);
  Server server;
  // The lowest slot number no live worker has: `--slot N` tells the worker which one.
  while (std::any_of(servers_.begin(), servers_.end(), [&](const Server& other) { return other.slot == server.slot; }))
    ++server.slot;
  std::vector<std::string> args = argv;
  args.insert(args.end(), {"--slot", std::to_string(server.slot)});
  server.pid = exec_worker(args, theirs.get(), theirs.get());
  // Only the worker holds its end now: when it dies, the judge reads end-of-file.
  theirs.reset();
  server.socket = std::move(ours);
  servers_.push_back(std::move(server));
  ++servers_started_;
  return servers_.size() - 1;
}

void WorkerPool::start_served(std::uint64_t tag, const std::vector<std::string>& argv, const std::string& input) {
  const std::string framed = frame_message(input);
  // A worker that ended while idle (it is reaped here) is replaced once.
  for (int attempt = 0; attempt < 2; ++attempt) {
    const std::size_t index = idle_server(argv);
    if (send_all(servers_[index].socket.get(), framed)) {
      servers_[index].job = tag;
      return;
    }
    end_server(servers_[index], true);
    servers_.erase(servers_.begin() + static_cast<std::ptrdiff_t>(index));
  }
  throw JudgeFault(fmt::format("cannot pass a job to a batch worker: {}", std::strerror(errno)));
}

void WorkerPool::read_server(Server& server, bool& ended, std::vector<Finished>& finished) {
  ended = drain(server.socket.get(), server.received, true);
  // Answers come in the order the jobs were sent: the running job's first, then the
  // queued one's, which runs from that answer on.
  while (server.job) {
    const std::optional<std::string> message = take_framed_message(server.received);
    if (!message) return;
    std::optional<Finished> answer = finished_from_message(*server.job, read_worker_message(*message));
    if (!answer) {
      answer = Finished{};
      answer->tag = *server.job;
      answer->error = "the worker's answer is not CBOR {\"result\"} or {\"error\"}";
    }
    server.job = server.queued;
    server.queued.reset();
    answer->started_next = server.job;
    finished.push_back(std::move(*answer));
  }
}

bool WorkerPool::can_queue() const {
  return std::any_of(servers_.begin(), servers_.end(),
                     [](const Server& server) { return server.job && !server.queued && server.socket.valid(); });
}

bool WorkerPool::queue_served(std::uint64_t tag, const std::string& input) {
  for (auto& server : servers_) {
    if (!server.job || server.queued || !server.socket.valid()) continue;
    // A job is small (paths and limits): it fits the socket's buffer, so this does not
    // wait for the worker, which reads it only once its test has ended.
    if (!send_all(server.socket.get(), frame_message(input))) return false;
    server.queued = tag;
    return true;
  }
  return false;
}

void WorkerPool::end_server(Server& server, bool kill) {
  if (kill) ::kill(server.pid, SIGKILL);
  // End of input: the worker finishes and exits (batch/worker.hpp).
  if (server.socket.valid()) ::shutdown(server.socket.get(), SHUT_WR);
  server.socket.reset();
  reap_pid(server.pid, nullptr);
}

WorkerPool::Finished WorkerPool::reap(std::uint64_t tag, Worker& worker) {
  Finished finished;
  finished.tag = tag;
  int status = 0;
  reap_pid(worker.pid, &status);
  const bool clean_exit = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  const auto answer = finished_from_message(tag, read_worker_message(worker.received));
  if (clean_exit && answer) {
    finished = *answer;
  } else if (WIFSIGNALED(status)) {
    finished.error = fmt::format("the worker was killed by {}", signal_name(WTERMSIG(status)));
  } else {
    finished.error = fmt::format("the worker exited with status {} and no result",
                                 WIFEXITED(status) ? WEXITSTATUS(status) : -1);
  }
  return finished;
}

std::vector<WorkerPool::Finished> WorkerPool::wait(std::chrono::milliseconds timeout,
                                                   int wake_fd) {
  std::vector<pollfd> fds;
  std::vector<std::uint64_t> tags;
  for (auto& [tag, worker] : workers_) {
    fds.push_back({worker.output.get(), POLLIN, 0});
    tags.push_back(tag);
  }
  // Idle serving workers are watched too: one that ends between jobs is reaped here.
  for (const auto& server : servers_) fds.push_back({server.socket.get(), POLLIN, 0});
  if (wake_fd >= 0) fds.push_back({wake_fd, POLLIN, 0});
  std::vector<Finished> finished;
  if (fds.empty()) return finished;
  const int ready = ::poll(fds.data(), fds.size(), static_cast<int>(timeout.count()));
  if (ready <= 0) return finished;  // timeout, or EINTR: the caller looks again
  for (std::size_t i = 0; i < tags.size(); ++i) {
    if (fds[i].revents == 0) continue;
    Worker& worker = workers_.at(tags[i]);
    if (!drain(worker.output.get(), worker.received, false)) continue;
    finished.push_back(reap(tags[i], worker));
    workers_.erase(tags[i]);
  }
  wait_servers(fds, tags.size(), finished);
  return finished;
}

void WorkerPool::wait_servers(const std::vector<pollfd>& fds, std::size_t first, std::vector<Finished>& finished) {
  std::vector<Server> kept;
  for (std::size_t i = 0; i < servers_.size(); ++i) {
    Server& server = servers_[i];
    bool ended = false;
    if (fds[first + i].revents != 0) read_server(server, ended, finished);
    if (!ended) {
      kept.push_back(std::move(server));
      continue;
    }
    // The worker ended (its socket's end-of-file): it crashed or was killed, since it
    // only ends on its own when the judge ends its input.
    int status = 0;
    server.socket.reset();
    reap_pid(server.pid, &status);
    // Both jobs it held are lost: the queued one first, so that a batch that puts them
    // back in front of its queue runs them in their order.
    for (const auto& tag : {server.queued, server.job}) {
      if (!tag) continue;
      Finished lost;
      lost.tag = *tag;
      lost.worker_died = true;
      lost.error = WIFSIGNALED(status) ? fmt::format("the batch worker was killed by {}", signal_name(WTERMSIG(status)))
                                       : fmt::format("the batch worker exited with status {} during the test",
                                                     WIFEXITED(status) ? WEXITSTATUS(status) : -1);
      finished.push_back(std::move(lost));
    }
  }
  servers_ = std::move(kept);
}

void WorkerPool::end_idle_servers() {
  std::vector<Server> kept;
  for (auto& server : servers_) {
    if (server.job) {
      kept.push_back(std::move(server));
      continue;
    }
    // Its input ends here; its socket stays open until it is reaped, so that what it
    // may still write does not meet a closed socket.
    if (server.socket.valid()) ::shutdown(server.socket.get(), SHUT_WR);
    leaving_.push_back(std::move(server));
  }
  servers_ = std::move(kept);
}

void WorkerPool::kill_all() {
  for (auto& [tag, worker] : workers_) ::kill(worker.pid, SIGKILL);
  for (auto& [tag, worker] : workers_) reap_pid(worker.pid, nullptr);
  workers_.clear();
  // A serving worker running a test is killed; an idle one has nothing to lose and
  // leaves on its own once its input ends (it removes its temporaries).
  for (auto& server : servers_) end_server(server, server.job.has_value());
  servers_.clear();
  for (auto& server : leaving_) end_server(server, false);
  leaving_.clear();
}

}  // namespace judge
