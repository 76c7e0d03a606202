// WorkerPool runs jobs in worker processes, at most `size` at once. The judge's
// process handling is single-threaded by design (kill_orphans waits on any child,
// and the judge is a child subreaper), so parallel work cannot be threads: each job
// runs in a child forked from the batch process, which only schedules, journals and
// aggregates.
//
// A worker, right after fork: restores SIGINT/SIGTERM to their defaults, asks for
// SIGKILL when the batch process dies (PR_SET_PDEATHSIG; the processes it starts
// ask the same of it, so a SIGKILLed batch leaves nothing running), becomes a child
// subreaper (orphans of its test are its own to kill), runs the job, sends the
// job's JSON back through a close-on-exec pipe and leaves with _exit (no atexit
// handlers, no stdio buffers of the parent flushed twice).
//
//   batch process ──fork──▶ worker ──spawn──▶ interactor + submission
//         ▲                   │
//         └──── pipe: {"result": ...} or {"error": "..."} ──┘
//
// The messages on these pipes are CBOR (worker_message / read_worker_message), not
// JSON text: a job and its answer carry paths and messages byte for byte, and a
// path need not be UTF-8 (a participant folder `bad\xff\xfe`), which JSON text
// cannot hold. A message that starts with '{' is read as JSON text (a program that
// writes JSON, as the tests' shell workers do; CBOR never starts with '{' for a map).
#pragma once

#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/unique_fd.hpp"

namespace judge {

// A message to or from a worker (CBOR, above).
std::string worker_message(const nlohmann::json& message);
// The message read back; discarded (is_discarded()) when it is cut short or garbage.
nlohmann::json read_worker_message(const std::string& bytes);

class WorkerPool {
 public:
  using Job = std::function<nlohmann::json()>;

  struct Finished {
    std::uint64_t tag = 0;
    bool ok = false;
    nlohmann::json result;  // the job's JSON, when ok
    std::string error;      // why not: the job threw, or the worker died (how)
  };

  explicit WorkerPool(std::size_t size);
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool();  // kills and reaps the workers still running

  std::size_t size() const { return size_; }
  std::size_t running() const { return workers_.size(); }
  bool has_free_slot() const { return workers_.size() < size_; }

  // Forks a worker for `job`; `tag` names it in Finished. Throws JudgeFault
  // if fork or pipe fails. Call only with a free slot.
  void start(std::uint64_t tag, const Job& job);

  // Forks a worker that executes `argv` (a fresh program image: `judge batch-worker`)
  // with `input` on its stdin; the program writes {"result": ...} or {"error": ...}
  // on its stdout. Needed where the worker's own size shows: a process started with
  // vfork inherits its starter's peak RSS (ru_maxrss), so tests are started from a
  // small, freshly executed judge, as `judge run` starts them.
  void start_program(std::uint64_t tag, const std::vector<std::string>& argv,
                     const std::string& input);

  // Waits until a worker finishes, `wake_fd` (if >= 0) becomes readable, or
  // `timeout` passes; returns the workers that finished (possibly none).
  std::vector<Finished> wait(std::chrono::milliseconds timeout, int wake_fd = -1);

  // SIGKILL to every running worker, then reaps them.
  void kill_all();

 private:
  struct Worker {
    pid_t pid = -1;
    UniqueFd output;
    std::string received;
  };
  Finished reap(std::uint64_t tag, Worker& worker);
  // After the fork: the judge keeps only the read end of the worker's output.
  void add(std::uint64_t tag, pid_t pid, UniqueFd read_end, UniqueFd write_end);

  std::size_t size_;
  std::map<std::uint64_t, Worker> workers_;
};

}  // namespace judge
