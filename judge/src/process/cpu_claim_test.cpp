#include "process/cpu_claim.hpp"

#include <sched.h>
#include <stdlib.h>

#include <gtest/gtest.h>

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

}  // namespace
}  // namespace judge
