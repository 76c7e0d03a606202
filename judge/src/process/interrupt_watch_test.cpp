#include "process/interrupt_watch.hpp"

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <thread>

#include <gtest/gtest.h>

namespace judge {
namespace {

// A child in a process group of its own (as the judge starts every child), with a
// grandchild in that group; both sleep until killed.
pid_t start_sleeping_group() {
  const pid_t child = ::fork();
  if (child == 0) {
    ::setpgid(0, 0);
    sigset_t none;
    sigemptyset(&none);
    ::sigprocmask(SIG_SETMASK, &none, nullptr);
    if (::fork() == 0) {
      ::pause();
      ::_exit(0);
    }
    ::pause();
    ::_exit(0);
  }
  ::setpgid(child, child);  // no race with the child's own call: either one wins
  return child;
}

TEST(InterruptWatch, NothingHappensWithoutASignal) {
  const InterruptWatch watch;
  EXPECT_EQ(watch.signal(), 0);
  EXPECT_NO_THROW(watch.throw_if_interrupted());
}

TEST(InterruptWatch, ASignalKillsEveryChildGroupAndIsReported) {
  const InterruptWatch watch;
  const pid_t before = start_sleeping_group();
  ASSERT_EQ(::kill(::getpid(), SIGTERM), 0);  // blocked: taken by the watcher, not fatal
  int status = 0;
  ASSERT_EQ(::waitpid(before, &status, 0), before);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  EXPECT_EQ(watch.signal(), SIGTERM);
  // A child started after the signal is killed too, within milliseconds.
  const pid_t after = start_sleeping_group();
  ASSERT_EQ(::waitpid(after, &status, 0), after);
  EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
  try {
    watch.throw_if_interrupted();
    FAIL() << "not thrown";
  } catch (const Interrupted& stop) {
    EXPECT_EQ(stop.signal(), SIGTERM);
    EXPECT_EQ(stop.exit_status(), 143);
    EXPECT_STREQ(stop.what(), "interrupted by SIGTERM");
  }
  // The grandchildren (same groups) are gone too; reap whatever reached us.
  while (::waitpid(-1, &status, WNOHANG) > 0) {
  }
}

TEST(InterruptWatch, TheFirstOfSeveralSignalsIsReportedAndNoneKillsTheProcess) {
  {
    const InterruptWatch watch;
    ::kill(::getpid(), SIGINT);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(5);
    while (watch.signal() == 0 && std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    ::kill(::getpid(), SIGTERM);
    EXPECT_EQ(watch.signal(), SIGINT);
  }
  // Still alive after the watch restored the mask: the late SIGTERM was dropped.
  SUCCEED();
}

}  // namespace
}  // namespace judge
