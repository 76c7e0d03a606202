#include "process/cpu_claim.hpp"

#include <sched.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <thread>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

TEST(CpuClaim, ConcurrentClaimsGetDifferentCpusWhileThereAreEnough) {
  std::string pattern = (fs::temp_directory_path() / "cpu-claim-XXXXXX").string();
  ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
  cpu_set_t set;
  CPU_ZERO(&set);
  ASSERT_EQ(::sched_getaffinity(0, sizeof set, &set), 0);
  const int cpus = CPU_COUNT(&set);
  std::vector<CpuClaim> claims;
  for (int i = 0; i < cpus; ++i) {
    claims.push_back(CpuClaim::claim(pattern));
    EXPECT_TRUE(claims.back().exclusive());
    EXPECT_TRUE(CPU_ISSET(claims.back().cpu(), &set));
    for (int j = 0; j < i; ++j) EXPECT_NE(claims[j].cpu(), claims.back().cpu());
  }
  // All taken: the next one shares a CPU it may use, without a claim.
  const CpuClaim shared = CpuClaim::claim(pattern);
  EXPECT_FALSE(shared.exclusive());
  EXPECT_TRUE(CPU_ISSET(shared.cpu(), &set));
  // A released claim can be taken again.
  const int released = claims.front().cpu();
  claims.erase(claims.begin());
  const CpuClaim again = CpuClaim::claim(pattern);
  EXPECT_TRUE(again.exclusive());
  EXPECT_EQ(again.cpu(), released);
  fs::remove_all(pattern);
}

// Issue 28: /tmp/judge-cpu-locks, planted as a link to a 0700 folder, was made 1777 by
// a root judge, which created its lock file in it. A lock folder that is a link is
// refused now, and what it points to is left as it was.
TEST(CpuClaim, ALockFolderThatIsALinkIsRefusedAndItsTargetUntouched) {
  const TempDir scratch("cpu-claim-");
  const fs::path& dir = scratch.path();
  fs::create_directory(dir / "victim");
  ::chmod((dir / "victim").c_str(), 0700);
  fs::create_directory_symlink(dir / "victim", dir / "judge-cpu-locks");
  EXPECT_THROW(CpuClaim::claim(dir / "judge-cpu-locks"), ConfigError);
  struct stat st {};
  ASSERT_EQ(::stat((dir / "victim").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0700u);
  EXPECT_TRUE(fs::is_empty(dir / "victim"));
  // Where it claims by default is the user's own: root's under /run, no one's /tmp name.
  const fs::path place = default_cpu_lock_dir();
  if (::geteuid() == 0) {
    EXPECT_EQ(place, "/run/judge/cpu-locks");
  } else {
    EXPECT_NE(place, "/tmp/judge-cpu-locks");
  }
}

// On a thread of its own: the set is the calling thread's.
TEST(CpuClaim, TheJudgeKeepsOffItsTestsCpuWhenAnotherRemains) {
  std::thread([] {
    cpu_set_t before;
    CPU_ZERO(&before);
    ASSERT_EQ(::sched_getaffinity(0, sizeof before, &before), 0);
    int first = 0;
    while (!CPU_ISSET(first, &before)) ++first;
    const bool changed = keep_calling_thread_off_cpu(first);
    cpu_set_t after;
    CPU_ZERO(&after);
    ASSERT_EQ(::sched_getaffinity(0, sizeof after, &after), 0);
    if (CPU_COUNT(&before) < 2) {
      // The only CPU it may use stays: a judge on one CPU still runs.
      EXPECT_FALSE(changed);
      EXPECT_TRUE(CPU_ISSET(first, &after));
      return;
    }
    EXPECT_TRUE(changed);
    EXPECT_FALSE(CPU_ISSET(first, &after));
    EXPECT_EQ(CPU_COUNT(&after), CPU_COUNT(&before) - 1);
    // A CPU it may not use, or none, changes nothing.
    EXPECT_FALSE(keep_calling_thread_off_cpu(first));
    EXPECT_FALSE(keep_calling_thread_off_cpu(-1));
  }).join();
}

}  // namespace
}  // namespace judge
