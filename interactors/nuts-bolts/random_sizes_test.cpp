#include "random_sizes.hpp"

#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

namespace nuts_bolts {
namespace {

// Pinned values: if these change, every `random SEED` test changes meaning. (The
// engine, below() and shuffle() are the library's: lib/seeded_random_test.cpp.)
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

}  // namespace
}  // namespace nuts_bolts
