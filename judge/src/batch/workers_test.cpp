#include "batch/workers.hpp"

#include <signal.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <optional>
#include <set>
#include <stdexcept>
#include <thread>

#include <gtest/gtest.h>

namespace judge {
namespace {
using namespace std::chrono_literals;

std::vector<WorkerPool::Finished> wait_all(WorkerPool& pool) {
  std::vector<WorkerPool::Finished> all;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (pool.running() > 0 && std::chrono::steady_clock::now() < deadline)
    for (auto& finished : pool.wait(100ms)) all.push_back(std::move(finished));
  return all;
}

TEST(BatchWorkers, RunsJobsInOtherProcessesAndReturnsTheirJson) {
  WorkerPool pool(2);
  const pid_t parent = ::getpid();
  pool.start(7, [] { return nlohmann::json{{"pid", ::getpid()}}; });
  pool.start(8, [] { return nlohmann::json{{"big", std::string(300000, 'x')}}; });
  EXPECT_FALSE(pool.has_free_slot());
  const auto finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 2u);
  for (const auto& one : finished) {
    ASSERT_TRUE(one.ok) << one.error;
    if (one.tag == 7) EXPECT_NE(one.result["pid"].get<pid_t>(), parent);
    else EXPECT_EQ(one.result["big"].get<std::string>().size(), 300000u);  // beyond a pipe buffer
  }
}

TEST(BatchWorkers, RunsInParallel) {
  WorkerPool pool(3);
  const auto start = std::chrono::steady_clock::now();
  for (std::uint64_t tag = 0; tag < 3; ++tag)
    pool.start(tag, [] {
      std::this_thread::sleep_for(400ms);
      return nlohmann::json(1);
    });
  EXPECT_EQ(wait_all(pool).size(), 3u);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 1100ms);
}

TEST(BatchWorkers, AThrowingOrDyingJobIsAnError) {
  WorkerPool pool(2);
  pool.start(1, []() -> nlohmann::json { throw std::runtime_error("no interactor"); });
  pool.start(2, []() -> nlohmann::json { ::raise(SIGSEGV); return nullptr; });
  for (const auto& one : wait_all(pool)) {
    EXPECT_FALSE(one.ok);
    if (one.tag == 1) EXPECT_EQ(one.error, "no interactor");
    else EXPECT_NE(one.error.find("SIGSEGV"), std::string::npos) << one.error;
  }
}

TEST(BatchWorkers, StartsAProgramWithItsJobOnStdin) {
  WorkerPool pool(2);
  pool.start_program(1, {"/bin/sh", "-c", "read job; printf '{\"result\": \"%s\"}' \"$job\""},
                     "job-42\n");
  pool.start_program(2, {"/nonexistent/judge", "batch-worker"}, "{}");
  for (const auto& one : wait_all(pool)) {
    if (one.tag == 1) {
      ASSERT_TRUE(one.ok) << one.error;
      EXPECT_EQ(one.result, "job-42");
    } else {
      EXPECT_FALSE(one.ok);
      EXPECT_NE(one.error.find("cannot execute /nonexistent/judge"), std::string::npos) << one.error;
    }
  }
}

// A worker that exits without reading its job must not take the judge down with
// SIGPIPE (seen in CI when an exec failed before the job was written); a job larger
// than a pipe's default buffer still arrives whole.
TEST(BatchWorkers, AWorkerThatNeverReadsItsJobDoesNotKillTheJudge) {
  WorkerPool pool(2);
  const std::string big_job(200000, 'j');
  pool.start_program(1, {"/bin/true"}, big_job);
  pool.start_program(2, {"/bin/sh", "-c", "printf '{\"result\": %s}' \"$(wc -c)\""}, big_job);
  for (const auto& one : wait_all(pool)) {
    if (one.tag == 1) {
      EXPECT_FALSE(one.ok);
      EXPECT_NE(one.error.find("no result"), std::string::npos) << one.error;
    } else {
      ASSERT_TRUE(one.ok) << one.error;
      EXPECT_EQ(one.result, 200000);
    }
  }
}

TEST(BatchWorkers, KillAllStopsRunningWorkers) {
  WorkerPool pool(1);
  pool.start(1, [] {
    std::this_thread::sleep_for(30s);
    return nlohmann::json(1);
  });
  const auto start = std::chrono::steady_clock::now();
  pool.kill_all();
  EXPECT_EQ(pool.running(), 0u);
  EXPECT_LT(std::chrono::steady_clock::now() - start, 5s);
}

