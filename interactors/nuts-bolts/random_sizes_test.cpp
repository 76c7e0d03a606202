#include "random_sizes.hpp"

#include <algorithm>
#include <array>
#include <numeric>
#include <random>

#include <gtest/gtest.h>

namespace nuts_bolts {
namespace {

// The standard fixes mt19937_64's output: the 10000th value of a default engine.
TEST(RandomSizes, EngineIsTheStandardOne) {
  std::mt19937_64 engine;
  engine.discard(9999);
  EXPECT_EQ(engine(), 9981545732273789042ULL);
}

// Pinned values: if these change, every `random SEED` test changes meaning.
TEST(RandomSizes, PinnedOutput) {
  const Sizes sizes = random_sizes(5, 43);
  EXPECT_EQ(sizes.nuts, (std::vector<int>{1, 3, 5, 4, 2}));
  EXPECT_EQ(sizes.bolts, (std::vector<int>{2, 1, 4, 5, 3}));
  Random random(7);
  EXPECT_EQ(random.below(1000), 15u);
}

TEST(RandomSizes, ArePermutationsAndDependOnTheSeed) {
  for (int n : {2, 3, 10, 1000}) {
    const Sizes sizes = random_sizes(n, 123);
    for (const std::vector<int>* values : {&sizes.nuts, &sizes.bolts}) {
      std::vector<int> sorted = *values;
      std::sort(sorted.begin(), sorted.end());
      std::vector<int> identity(static_cast<std::size_t>(n));
      std::iota(identity.begin(), identity.end(), 1);
      EXPECT_EQ(sorted, identity);
    }
  }
  EXPECT_EQ(random_sizes(1000, 1), random_sizes(1000, 1));
  EXPECT_NE(random_sizes(1000, 1), random_sizes(1000, 2));
}

TEST(RandomSizes, BelowIsInRangeAndRoughlyUniform) {
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
TEST(RandomSizes, ShuffleIsUniform) {
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
}  // namespace nuts_bolts
