#include "run/resources_ahead.hpp"

#include <gtest/gtest.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace judge {
namespace {
namespace fs = std::filesystem;

TEST(ResourcesAhead, ALoneTestGetsNoSpare) {
  ResourcesAhead resources;
  TempDir only = resources.folder("judge-spare-test-");
  EXPECT_TRUE(fs::is_directory(only.path()));
  resources.while_test_runs();
  EXPECT_EQ(resources.spare_folders(), 0u);
}

TEST(ResourcesAhead, FromTheSecondTestOnAFolderIsMadeAheadAndHandedOutOnlyOnce) {
  ResourcesAhead resources;
  TempDir first = resources.folder("judge-spare-test-");
  resources.while_test_runs();
  TempDir second = resources.folder("judge-spare-test-");  // made now: no spare yet
  EXPECT_NE(second.path(), first.path());

  resources.while_test_runs();
  ASSERT_EQ(resources.spare_folders(), 1u);
  TempDir third = resources.folder("judge-spare-test-");
  EXPECT_EQ(resources.spare_folders(), 0u);
  EXPECT_TRUE(fs::is_directory(third.path()));
  EXPECT_NE(third.path(), first.path());
  EXPECT_NE(third.path(), second.path());
  EXPECT_EQ(third.path().filename().string().rfind("judge-spare-test-", 0), 0u);

  // No spare left: the next one asked for before a test runs is made there and then.
  TempDir fourth = resources.folder("judge-spare-test-");
  EXPECT_NE(fourth.path(), third.path());
  EXPECT_TRUE(fs::is_directory(fourth.path()));
}

TEST(ResourcesAhead, AFolderOfAnotherKindIsNeverHandedOutForThisOne) {
  ResourcesAhead resources;
  TempDir work = resources.folder("judge-kind-work-");
  TempDir work_again = resources.folder("judge-kind-work-");
  resources.while_test_runs();
  TempDir feedback = resources.folder("judge-kind-feedback-");
  EXPECT_EQ(feedback.path().filename().string().rfind("judge-kind-feedback-", 0), 0u);
  EXPECT_EQ(resources.spare_folders(), 1u);  // the work folder's spare stays
}

TEST(ResourcesAhead, GivenBackFoldersStayUntilTheNextTestRunsAndAreThenRemoved) {
  ResourcesAhead resources;
  TempDir work = resources.folder("judge-retire-test-");
  const fs::path path = work.path();
  std::ofstream(path / "submission.stderr") << "left by the test\n";
  resources.retire(std::move(work));
  EXPECT_TRUE(fs::exists(path / "submission.stderr"));
  EXPECT_EQ(resources.retired(), 1u);

  resources.while_test_runs();
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(resources.retired(), 0u);
}

TEST(ResourcesAhead, EverythingHeldIsRemovedAtTheEnd) {
  fs::path spare_parent;
  fs::path retired;
  {
    ResourcesAhead resources;
    resources.retire(resources.folder("judge-end-test-"));
    TempDir work = resources.folder("judge-end-test-");
    retired = work.path();
    spare_parent = work.path().parent_path();
    resources.retire(std::move(work));
    resources.while_test_runs();  // removes `retired`, makes a spare
    TempDir again = resources.folder("judge-end-test-");
    retired = again.path();
    resources.retire(std::move(again));
    resources.while_test_runs();
  }
  EXPECT_FALSE(fs::exists(retired));
  for (const auto& entry : fs::directory_iterator(spare_parent))
    EXPECT_NE(entry.path().filename().string().rfind("judge-end-test-", 0), 0u) << entry.path();
}

// After the last test: what is held goes on the release thread, and is gone once
// wait_released() returns; the ResourcesAhead holds nothing any more.
TEST(ResourcesAhead, AfterTheLastTestEverythingHeldIsRemovedOnTheReleaseThread) {
  ResourcesAhead resources;
  resources.retire(resources.folder("judge-release-test-"));
  TempDir work = resources.folder("judge-release-test-");
  resources.while_test_runs();  // starts the release thread, makes a spare
  ASSERT_TRUE(resources.release_thread_started());
  ASSERT_EQ(resources.spare_folders(), 1u);
  const fs::path retired = work.path();
  resources.retire(std::move(work));

  resources.release_in_background();
  EXPECT_EQ(resources.retired(), 0u);
  EXPECT_EQ(resources.spare_folders(), 0u);
  resources.wait_released();
  EXPECT_FALSE(resources.release_thread_started());
  EXPECT_FALSE(fs::exists(retired));
  for (const auto& entry : fs::directory_iterator(retired.parent_path()))
    EXPECT_NE(entry.path().filename().string().rfind("judge-release-test-", 0), 0u) << entry.path();
}

// Before any test has run there is no release thread: nothing is handed over, and
// the destructor removes everything as before.
TEST(ResourcesAhead, WithoutAReleaseThreadNothingIsHandedOver) {
  fs::path kept;
  {
    ResourcesAhead resources;
    TempDir work = resources.folder("judge-norelease-test-");
    kept = work.path();
    resources.retire(std::move(work));
    resources.release_in_background();
    EXPECT_FALSE(resources.release_thread_started());
    EXPECT_EQ(resources.retired(), 1u);
    EXPECT_TRUE(fs::is_directory(kept));
  }
  EXPECT_FALSE(fs::exists(kept));
}

// A release thread that is never handed anything ends with the ResourcesAhead.
TEST(ResourcesAhead, AnIdleReleaseThreadEndsWithTheResources) {
  ResourcesAhead resources;
  resources.while_test_runs();
  EXPECT_TRUE(resources.release_thread_started());
  resources.wait_released();
  EXPECT_FALSE(resources.release_thread_started());
  resources.while_test_runs();  // a later test starts another
  EXPECT_TRUE(resources.release_thread_started());
}

// A child that has ended, held by its pidfd as the judge holds an exiting judge-box.
ExitingBox an_exiting_child() {
  const pid_t pid = ::fork();
  if (pid == 0) ::_exit(0);
  const int pidfd = static_cast<int>(::syscall(SYS_pidfd_open, pid, 0));
  EXPECT_GE(pidfd, 0);
  return ExitingBox{pid, UniqueFd(pidfd)};
}

bool reaped(pid_t pid) { return ::waitpid(pid, nullptr, WNOHANG) < 0 && errno == ECHILD; }

TEST(ResourcesAhead, AnExitingBoxIsSparedUntilReapedWhileTheNextTestRuns) {
  ResourcesAhead resources;
  ExitingBox box = an_exiting_child();
  const pid_t pid = box.pid;
  resources.reap_later(std::move(box));
  EXPECT_EQ(resources.spared_pids(), std::vector<pid_t>{pid});
  EXPECT_FALSE(reaped(pid));
  // Not waited for: reaped once it has ended (it has, or does in a moment).
  for (int attempt = 0; attempt < 500 && !resources.spared_pids().empty(); ++attempt) {
    resources.while_test_runs();
    if (!resources.spared_pids().empty()) ::usleep(2000);
  }
  EXPECT_TRUE(resources.spared_pids().empty());
  EXPECT_TRUE(reaped(pid));
}

TEST(ResourcesAhead, AnExitingBoxLeftAtTheEndIsReapedOnTheReleaseThread) {
  ResourcesAhead resources;
  resources.while_test_runs();  // the release thread
  ExitingBox box = an_exiting_child();
  const pid_t pid = box.pid;
  resources.reap_later(std::move(box));
  resources.release_in_background();
  EXPECT_TRUE(resources.spared_pids().empty());
  resources.wait_released();
  EXPECT_TRUE(reaped(pid));
}

// Cgroups dead judges left behind are looked for once, while the first test that
// has cgroups runs (here under a fake cgroup root: the test's own cgroup cannot be
// made there, the sweep still looks).
TEST(ResourcesAhead, StaleCgroupsAreSweptWhileTheFirstBoxedTestRuns) {
  TempDir root("judge-stale-root-");
  const fs::path judge_dir = root.path() / "pids" / "judge";
  const fs::path stale = judge_dir / "2147483646-1";  // no such pid
  const fs::path live = judge_dir / (std::to_string(::getpid()) + "-1");
  fs::create_directories(stale);
  fs::create_directories(live);
  ResourcesAhead resources(root.path());
  resources.while_test_runs();  // no cgroup asked for yet: no sweep
  EXPECT_TRUE(fs::exists(stale));
  const TestCgroup cgroup = resources.cgroup(65536, 16);
  EXPECT_TRUE(fs::exists(stale));
  resources.while_test_runs();
  EXPECT_FALSE(fs::exists(stale));
  EXPECT_TRUE(fs::exists(live));
}

// Made ahead, the first test's cgroup is followed by the sweep of dead judges'
// cgroups, on the release thread (here under a fake root, where no cgroup can be
// made: the sweep still runs).
TEST(ResourcesAhead, MadeAheadTheStaleCgroupsAreSweptOnTheReleaseThread) {
  TempDir root("judge-stale-ahead-");
  const fs::path stale = root.path() / "memory" / "judge" / "2147483646-1";
  fs::create_directories(stale);
  ResourcesAhead resources(root.path());
  resources.make_cgroup_ahead();
  const TestCgroup none = resources.cgroup(65536, 16);  // waits for the one made ahead
  EXPECT_TRUE(none.join_dirs().empty());
  resources.wait_released();  // the sweep comes after the cgroup
  EXPECT_FALSE(fs::exists(stale));
}

// The memory limit a test cgroup was made with, as the kernel holds it (v1 or v2).
std::string memory_limit_of(const TestCgroup& cgroup) {
  for (const std::string& dir : cgroup.join_dirs()) {
    for (const char* file : {"memory.limit_in_bytes", "memory.max"}) {
      std::ifstream in(fs::path(dir) / file);
      if (in) return std::string(std::istreambuf_iterator<char>(in), {});
    }
  }
  return "";
}

class ResourcesAheadCgroups : public ::testing::Test {
 protected:
  void SetUp() override {
    const TestCgroup probe = TestCgroup::create(65536, 16);
    if (!probe.limits_memory()) GTEST_SKIP() << "no memory cgroup here (not root?)";
  }

