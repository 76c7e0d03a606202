#include "int_range.hpp"

#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

namespace interactor {
namespace {

TEST(IntRangeTest, HoldsBothEnds) {
  constexpr IntRange range{-2, 5};
  static_assert(range.contains(-2) && range.contains(5), "both ends are in");
  EXPECT_TRUE(range.contains(0));
  EXPECT_FALSE(range.contains(-3));
  EXPECT_FALSE(range.contains(6));
}

TEST(IntRangeTest, TheWholeInt64RangeHoldsItsExtremes) {
  constexpr IntRange all{std::numeric_limits<std::int64_t>::min(), std::numeric_limits<std::int64_t>::max()};
  EXPECT_TRUE(all.contains(std::numeric_limits<std::int64_t>::min()));
  EXPECT_TRUE(all.contains(std::numeric_limits<std::int64_t>::max()));
}

TEST(IntRangeTest, ASingleValue) {
  constexpr IntRange one{7, 7};
  EXPECT_TRUE(one.contains(7));
  EXPECT_FALSE(one.contains(6));
  EXPECT_FALSE(one.contains(8));
}

}  // namespace
}  // namespace interactor
