// Real children (judge/test_helpers/process_helper): limits, figures, groups.
#include "process/process.hpp"

#include <sched.h>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

namespace judge {
namespace {

const std::string helper = std::string(JUDGE_TEST_HELPERS_DIR) + "/process_helper";

ExitFacts run(std::vector<std::string> args, ProcessLimits limits = {}, int stdout_fd = -1) {
  SpawnRequest request;
  request.argv = {helper};
  request.argv.insert(request.argv.end(), args.begin(), args.end());
  request.limits = limits;
  request.stdout_fd = stdout_fd;
  Process process = Process::spawn(request);
  process.reap();
  return *process.exit_facts();
}

std::string run_and_read(std::vector<std::string> args) {
  Pipe pipe = make_pipe();
  SpawnRequest request;
  request.argv = {helper};
  request.argv.insert(request.argv.end(), args.begin(), args.end());
  request.stdout_fd = pipe.write_end.get();
  Process process = Process::spawn(request);
  pipe.write_end.reset();
  std::string out;
  char buffer[256];
  ssize_t n;
  while ((n = ::read(pipe.read_end.get(), buffer, sizeof buffer)) > 0) out.append(buffer, n);
  process.reap();
  return out;
}

TEST(Process, ReportsExitCode) {
  const ExitFacts exit = run({"exit", "7"});
  EXPECT_FALSE(exit.signaled);
  EXPECT_EQ(exit.exit_code, 7);
}

TEST(Process, ReportsSignal) {
  const ExitFacts exit = run({"signal", std::to_string(SIGSEGV)});
  EXPECT_TRUE(exit.signaled);
  EXPECT_EQ(exit.signal, SIGSEGV);
  EXPECT_EQ(signal_name(SIGSEGV), "SIGSEGV");
}

TEST(Process, MeasuresOwnCpuTime) {
  const ExitFacts exit = run({"cpu", "300"});
  EXPECT_GE(exit.cpu_ms, 299);
  EXPECT_LE(exit.cpu_ms, 400);  // generous: only checks that it is the child's own figure
}

TEST(Process, MeasuresPeakMemoryOfTheChild) {
  const ExitFacts small = run({"touch", "1"});
  const ExitFacts large = run({"touch", "64"});
  EXPECT_GE(large.peak_kib, 64 * 1024);
  EXPECT_GT(large.peak_kib, small.peak_kib);
  // A child started with vfork shares its parent's pages until exec, and the kernel
  // counts them in its peak: this test binary's own peak is the floor of the small
  // one (it grows as more tests run before this one; docs/performance.md row 3b).
  struct rusage self {};
  ::getrusage(RUSAGE_SELF, &self);
  EXPECT_LT(small.peak_kib, self.ru_maxrss + 32 * 1024);
}

TEST(Process, AddressSpaceLimitStopsAllocation) {
  ProcessLimits limits;
  limits.address_space_kib = 64 * 1024;
  const ExitFacts exit = run({"alloc-forever"}, limits);
  EXPECT_TRUE(exit.signaled);  // std::bad_alloc -> abort
  EXPECT_EQ(exit.signal, SIGABRT);
  EXPECT_LT(exit.peak_kib, 64 * 1024);
}

TEST(Process, KernelCpuLimitIsABackstop) {
  ProcessLimits limits;
  limits.cpu_ms = 100;  // backstop: 2 * 1 s + 2 s = SIGXCPU at 4 s of CPU
  const ExitFacts exit = run({"cpu", "8000"}, limits);
  EXPECT_TRUE(exit.signaled);
  EXPECT_TRUE(exit.signal == SIGXCPU || exit.signal == SIGKILL) << exit.signal;
  // The kernel was seen to fire RLIMIT_CPU early under load (a 2 s limit at 1.2 s
  // of CPU): what matters is that the backstop stays far above the real limit.
  EXPECT_GE(exit.cpu_ms, 10 * limits.cpu_ms);
}

TEST(Process, RunsInItsOwnProcessGroup) {
  const std::string out = run_and_read({"pgid"});
  int pid = 0, pgid = 0, parent_pgid = 0;
  ASSERT_EQ(std::sscanf(out.c_str(), "%d %d %d", &pid, &pgid, &parent_pgid), 3) << out;
  EXPECT_EQ(pid, pgid);
  EXPECT_EQ(parent_pgid, ::getpgrp());
}

TEST(Process, ChildGetsDefaultSigpipeEvenIfJudgeIgnoresIt) {
  auto previous = ::signal(SIGPIPE, SIG_IGN);
  const std::string out = run_and_read({"sigpipe"});
  ::signal(SIGPIPE, previous);
  EXPECT_EQ(out, "0\n");
}

TEST(Process, KillGroupEndsASleeper) {
  SpawnRequest request;
  request.argv = {helper, "sleep", "100000"};
  Process process = Process::spawn(request);
  EXPECT_TRUE(process.running());
  process.kill_group();
  process.reap();
  EXPECT_TRUE(process.exit_facts()->signaled);
  EXPECT_EQ(process.exit_facts()->signal, SIGKILL);
  EXPECT_LT(process.exit_facts()->wall_ms, 5000);
}

TEST(Process, MissingExecutableThrowsWithItsName) {
  SpawnRequest request;
  request.argv = {"/nonexistent/program"};
  try {
    Process::spawn(request);
    FAIL() << "spawn should have thrown";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("/nonexistent/program"), std::string::npos);
  }
}

TEST(Process, CpuSoFarGrowsWhileRunning) {
  SpawnRequest request;
  request.argv = {helper, "cpu", "300"};
  Process process = Process::spawn(request);
  // On a loaded machine the child may get little CPU: wait until it has some.
  std::int64_t seen = 0;
  for (int i = 0; i < 200 && seen < 20; ++i) {
    ::usleep(10000);
    seen = process.cpu_ms_so_far();
  }
  EXPECT_GE(seen, 20);
  process.reap();
}

TEST(Process, TreeRunDelayCountsTheChildrenAWrapperWaitsOn) {
  // A shell that waits on two busy children, all three held to one CPU: the children
  // take turns, so each waits for the CPU half the time, while the shell sleeps.
  cpu_set_t before;
  ASSERT_EQ(::sched_getaffinity(0, sizeof before, &before), 0);
  cpu_set_t one;
  CPU_ZERO(&one);
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &before)) {
      CPU_SET(cpu, &one);
      break;
    }
  ASSERT_EQ(::sched_setaffinity(0, sizeof one, &one), 0);
  SpawnRequest request;
  request.argv = {"/bin/sh", "-c", "while :; do :; done & while :; do :; done & wait"};
  Process process = Process::spawn(request);
  ASSERT_EQ(::sched_setaffinity(0, sizeof before, &before), 0);  // the test itself runs free again
  std::int64_t tree_ms = 0;
  for (int i = 0; i < 500 && tree_ms < 100; ++i) {
    ::usleep(10000);
    tree_ms = process.tree_run_delay_ms_so_far();
  }
  const std::int64_t own_ms = process.run_delay_ms_so_far();
  process.kill_group();
  process.reap();
  EXPECT_GE(tree_ms, 100);
  EXPECT_LT(own_ms, tree_ms);  // the shell itself slept: its own figure misses the wait
}

}  // namespace
}  // namespace judge
