#include "batch/worker.hpp"

#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <map>
#include <memory>
#include <optional>

#include "batch/facts.hpp"
#include "batch/workers.hpp"
#include "process/cpu_claim.hpp"
#include "process/private_tmpdir.hpp"
#include "process/process.hpp"
#include "run/runner.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

json make_worker_job(const JudgePaths& paths, const Problem& problem, const Submission& submission,
                     const TestCase& test, const std::optional<fs::path>& transcripts_dir,
                     const fs::path& out_dir, const BatchPlan& plan) {
  TestCase job_test = test;
  job_test.input = fs::absolute(test.input);
  return {{"source_dir", paths.source_dir.string()},
          {"build_dir", paths.build_dir.string()},
          {"problem", fs::absolute(problem.dir).string()},
          {"submission", json(submission)},
          {"test", json(job_test)},
          {"transcripts_dir", transcripts_dir ? json(fs::absolute(*transcripts_dir).string()) : json()},
          {"out_dir", fs::absolute(out_dir).string()},
          {"repeat", plan.repeat},
          {"rules", preset_name(plan.rules)},
          {"stderr_bytes", plan.stderr_bytes}};
}

namespace {

// What a serving worker keeps from one job to the next, as `judge run` keeps it from
// one test to the next: the problems it loaded (and the interactors and checkers their
// loading built), its CPU claim, and its executor, which holds the network namespace
// every test's box joins and makes each next test's cgroups and folders while a test
// runs (run/resources_ahead.hpp: every test still gets fresh ones). Made inside the
// worker's temporaries folder (PrivateTmpdir), which outlives it.
// A job as read: its message and its test, parsed once. The test keeps one address from
// the moment it is read until it has run: the executor knows a test it started ahead by
// its address (run/runner.hpp, expect_next).
struct ReadJob {
  json job;
  std::optional<TestCase> test;  // none when the job is not one (answered with an error)
};

std::unique_ptr<ReadJob> read_job(const std::string& message) {
  auto read = std::make_unique<ReadJob>();
  read->job = read_worker_message(message);
  try {
    if (read->job.is_object()) read->test = read->job.at("test").get<TestCase>();
  } catch (const std::exception&) {
    // Answered with the error when the job runs (run_job reads it again).
  }
  return read;
}

// A serving worker's input: framed jobs on its socket (descriptor 0). The batch sends a
// worker up to one job beyond the one it runs (batch/workers.hpp), so a job may arrive
// while a test runs; it is read then, without waiting, and kept in `queued` until the
// test has been answered: jobs are still answered one at a time, in order.
struct JobReader {
  int fd = STDIN_FILENO;
  std::string inbox;  // bytes read, not yet a whole job
  long jobs_started = 0;
  long die_at_job = 0;  // JUDGE_TEST_WORKER_DIE_AT_JOB (WorkerHooks)
  std::unique_ptr<ReadJob> queued;
};

struct WorkerState {
  std::map<std::string, Problem> problems;  // by the job's (source, build, problem) paths
  std::optional<CpuClaim> cpu_claim;
  ProcessExecutor executor;
  int slot = -1;                // `--slot N`: which of the batch's workers this is, if known
  JobReader* reader = nullptr;  // a serving worker's input (none for a single job)
};

// The next whole job on the reader's descriptor; `wait` false: only one already there
// (nullopt if not). nullopt at end of input (the batch is done with this worker). Read
// with poll and read rather than recv: the descriptor may be a pipe (tests).
std::optional<std::string> next_framed_job(JobReader& reader, bool wait) {
  for (;;) {
    if (std::optional<std::string> job = take_framed_message(reader.inbox)) return job;
    pollfd input{reader.fd, POLLIN, 0};
    if (!wait && ::poll(&input, 1, 0) <= 0) return std::nullopt;
    char buffer[1 << 16];
    const ssize_t n = ::read(reader.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return std::nullopt;
    reader.inbox.append(buffer, static_cast<std::size_t>(n));
  }
}

// The CPU of a worker that could claim none (every CPU claimed by other judges): the
// slot's among the CPUs it may use, so that the workers of one batch share CPUs with
// other judges but not with each other (as far as there are CPUs); -1 without a slot.
int shared_cpu_of_slot(int slot) {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (slot < 0 || ::sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) == 0) return -1;
  int nth = slot % CPU_COUNT(&set);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set) && nth-- == 0) return cpu;
  return -1;
}

const Problem& job_problem(const json& job, const JudgePaths& paths, WorkerState& state) {
  const std::string problem_dir = job.at("problem").get<std::string>();
  const std::string key = paths.source_dir.string() + '\0' + paths.build_dir.string() + '\0' + problem_dir;
  auto found = state.problems.find(key);
  if (found == state.problems.end()) found = state.problems.emplace(key, load_problem(problem_dir, paths)).first;
  return found->second;
}

