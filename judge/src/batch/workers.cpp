#include "batch/workers.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

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
    if (::dup2(input_read.get(), STDIN_FILENO) < 0 || ::dup2(write_end.get(), STDOUT_FILENO) < 0)
      ::_exit(2);
    ::execv(args[0], args.data());
    const std::string message =
        worker_message({{"error", fmt::format("cannot execute {}: {}", argv[0], std::strerror(errno))}});
    write_all_or_exit(STDOUT_FILENO, message);
    ::_exit(0);
  }
  input_read.reset();
  add(tag, pid, std::move(read_end), std::move(write_end));
}

WorkerPool::Finished WorkerPool::reap(std::uint64_t tag, Worker& worker) {
  Finished finished;
  finished.tag = tag;
  int status = 0;
  while (::waitpid(worker.pid, &status, 0) < 0 && errno == EINTR) {
  }
  const bool clean_exit = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  const nlohmann::json message = read_worker_message(worker.received);
  if (clean_exit && message.is_object() && message.contains("result")) {
    finished.ok = true;
    finished.result = message["result"];
  } else if (clean_exit && message.is_object() && message.contains("error")) {
    finished.error = message["error"].get<std::string>();
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
  if (wake_fd >= 0) fds.push_back({wake_fd, POLLIN, 0});
  std::vector<Finished> finished;
  if (fds.empty()) return finished;
  const int ready = ::poll(fds.data(), fds.size(), static_cast<int>(timeout.count()));
  if (ready <= 0) return finished;  // timeout, or EINTR: the caller looks again
  for (std::size_t i = 0; i < tags.size(); ++i) {
    if (fds[i].revents == 0) continue;
    Worker& worker = workers_.at(tags[i]);
    bool ended = false;
    char buffer[1 << 16];
    for (;;) {
      const ssize_t n = ::read(worker.output.get(), buffer, sizeof buffer);
      if (n > 0) {
        worker.received.append(buffer, static_cast<std::size_t>(n));
        continue;
      }
      if (n < 0 && errno == EINTR) continue;
      ended = n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK);
      break;
    }
    if (!ended) continue;
    finished.push_back(reap(tags[i], worker));
    workers_.erase(tags[i]);
  }
  return finished;
}

void WorkerPool::kill_all() {
  for (auto& [tag, worker] : workers_) ::kill(worker.pid, SIGKILL);
  for (auto& [tag, worker] : workers_) {
    while (::waitpid(worker.pid, nullptr, 0) < 0 && errno == EINTR) {
    }
  }
  workers_.clear();
}

}  // namespace judge
