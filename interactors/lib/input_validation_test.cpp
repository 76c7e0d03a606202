#include "input_validation.hpp"

#include <gtest/gtest.h>

namespace input_validation {
namespace {

// Each failure exits 43 with "line L: ..." on stderr: pinned with death tests.
TEST(InputValidation, StrictIntegersInRange) {
  Line line("7 -3 18446744073709551615", 4);
  EXPECT_EQ(line.integer("n", 1, 10), 7);
  EXPECT_EQ(line.integer("d", -5, 5), -3);
  EXPECT_EQ(line.uint64("seed"), 18446744073709551615ULL);
  EXPECT_TRUE(line.at_end());
  EXPECT_EXIT(Line("11", 2).integer("n", 1, 10), testing::ExitedWithCode(kReject), "line 2: n = 11 is outside 1..10");
  EXPECT_EXIT(Line("07", 1).integer("n", 1, 10), testing::ExitedWithCode(kReject), "line 1: n '07' has leading zeros");
  EXPECT_EXIT(Line("+7", 1).integer("n", 1, 10), testing::ExitedWithCode(kReject), "has a '\\+' sign");
  EXPECT_EXIT(Line("-0", 1).integer("n", -1, 1), testing::ExitedWithCode(kReject), "n is '-0'");
  EXPECT_EXIT(Line("18446744073709551616", 1).uint64("seed"), testing::ExitedWithCode(kReject),
              "does not fit in 64 bits");
}

TEST(InputValidation, SpacesAreExact) {
  {
    Line two_spaces("1  2", 3);
    two_spaces.token("a");
    EXPECT_EXIT(two_spaces.token("b"), testing::ExitedWithCode(kReject), "line 3: two spaces before b");
  }
  EXPECT_EXIT(Line(" 1", 1).token("a"), testing::ExitedWithCode(kReject), "starts with a space");
  Line trailing("1 ", 1);
  trailing.token("a");
  EXPECT_EXIT(trailing.expect_end(), testing::ExitedWithCode(kReject), "a space at the end of the line");
  Line extra("1 2", 5);
  extra.token("a");
  EXPECT_EXIT(extra.expect_end(), testing::ExitedWithCode(kReject), "line 5: extra text after a: '2'");
}

TEST(InputValidation, QuoteEscapesAndCuts) {
  EXPECT_EQ(quote("a\tb\r\x01"), "'a\\tb\\r\\x01'");
  EXPECT_EQ(quote(std::string(30, 'x')), "'" + std::string(24, 'x') + "...'");
}

}  // namespace
}  // namespace input_validation
