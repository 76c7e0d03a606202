#include "base/plural.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(Plural, OneIsSingularEveryOtherCountPlural) {
  EXPECT_EQ(count_of(1, "test"), "1 test");
  EXPECT_EQ(count_of(0, "test"), "0 tests");
  EXPECT_EQ(count_of(2, "test"), "2 tests");
  EXPECT_EQ(count_of(2, "worker(s)", "workers"), "2 workers");
  EXPECT_EQ(plural(1, "submission"), "submission");
}

}  // namespace
}  // namespace judge
