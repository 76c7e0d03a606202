#include "query_limit.hpp"

#include <cmath>

#include <gtest/gtest.h>

namespace nuts_bolts {
namespace {

// Values worked out by hand: 5 n log2 n.
TEST(QueryLimit, StatementValues) {
  EXPECT_EQ(query_limit(2), 10);     // 10 * 1
  EXPECT_EQ(query_limit(3), 23);     // 15 * 1.58496... = 23.77
  EXPECT_EQ(query_limit(4), 40);     // 20 * 2, exact
  EXPECT_EQ(query_limit(5), 58);     // 25 * 2.32193... = 58.05
  EXPECT_EQ(query_limit(8), 120);    // 40 * 3, exact
  EXPECT_EQ(query_limit(10), 166);   // 50 * 3.32193... = 166.10
  EXPECT_EQ(query_limit(100), 3321); // 500 * 6.64386... = 3321.93
  EXPECT_EQ(query_limit(512), 23040);  // 2560 * 9, exact
  EXPECT_EQ(query_limit(1000), 49828); // 5000 * 9.96578... = 49828.92
}

// Agrees with floating point wherever floating point is far from an integer.
TEST(QueryLimit, MatchesFloatingPointAwayFromIntegers) {
  for (int n = 2; n <= 1000; ++n) {
    const long double exact = 5.0L * n * std::log2(static_cast<long double>(n));
    if (std::abs(exact - std::round(exact)) < 1e-6L) {
      EXPECT_EQ(query_limit(n), static_cast<std::int64_t>(std::llround(exact))) << n;
    } else {
      EXPECT_EQ(query_limit(n), static_cast<std::int64_t>(std::floor(exact))) << n;
    }
  }
}

}  // namespace
}  // namespace nuts_bolts