// A job and its answer carry paths byte for byte (a participant folder `bad\xff\xfe`):
// JSON text cannot hold them (dump() throws), the CBOR messages do.
TEST(BatchWorkers, MessagesCarryBytesThatAreNotUtf8) {
  const nlohmann::json job = {{"path", "subs/bad\xff\xfe/p.py"}, {"n", 3}};
  EXPECT_THROW((void)job.dump(), nlohmann::json::type_error);
  EXPECT_EQ(read_worker_message(worker_message(job)), job);
  EXPECT_TRUE(read_worker_message(worker_message(job).substr(0, 5)).is_discarded());  // cut short
  EXPECT_EQ(read_worker_message("{\"result\": 1}")["result"], 1);  // JSON text still reads
  WorkerPool pool(1);
  pool.start(1, [] { return nlohmann::json("x\xff.py"); });
  const auto finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 1u);
  ASSERT_TRUE(finished[0].ok) << finished[0].error;
  EXPECT_EQ(finished[0].result, "x\xff.py");
}

TEST(BatchWorkers, FramesCarryOneMessageEach) {
  std::string buffer = frame_message("abc") + frame_message("") + frame_message(std::string(70000, 'x'));
  const std::string tail = buffer.substr(buffer.size() - 10);
  buffer.resize(buffer.size() - 10);  // the last one arrives in two reads
  EXPECT_EQ(take_framed_message(buffer), "abc");
  EXPECT_EQ(take_framed_message(buffer), "");
  EXPECT_EQ(take_framed_message(buffer), std::nullopt);
  buffer += tail;
  EXPECT_EQ(take_framed_message(buffer), std::string(70000, 'x'));
  EXPECT_TRUE(buffer.empty());
}

// A serving worker written in Python: answers each framed job with its pid and the
// job, and dies (exit 9) on the job "die"; "slow" and "die-later" wait 0.3 s first (a
// job queued behind them arrives meanwhile).
const std::vector<std::string> python_server = {"/usr/bin/python3", "-c", R"(
import json, os, struct, sys, time
while True:
    header = sys.stdin.buffer.read(4)
    if len(header) < 4:
        sys.exit(0)
    job = sys.stdin.buffer.read(struct.unpack(">I", header)[0]).decode()
    if job in ("slow", "die-later"):
        time.sleep(0.3)
    if job in ("die", "die-later"):
        os._exit(9)
    answer = json.dumps({"result": [os.getpid(), job]}).encode()
    sys.stdout.buffer.write(struct.pack(">I", len(answer)) + answer)
    sys.stdout.buffer.flush()
)"};

TEST(BatchWorkers, AServingWorkerTakesJobAfterJob) {
  WorkerPool pool(1);
  std::set<int> pids;
  for (int job = 1; job <= 3; ++job) {
    ASSERT_TRUE(pool.has_free_slot());
    pool.start_served(job, python_server, "job-" + std::to_string(job));
    EXPECT_FALSE(pool.has_free_slot());
    const auto finished = wait_all(pool);
    ASSERT_EQ(finished.size(), 1u);
    ASSERT_TRUE(finished[0].ok) << finished[0].error;
    EXPECT_EQ(finished[0].tag, static_cast<std::uint64_t>(job));
    EXPECT_EQ(finished[0].result[1], "job-" + std::to_string(job));
    pids.insert(finished[0].result[0].get<int>());
  }
  EXPECT_EQ(pids.size(), 1u);  // one worker for all three
  EXPECT_EQ(pool.servers_started(), 1u);
}

TEST(BatchWorkers, AServingWorkerThatDiesIsReplaced) {
  WorkerPool pool(1);
  pool.start_served(1, python_server, "die");
  auto finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 1u);
  EXPECT_FALSE(finished[0].ok);
  EXPECT_TRUE(finished[0].worker_died);
  EXPECT_NE(finished[0].error.find("status 9"), std::string::npos) << finished[0].error;
  pool.start_served(2, python_server, "again");
  finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 1u);
  ASSERT_TRUE(finished[0].ok) << finished[0].error;
  EXPECT_EQ(finished[0].result[1], "again");
  EXPECT_EQ(pool.servers_started(), 2u);
}

