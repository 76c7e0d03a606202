#include "random_permutation.hpp"

#include <algorithm>
#include <numeric>

#include <gtest/gtest.h>

namespace egg_drop {
namespace {

// Pinned values: if these change, every `random SEED` test changes meaning.
TEST(RandomPermutation, PinnedOutput) {
  EXPECT_EQ(random_permutation(5, 43), (std::vector<int>{1, 3, 5, 4, 2}));
  EXPECT_EQ(random_permutation(1, 5), (std::vector<int>{1}));
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

}  // namespace
}  // namespace egg_drop
