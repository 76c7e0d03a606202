#include "base/parse_number.hpp"

#include <cstdint>
#include <string>

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(ParseInteger, TakesAWholeNumberInRange) {
  EXPECT_EQ(parse_integer<int>("0"), 0);
  EXPECT_EQ(parse_integer<int>("17"), 17);
  EXPECT_EQ(parse_integer<int>("-3"), -3);
  EXPECT_EQ(parse_integer<std::int64_t>("9223372036854775807"), INT64_MAX);
  EXPECT_EQ(parse_integer<unsigned>("4294967295"), 4294967295u);
}

TEST(ParseInteger, RejectsGarbageTrailingJunkAndSpace) {
  for (const char* text : {"", "x", "12abc", "1.5", "7 ", " 7", "+7", "0x10", "--1", "1e3", "٣"})
    EXPECT_EQ(parse_integer<int>(text), std::nullopt) << "'" << text << "'";
}

TEST(ParseInteger, RejectsWhatTheTypeCannotHold) {
  EXPECT_EQ(parse_integer<int>("2147483648"), std::nullopt);
  EXPECT_EQ(parse_integer<int>("-2147483649"), std::nullopt);
  EXPECT_EQ(parse_integer<std::int64_t>("99999999999999999999"), std::nullopt);
  EXPECT_EQ(parse_integer<unsigned>("-1"), std::nullopt);  // strtoul would wrap it
  EXPECT_EQ(parse_integer<std::uint8_t>("256"), std::nullopt);
}

TEST(ParseInteger, ReadsOnlyTheViewItIsGiven) {
  const std::string line = "123-4567";  // a cgroup's name: pid, '-', nanoseconds
  EXPECT_EQ(parse_integer<int>(std::string_view(line).substr(0, 3)), 123);
}

TEST(ParseFiniteNumber, TakesDecimalNumbers) {
  EXPECT_EQ(parse_finite_number("2"), 2.0);
  EXPECT_EQ(parse_finite_number("-0.5"), -0.5);
  EXPECT_EQ(parse_finite_number("1e3"), 1000.0);
  EXPECT_EQ(parse_finite_number("0.125"), 0.125);
}

TEST(ParseFiniteNumber, RejectsGarbageJunkInfinityAndOutOfRange) {
  for (const char* text :
       {"", ".", "x", "1.5abc", "2 ", " 2", "+2", "inf", "-inf", "nan", "infinity", "1e999", "0x1p3", "1,5"})
    EXPECT_EQ(parse_finite_number(text), std::nullopt) << "'" << text << "'";
}

}  // namespace
}  // namespace judge