// Called once a test has ended (ProcessExecutor::expect_next_when_ended): the test of
// the job queued behind `job`, read now if it has arrived, when it can start ahead on
// what `job` set up: the same job in every field but its test (problem, submission,
// transcripts, repeat, rules, stderr bytes). Else nullptr, and the job runs as if it had
// not been queued. Never throws (it runs inside the executor).
const TestCase* queued_test_like(const json& job, JobReader& reader) {
  try {
    if (!reader.queued) {
      const std::optional<std::string> message = next_framed_job(reader, false);
      if (!message) return nullptr;
      reader.queued = read_job(*message);
    }
    if (!reader.queued->test || !reader.queued->job.is_object()) return nullptr;
    json ours = job, theirs = reader.queued->job;
    ours.erase("test");
    theirs.erase("test");
    return ours == theirs ? &*reader.queued->test : nullptr;
  } catch (const std::exception&) {
    return nullptr;
  }
}

json run_job(const json& job, const TestCase& test, WorkerState& state) {
  const JudgePaths paths{job.at("source_dir").get<std::string>(), job.at("build_dir").get<std::string>()};
  const Problem& problem = job_problem(job, paths, state);
  const Submission submission = job.at("submission").get<Submission>();
  RunOptions options;
  options.limits = problem.limits;
  if (job.at("transcripts_dir").is_string()) options.transcripts_dir = job["transcripts_dir"].get<std::string>();
  // As `judge run --pin-cpu auto`: both processes of the test on a CPU no other
  // judge (no other worker) has claimed; claimed once, the claim ends with the worker.
  // A worker that found every CPU claimed (by other judges on the machine) shares one
  // chosen by its pid, without a claim: it tries again on each test, so that it does
  // not stay on a CPU another worker of the batch may share for the whole run.
  if (!state.cpu_claim || !state.cpu_claim->exclusive()) state.cpu_claim.emplace(CpuClaim::claim());
  options.cpu = state.cpu_claim->cpu();
  if (!state.cpu_claim->exclusive() && shared_cpu_of_slot(state.slot) >= 0)
    options.cpu = shared_cpu_of_slot(state.slot);
  options.repeat = job.value("repeat", 1);
  options.rules = parse_preset(job.value("rules", "icpc")).value_or(RulePreset::icpc);
  options.stderr_bytes = job.value("stderr_bytes", default_stderr_bytes);
  // The next job, when the batch queued one, starts as soon as this test has ended, as
  // `judge run` starts its next test: only on a CPU of its own (a shared one may change
  // from test to test) and without --repeat (whose runs name the next run themselves).
  // A test's facts are the same either way: it runs in a fresh box of its own.
  if (state.reader != nullptr && options.repeat <= 1 && state.cpu_claim->exclusive())
    state.executor.expect_next_when_ended([&job, &state] { return queued_test_like(job, *state.reader); });
  // The facts only: the batch grades them (grade/grade.hpp), as `judge run` does.
  TestRecord record = run_test_repeated(problem, submission, test, nullptr, options, state.executor);
  // Transcripts are recorded relative to the batch folder (folders move, merge).
  if (record.transcript)
    record.transcript = fs::absolute(*record.transcript).lexically_relative(job.at("out_dir").get<std::string>());
  return {{"result", record_to_json(record)}};
}

// One job; never throws. Each test ends every process it started but the exiting
// judge-boxes, reaped while a later test runs (run/interaction.cpp); a test that
// failed half-way may leave more, ended here.
json answer_job(const ReadJob& read, WorkerState& state) {
  if (read.job.is_discarded()) return {{"error", "batch-worker: the job is not CBOR or JSON"}};
  try {
    // The test read with the job itself, never a copy: a test started ahead is known by
    // its address. Without one, reading it again throws why the job is not one.
    if (!read.test) return run_job(read.job, read.job.at("test").get<TestCase>(), state);
    return run_job(read.job, *read.test, state);
  } catch (const std::exception& error) {
    // A test started ahead for the queued job is stopped too: its job starts afresh
    // (and the executor never mistakes a later job's test for it).
    // The executor's judge-box server and its exiting boxes are spared, as after every
    // test: the server serves the worker's next job.
    state.executor.discard_started();
    kill_orphans(state.executor.spared_pids());
    return {{"error", error.what()}};
  }
}

