// White-diff as CMS documents it (docs "Task types", "White-diff comparator").
#include "run/white_diff.hpp"

#include <sstream>

#include <gtest/gtest.h>

namespace judge {
namespace {

bool same(const std::string& output, const std::string& correct) {
  std::istringstream a(output), b(correct);
  return white_diff(a, b);
}

TEST(WhiteDiff, TokensPerLineMatchWhateverTheSpacesBetween) {
  EXPECT_TRUE(same("1 2 3\n", "1 2 3\n"));
  EXPECT_TRUE(same("  1\t2   3 \r\n", "1 2 3"));
  EXPECT_TRUE(same("1 2\n\n\n", "1 2"));  // trailing blank lines are ignored
  EXPECT_TRUE(same("1 2", "1 2\n  \n\t\n"));
  EXPECT_FALSE(same("1 2 3\n", "1 2 4\n"));
  EXPECT_FALSE(same("1 2\n3\n", "1 2 3\n"));  // the lines must be the same
  EXPECT_FALSE(same("1\n\n2\n", "1\n2\n"));   // an empty line in the middle counts
  EXPECT_FALSE(same("1 2\n", "1 2\n3\n"));
  EXPECT_FALSE(same("", "0\n"));
  EXPECT_TRUE(same("", "\n"));
}

}  // namespace
}  // namespace judge
