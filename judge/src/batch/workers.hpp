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
// Tests of a batch run on long-lived workers instead (start_served): a worker
// executes `judge batch-worker --serve` once per slot and takes job after job on
// one socket, each message framed (frame_message: a 4-byte big-endian length, then
// the message), until the batch closes its end. The worker keeps its CPU claim,
// network namespace and loaded problems; every test still gets a fresh judge-box.
//
//   batch process ══ socket: framed job ═▶ judge batch-worker --serve ──▶ test, test, ...
//         ▲                                        │
//         └══════ socket: framed answer ═══════════┘
//
// The socket (one AF_UNIX stream pair per worker): the batch holds one end, close-on-
// exec, for jobs out and answers in; the worker gets the other as stdin and stdout
// and the batch closes its copy at once, so the worker's death reads as end-of-file
// (reaped then; the job it ran, and the one queued behind it, come back with
// worker_died). A worker holds at most two jobs: the one it runs and one queued
// (queue_served), already in its socket when the test before ends. The batch ends an idle
// worker with shutdown(SHUT_WR): end-of-file on its stdin, and it exits 0 after
// removing its temporaries. A job sent to a worker that died is EPIPE (MSG_NOSIGNAL),
// never SIGPIPE.
//
// The messages on these pipes are CBOR (worker_message / read_worker_message), not
// JSON text: a job and its answer carry paths and messages byte for byte, and a
// path need not be UTF-8 (a participant folder `bad\xff\xfe`), which JSON text
// cannot hold. A message that starts with '{' is read as JSON text (a program that
// writes JSON, as the tests' shell workers do; CBOR never starts with '{' for a map).
#pragma once

#include <poll.h>
#include <sys/types.h>

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/unique_fd.hpp"

namespace judge {

// A message to or from a worker (CBOR, above).
std::string worker_message(const nlohmann::json& message);
// The message read back; discarded (is_discarded()) when it is cut short or garbage.
nlohmann::json read_worker_message(const std::string& bytes);
// A message framed for a serving worker's socket: its length (4 bytes, big-endian), then it.
std::string frame_message(const std::string& message);
// The first framed message at the start of `buffer`, removed from it; nullopt while
// it is incomplete.
std::optional<std::string> take_framed_message(std::string& buffer);

class WorkerPool {
 public:
  using Job = std::function<nlohmann::json()>;

  struct Finished {
    std::uint64_t tag = 0;
    bool ok = false;
    nlohmann::json result;  // the job's JSON, when ok
    std::string error;      // why not: the job threw, or the worker died (how)
    bool worker_died = false;  // a serving worker ended while it ran (or held) the job: worth a retry
    // The job queued on the same serving worker (queue_served), which it runs from now on.
    std::optional<std::uint64_t> started_next;
  };

  explicit WorkerPool(std::size_t size);
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;
  ~WorkerPool();  // kills and reaps the workers still running

  std::size_t size() const { return size_; }
  std::size_t running() const;
  bool has_free_slot() const { return running() < size_; }
  // Serving workers started so far (replacements of crashed ones included).
  std::size_t servers_started() const { return servers_started_; }

  // Forks a worker for `job`; `tag` names it in Finished. Throws JudgeFault
  // if fork or pipe fails. Call only with a free slot.
  void start(std::uint64_t tag, const Job& job);

  // Forks a worker that executes `argv` (a fresh program image: `judge batch-worker`)
  // with `input` on its stdin; the program writes {"result": ...} or {"error": ...}
  // on its stdout, and ends.
  void start_program(std::uint64_t tag, const std::vector<std::string>& argv,
                     const std::string& input);

  // Runs one job (`input`, a message) on an idle serving worker, started with `argv`
  // (`judge batch-worker --serve`) and `--slot N` (its slot, 0 .. size-1, distinct
  // among the live workers) when fewer than `size` serve. Its answer comes back
  // from wait() as from start_program; a worker that dies while it runs the job is
  // reaped, Finished::worker_died says so, and the next job starts a new one. Throws
  // JudgeFault if no worker can be started. Call only with a free slot.
  void start_served(std::uint64_t tag, const std::vector<std::string>& argv, const std::string& input);

  // Sends one job (`input`) to a serving worker that runs a job and has none queued: it
  // waits in the worker's socket, and the worker reads it while its test runs, to start
  // it as soon as that test has ended (batch/worker.hpp). A queued job is not running
  // (running(), has_free_slot()); its tag comes back as Finished::started_next with the
  // answer of the job before it, and, if the worker dies first, as a Finished of its
  // own with worker_died. Returns false when no worker can take it (none busy without
  // a queued job, or the send failed: that worker died, and wait() reports it).
  bool queue_served(std::uint64_t tag, const std::string& input);
  bool can_queue() const;

  // Waits until a worker finishes, `wake_fd` (if >= 0) becomes readable, or
  // `timeout` passes; returns the workers that finished (possibly none).
  std::vector<Finished> wait(std::chrono::milliseconds timeout, int wake_fd = -1);

  // Tells every idle serving worker to end (end-of-file on its input) and lets it go
  // without waiting: it is no longer one of the pool's workers (a later job starts a
  // new one), and kill_all reaps it. A batch calls this as soon as it has no job left
  // to give, so that the workers' own endings (their temporaries, namespaces and
  // cgroups) overlap the batch's last grading and writing instead of following them.
  void end_idle_servers();
  // SIGKILL to every running worker, then reaps them; idle serving workers are told
  // to end (their socket closed) and reaped, as are those ended before.
  void kill_all();

 private:
  struct Worker {
    pid_t pid = -1;
    UniqueFd output;
    std::string received;
  };
  // A long-lived worker (start_served): `job` is the tag it runs, if any.
  struct Server {
    pid_t pid = -1;
    UniqueFd socket;  // the batch's end: jobs out, answers in
    std::string received;
    std::optional<std::uint64_t> job;
    std::optional<std::uint64_t> queued;  // sent behind `job` (queue_served)
    std::size_t slot = 0;                 // 0 .. size-1, distinct among the live workers
  };
  Finished reap(std::uint64_t tag, Worker& worker);
  std::size_t idle_server(const std::vector<std::string>& argv);  // its index in servers_
  // Reads what a serving worker sent: its answers complete so far (a worker with a job
  // queued may have answered two), and whether it ended.
  void read_server(Server& server, bool& ended, std::vector<Finished>& finished);
  void end_server(Server& server, bool kill);
  // wait() for the serving workers, whose sockets are fds[first...].
  void wait_servers(const std::vector<pollfd>& fds, std::size_t first, std::vector<Finished>& finished);
  // After the fork: the judge keeps only the read end of the worker's output.
  void add(std::uint64_t tag, pid_t pid, UniqueFd read_end, UniqueFd write_end);

  std::size_t size_;
  std::map<std::uint64_t, Worker> workers_;
  std::vector<Server> servers_;
  std::vector<Server> leaving_;  // ended by end_idle_servers, not reaped yet
  std::size_t servers_started_ = 0;
};

}  // namespace judge