// Test hooks (docs/batch.md, "Test hooks"): read once per worker from the environment.
struct WorkerHooks {
  long die_at_job = 0;   // JUDGE_TEST_WORKER_DIE_AT_JOB=N: SIGKILL itself on its Nth job
  long ballast_mib = 0;  // JUDGE_TEST_WORKER_BALLAST_MIB=M: allocate and touch M MiB first
  static WorkerHooks from_environment() {
    WorkerHooks hooks;
    if (const char* value = std::getenv("JUDGE_TEST_WORKER_DIE_AT_JOB")) hooks.die_at_job = std::atol(value);
    if (const char* value = std::getenv("JUDGE_TEST_WORKER_BALLAST_MIB")) hooks.ballast_mib = std::atol(value);
    return hooks;
  }
};

bool write_all(int fd, const std::string& bytes) {
  std::size_t written = 0;
  while (written < bytes.size()) {
    const ssize_t n = ::write(fd, bytes.data() + written, bytes.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

// JUDGE_TEST_WORKER_DIE_AT_JOB: the worker SIGKILLs itself as it starts its Nth job,
// once the job queued behind it has arrived (up to 2 s; none comes when the batch
// queues nothing), so that the crash loses both jobs a worker can hold, every time.
[[noreturn]] void die_with_queued_job(JobReader& reader) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
  while (!reader.queued && std::chrono::steady_clock::now() < deadline) {
    if (std::optional<std::string> message = next_framed_job(reader, false)) {
      reader.queued = read_job(*message);
    } else {
      ::usleep(10000);
    }
  }
  ::kill(::getpid(), SIGKILL);
  std::abort();  // not reached
}

}  // namespace

json run_worker_job(const json& job) {
  try {
    WorkerState state;
    return run_job(job, job.at("test").get<TestCase>(), state);
  } catch (const std::exception& error) {
    return {{"error", error.what()}};
  }
}

// The temporaries of a worker's tests in one folder on a fast file system, as for
// `judge run`, removed with whatever they left when the worker ends; left empty, and
// `error` set, when it cannot be made.
void make_worker_tmpdir(std::optional<PrivateTmpdir>& tmpdir, json& error) {
  try {
    tmpdir.emplace();
  } catch (const std::exception& failure) {
    error = {{"error", failure.what()}};
  }
}

int batch_worker_main() {
  become_subreaper();
  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  json answer;
  std::optional<PrivateTmpdir> tmpdir;
  make_worker_tmpdir(tmpdir, answer);
  if (tmpdir) {
    WorkerState state;
    answer = answer_job(*read_job(input), state);
  }
  const std::string message = worker_message(answer);
  std::fwrite(message.data(), 1, message.size(), stdout);
  std::fflush(stdout);
  kill_orphans();
  return 0;
}

int batch_worker_serve_main(int slot) {
  become_subreaper();
  // Descriptor 0 (and 1) is the worker's end of its socket (batch/workers.hpp). Answers
  // go out on a private copy of it; descriptor 1 becomes stderr, so that nothing else
  // printed on stdout can cut into a framed answer. Both copies are close-on-exec or
  // replaced: the tests' processes never hold the socket.
  const UniqueFd answers(::fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3));
  if (!answers.valid() || ::dup2(STDERR_FILENO, STDOUT_FILENO) < 0) return 3;
  ::fcntl(STDIN_FILENO, F_SETFD, FD_CLOEXEC);
  const WorkerHooks hooks = WorkerHooks::from_environment();
  std::vector<char> ballast(static_cast<std::size_t>(std::max(0L, hooks.ballast_mib)) << 20);
  for (std::size_t i = 0; i < ballast.size(); i += 4096) ballast[i] = 1;  // touched: resident
  json failure;
  std::optional<PrivateTmpdir> tmpdir;
  make_worker_tmpdir(tmpdir, failure);
  JobReader reader;
  reader.die_at_job = hooks.die_at_job;
  std::optional<WorkerState> state;
  if (tmpdir) {
    state.emplace();
    state->slot = slot;
    state->reader = &reader;
  }
  for (;;) {
    // The job queued behind the last one (read while that one ran) comes first. End of
    // input: the batch is done with this worker (or died: then SIGKILL comes anyway,
    // PR_SET_PDEATHSIG).
    std::unique_ptr<ReadJob> job = std::move(reader.queued);
    if (!job) {
      const std::optional<std::string> message = next_framed_job(reader, true);
      if (!message) return 0;
      job = read_job(*message);
    }
    if (++reader.jobs_started == reader.die_at_job) die_with_queued_job(reader);
    const json answer = state ? answer_job(*job, *state) : failure;
    // A batch that is gone leaves EPIPE here (the judge ignores SIGPIPE): the worker ends.
    if (!write_all(answers.get(), frame_message(worker_message(answer)))) return 0;
  }
}

}  // namespace judge