// A job queued behind a running one waits in the worker's socket: it is not running
// (no free slot is taken, none is made), the worker runs it after answering the first,
// and the first's answer says the queued one runs now.
TEST(BatchWorkers, AQueuedJobRunsOnTheSameWorkerAfterTheOneBefore) {
  WorkerPool pool(1);
  EXPECT_FALSE(pool.can_queue());  // no worker runs anything yet
  pool.start_served(1, python_server, "slow");
  ASSERT_TRUE(pool.can_queue());
  ASSERT_TRUE(pool.queue_served(2, "b"));
  EXPECT_EQ(pool.running(), 1u);
  EXPECT_FALSE(pool.can_queue());  // one queued job per worker
  EXPECT_FALSE(pool.queue_served(3, "c"));
  const auto finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 2u);
  ASSERT_TRUE(finished[0].ok && finished[1].ok) << finished[0].error << finished[1].error;
  EXPECT_EQ(finished[0].tag, 1u);
  EXPECT_EQ(finished[0].started_next, std::optional<std::uint64_t>(2));
  EXPECT_EQ(finished[1].tag, 2u);
  EXPECT_EQ(finished[1].started_next, std::nullopt);
  EXPECT_EQ(finished[1].result[1], "b");
  EXPECT_EQ(finished[0].result[0], finished[1].result[0]);  // one worker
  EXPECT_EQ(pool.servers_started(), 1u);
}

// A worker that dies with a job queued loses both: each comes back with worker_died,
// the queued one first (a batch that puts them back in front keeps their order).
TEST(BatchWorkers, AWorkerThatDiesWithAQueuedJobLosesBoth) {
  WorkerPool pool(1);
  pool.start_served(1, python_server, "die-later");
  ASSERT_TRUE(pool.queue_served(2, "b"));
  const auto finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 2u);
  EXPECT_EQ(finished[0].tag, 2u);
  EXPECT_EQ(finished[1].tag, 1u);
  for (const auto& lost : finished) {
    EXPECT_FALSE(lost.ok);
    EXPECT_TRUE(lost.worker_died);
    EXPECT_EQ(lost.started_next, std::nullopt);
  }
  EXPECT_EQ(pool.running(), 0u);
}

// kill_all (and so the pool's destructor) ends idle serving workers and reaps them.
TEST(BatchWorkers, KillAllEndsIdleServingWorkers) {
  WorkerPool pool(2);
  pool.start_served(1, python_server, "a");
  pool.start_served(2, python_server, "b");
  std::vector<int> pids;
  for (const auto& one : wait_all(pool)) pids.push_back(one.result[0].get<int>());
  ASSERT_EQ(pids.size(), 2u);
  pool.kill_all();
  for (int pid : pids) EXPECT_NE(::kill(pid, 0), 0);  // reaped: gone
}

// The state letter of /proc/PID/stat ('Z' for a zombie: exited, not reaped yet), or
// '?' when there is no such process.
char process_state(int pid) {
  std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
  std::string line;
  if (!std::getline(stat, line)) return '?';
  const auto paren = line.rfind(')');
  return paren == std::string::npos || paren + 2 >= line.size() ? '?' : line[paren + 2];
}

// end_idle_servers ends the idle workers' input without waiting for them: an idle one
// exits on its own (a zombie until kill_all reaps it); a busy one keeps its job, answers
// it and takes the next; the ended one is not given jobs again.
TEST(BatchWorkers, EndingIdleWorkersLetsThemLeaveWhileBusyOnesWorkOn) {
  WorkerPool pool(2);
  pool.start_served(1, python_server, "a");
  pool.start_served(2, python_server, "slow");
  std::optional<int> idle_pid;
  const auto deadline = std::chrono::steady_clock::now() + 20s;
  while (!idle_pid && std::chrono::steady_clock::now() < deadline)
    for (const auto& one : pool.wait(100ms))
      if (one.tag == 1) idle_pid = one.result[0].get<int>();
  ASSERT_TRUE(idle_pid.has_value());
  ASSERT_EQ(pool.running(), 1u);  // "slow" still runs
  pool.end_idle_servers();
  char state = process_state(*idle_pid);
  for (int i = 0; i < 200 && state != 'Z'; ++i) {
    std::this_thread::sleep_for(25ms);
    state = process_state(*idle_pid);
  }
  EXPECT_EQ(state, 'Z') << "the idle worker did not exit on its own once its input ended";
  auto finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 1u);
  ASSERT_TRUE(finished[0].ok) << finished[0].error;
  const int busy_pid = finished[0].result[0].get<int>();
  EXPECT_NE(busy_pid, *idle_pid);
  pool.start_served(3, python_server, "c");  // on the worker that was busy, not the ended one
  finished = wait_all(pool);
  ASSERT_EQ(finished.size(), 1u);
  ASSERT_TRUE(finished[0].ok) << finished[0].error;
  EXPECT_EQ(finished[0].result[0].get<int>(), busy_pid);
  EXPECT_EQ(pool.servers_started(), 2u);
  pool.kill_all();
  EXPECT_EQ(process_state(*idle_pid), '?');  // reaped
  EXPECT_EQ(process_state(busy_pid), '?');
}

}  // namespace
}  // namespace judge
