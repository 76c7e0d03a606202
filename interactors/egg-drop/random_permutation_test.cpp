#include "random_permutation.hpp"

#include <algorithm>
#include <array>
#include <numeric>

#include <gtest/gtest.h>

namespace egg_drop {
namespace {

// Pinned values: if these change, every `random SEED` test changes meaning.
TEST(RandomPermutation, PinnedOutput) {
  EXPECT_EQ(random_permutation(5, 43), (std::vector<int>{1, 3, 5, 4, 2}));
  EXPECT_EQ(random_permutation(1, 5), (std::vector<int>{1}));
  Random random(7);
  EXPECT_EQ(random.below(1000), 15u);
}

TEST(RandomPermutation, IsAPermutationAndDependsOnTheSeed) {
  for (int n : {1, 2, 3, 10, 10000}) {
    std::vector<int> sorted = random_permutation(n, 123);
    std::sort(sorted.begin(), sorted.end());
    std::vector<int> identity(static_cast<std::size_t>(n));
    std::iota(identity.begin(), identity.end(), 1);
    EXPECT_EQ(sorted, identity);
  }
  EXPECT_EQ(random_permutation(10000, 1), random_permutation(10000, 1));
  EXPECT_NE(random_permutation(10000, 1), random_permutation(10000, 2));
}

TEST(RandomPermutation, BelowIsInRangeAndRoughlyUniform) {
  Random random(2024);
  std::array<int, 3> counts{};
  for (int i = 0; i < 30000; ++i) {
    const std::uint64_t x = random.below(3);
    ASSERT_LT(x, 3u);
    ++counts[x];
  }
  for (int count : counts) EXPECT_NEAR(count, 10000, 500);
  EXPECT_EQ(random.below(1), 0u);
  // A bound above 2^63 rejects almost half of the draws and must still terminate.
  EXPECT_LT(random.below((std::uint64_t{1} << 63) + 1), (std::uint64_t{1} << 63) + 1);
}

// Every permutation of 3 elements comes out about equally often.
TEST(RandomPermutation, ShuffleIsUniform) {
  Random random(99);
  std::array<int, 6> counts{};
  for (int i = 0; i < 60000; ++i) {
    std::vector<int> values = {1, 2, 3};
    random.shuffle(values);
    int rank = 0;
    std::vector<int> probe = {1, 2, 3};
    while (probe != values) {
      std::next_permutation(probe.begin(), probe.end());
      ++rank;
    }
    ++counts[static_cast<std::size_t>(rank)];
  }
  for (int count : counts) EXPECT_NEAR(count, 10000, 500);
}

}  // namespace
}  // namespace egg_drop