  // A run of more than one test (the work folder asked for twice), the cgroup of a
  // test taken (64 MiB, 16 processes), and a spare made while that test runs.
  static TestCgroup a_test_and_a_spare(ResourcesAhead& resources) {
    resources.retire(resources.folder("judge-cgroup-test-"));
    resources.retire(resources.folder("judge-cgroup-test-"));
    TestCgroup taken = resources.cgroup(65536, 16);
    resources.while_test_runs();
    EXPECT_TRUE(resources.has_spare_cgroup());
    return taken;
  }
};

TEST_F(ResourcesAheadCgroups, EveryTestGetsAFreshCgroupMadeWhileTheOneBeforeRan) {
  ResourcesAhead resources;
  const TestCgroup first = a_test_and_a_spare(resources);
  TestCgroup second = resources.cgroup(65536, 16);
  EXPECT_FALSE(resources.has_spare_cgroup());
  ASSERT_FALSE(second.join_dirs().empty());
  EXPECT_NE(second.join_dirs(), first.join_dirs());
  for (const std::string& dir : second.join_dirs()) EXPECT_TRUE(fs::is_directory(dir)) << dir;
  EXPECT_EQ(memory_limit_of(second), std::to_string(65536LL * 1024) + "\n");
  EXPECT_EQ(second.cpu_ms(), 0);
}

TEST_F(ResourcesAheadCgroups, ASpareMadeWithOtherLimitsIsNotHandedOut) {
  ResourcesAhead resources;
  const TestCgroup first = a_test_and_a_spare(resources);
  TestCgroup smaller = resources.cgroup(32768, 16);
  EXPECT_EQ(memory_limit_of(smaller), std::to_string(32768LL * 1024) + "\n");
  EXPECT_FALSE(resources.has_spare_cgroup());
  EXPECT_EQ(resources.retired(), 1u);  // the unused spare, removed with the next test
}

// The first test's cgroup is made on the release thread before the test asks for it,
// and has the test's limits once handed out; the next test gets another.
TEST_F(ResourcesAheadCgroups, TheFirstTestsCgroupIsMadeAheadAndGetsItsLimits) {
  ResourcesAhead resources;
  resources.make_cgroup_ahead();
  EXPECT_TRUE(resources.release_thread_started());
  TestCgroup first = resources.cgroup(65536, 16);
  ASSERT_FALSE(first.join_dirs().empty());
  EXPECT_EQ(memory_limit_of(first), std::to_string(65536LL * 1024) + "\n");
  EXPECT_EQ(first.cpu_ms(), 0);
  TestCgroup second = resources.cgroup(32768, 16);
  EXPECT_NE(second.join_dirs(), first.join_dirs());
  EXPECT_EQ(memory_limit_of(second), std::to_string(32768LL * 1024) + "\n");
}

TEST_F(ResourcesAheadCgroups, GivenBackCgroupsAreRemovedWhileTheNextTestRuns) {
  ResourcesAhead resources;
  TestCgroup used = resources.cgroup(65536, 16);
  const std::vector<std::string> dirs = used.join_dirs();
  ASSERT_FALSE(dirs.empty());
  resources.retire(std::move(used));
  for (const std::string& dir : dirs) EXPECT_TRUE(fs::is_directory(dir)) << dir;
  resources.while_test_runs();
  for (const std::string& dir : dirs) EXPECT_FALSE(fs::exists(dir)) << dir;
}

}  // namespace
}  // namespace judge
