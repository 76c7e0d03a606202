#include "line.hpp"

#include <cstdint>
#include <limits>
#include <string>

#include <gtest/gtest.h>

#include "finish.hpp"
#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::finish_of;

TEST(ParseInt64, AcceptsStrictDecimals) {
  std::int64_t value = 1;
  EXPECT_EQ(parse_int64("0", value), IntError::none);
  EXPECT_EQ(value, 0);
  EXPECT_EQ(parse_int64("-17", value), IntError::none);
  EXPECT_EQ(value, -17);
  EXPECT_EQ(parse_int64("9223372036854775807", value), IntError::none);
  EXPECT_EQ(value, std::numeric_limits<std::int64_t>::max());
  EXPECT_EQ(parse_int64("-9223372036854775808", value), IntError::none);
  EXPECT_EQ(value, std::numeric_limits<std::int64_t>::min());
}

TEST(ParseInt64, RejectsEverythingElse) {
  std::int64_t value = 0;
  EXPECT_EQ(parse_int64("", value), IntError::not_decimal);
  EXPECT_EQ(parse_int64("-", value), IntError::not_decimal);
  EXPECT_EQ(parse_int64("1a", value), IntError::not_decimal);
  EXPECT_EQ(parse_int64("1.0", value), IntError::not_decimal);
  EXPECT_EQ(parse_int64("--1", value), IntError::not_decimal);
  EXPECT_EQ(parse_int64("+1", value), IntError::plus_sign);
  EXPECT_EQ(parse_int64("01", value), IntError::leading_zero);
  EXPECT_EQ(parse_int64("00", value), IntError::leading_zero);
  EXPECT_EQ(parse_int64("-01", value), IntError::leading_zero);
  EXPECT_EQ(parse_int64("-0", value), IntError::negative_zero);
  EXPECT_EQ(parse_int64("9223372036854775808", value), IntError::overflow);
  EXPECT_EQ(parse_int64("-9223372036854775809", value), IntError::overflow);
  EXPECT_EQ(parse_int64("99999999999999999999999", value), IntError::overflow);
}

TEST(ParseUint64, FullRange) {
  std::uint64_t value = 0;
  EXPECT_EQ(parse_uint64("18446744073709551615", value), IntError::none);
  EXPECT_EQ(value, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(parse_uint64("18446744073709551616", value), IntError::overflow);
  EXPECT_EQ(parse_uint64("-1", value), IntError::not_decimal);
  EXPECT_EQ(parse_uint64("+1", value), IntError::plus_sign);
}

Line contestant_line(std::string text, std::int64_t number = 7) {
  Line line(std::move(text), number, LineSource::contestant);
  line.set_shape("'? i j'");
  return line;
}

// The message of a query line `text` read as "? i j" with 1 <= i, j <= 1000.
Finish query_failure(std::string text) {
  return finish_of([&] {
    Line line = contestant_line(std::move(text));
    line.expect("?");
    line.read_int(1, 1000, "i");
    line.read_int(1, 1000, "j");
    line.expect_end();
  });
}

TEST(Line, ReadsAWellFormedLine) {
  Line line = contestant_line("? 3 1000");
  line.expect("?");
  EXPECT_EQ(line.read_int(1, 1000, "i"), 3);
  EXPECT_FALSE(line.at_end());
  EXPECT_EQ(line.read_int(1, 1000, "j"), 1000);
  EXPECT_TRUE(line.at_end());
  line.expect_end();
}

TEST(Line, TokensAndUint64) {
  Line line("random 18446744073709551615", 2, LineSource::test_file, "t.in");
  EXPECT_EQ(line.read_token("mode"), "random");
  EXPECT_EQ(line.read_uint64("seed"), std::numeric_limits<std::uint64_t>::max());
  line.expect_end();
}

TEST(Line, OutOfRangeIsPresentationErrorWithTheExactMessage) {
  const Finish finish = query_failure("? 3 1001");
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::PE);
  EXPECT_FALSE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "line 7: expected '? i j' with 1 <= j <= 1000, got '? 3 1001'");
}

TEST(Line, SaysPreciselyWhatIsWrong) {
  EXPECT_EQ(query_failure("?1 2").message, "line 7: expected '? i j', got '?1 2' ('?1' instead of '?')");
  EXPECT_EQ(query_failure("? 1").message, "line 7: expected '? i j' with 1 <= j <= 1000, got '? 1' (j is missing)");
  EXPECT_EQ(query_failure("? 1 2 3").message, "line 7: expected '? i j', got '? 1 2 3' (extra text after j)");
  EXPECT_EQ(query_failure("? 1 2 ").message, "line 7: expected '? i j', got '? 1 2 ' (a space at the end of the line)");
  EXPECT_EQ(query_failure("?  1 2").message,
            "line 7: expected '? i j' with 1 <= i <= 1000, got '?  1 2' "
            "(two spaces before i: tokens are separated by single spaces)");
  EXPECT_EQ(query_failure(" ? 1 2").message, "line 7: expected '? i j', got ' ? 1 2' (the line starts with a space)");
  EXPECT_EQ(query_failure("").message, "line 7: expected '? i j', got '' (the line is empty)");
  EXPECT_EQ(query_failure("? 01 2").message,
            "line 7: expected '? i j' with 1 <= i <= 1000, got '? 01 2' (i has leading zeros)");
  EXPECT_EQ(query_failure("? +1 2").message,
            "line 7: expected '? i j' with 1 <= i <= 1000, got '? +1 2' (i has a '+' sign)");
  EXPECT_EQ(query_failure("? 1x 2").message,
            "line 7: expected '? i j' with 1 <= i <= 1000, got '? 1x 2' (i '1x' is not a decimal integer)");
  EXPECT_EQ(query_failure("? 1 -0").message,
            "line 7: expected '? i j' with 1 <= j <= 1000, got '? 1 -0' (j is '-0')");
  EXPECT_EQ(query_failure("? 1 99999999999999999999").message,
            "line 7: expected '? i j' with 1 <= j <= 1000, got '? 1 99999999999999999999' "
            "(j does not fit in 64 bits)");
  EXPECT_EQ(query_failure("? 1\t2").message,
            "line 7: expected '? i j' with 1 <= i <= 1000, got '? 1\\t2' (i '1\\t2' is not a decimal integer)");
  EXPECT_EQ(query_failure("? 1 2\r").message,
            "line 7: expected '? i j' with 1 <= j <= 1000, got '? 1 2\\r' (j '2\\r' is not a decimal integer)");
  EXPECT_EQ(query_failure("? 0 2").message, "line 7: expected '? i j' with 1 <= i <= 1000, got '? 0 2'");
  EXPECT_EQ(query_failure("? -1 2").message, "line 7: expected '? i j' with 1 <= i <= 1000, got '? -1 2'");
}

TEST(Line, WithoutAShapeNamesTheItem) {
  const Finish finish = finish_of([] {
    Line line("1001", 1, LineSource::contestant);
    line.read_int(2, 1000, "n");
  });
  EXPECT_EQ(finish.message, "line 1: expected n with 2 <= n <= 1000, got '1001'");
}

TEST(Line, FailWithAProblemSpecificReason) {
  const Finish with_shape = finish_of([] {
    Line line("! 1 1", 12, LineSource::contestant);
    line.set_shape("'! p_1 ... p_n'");
    line.expect("!");
    line.read_int(1, 2, "p_1");
    line.read_int(1, 2, "p_2");
    line.fail("bolt 1 is given to nut 1 and to nut 2");
  });
  EXPECT_EQ(with_shape.message, "line 12: expected '! p_1 ... p_n', got '! 1 1' (bolt 1 is given to nut 1 and to nut 2)");
  const Finish without_shape = finish_of([] {
    Line line("hello", 3, LineSource::contestant);
    line.fail("not a query");
  });
  EXPECT_EQ(without_shape.message, "line 3: not a query: 'hello'");
}

TEST(Line, GarbageBytesAreEscapedAndLongLinesCut) {
  std::string garbage = "? ";
  for (int i = 0; i < 200000; ++i) garbage += static_cast<char>(i % 256);
  const Finish finish = query_failure(garbage);
  EXPECT_EQ(finish.verdict, Verdict::PE);
  EXPECT_LT(finish.message.size(), 300u);
  for (char c : finish.message) EXPECT_TRUE(c >= 0x20 && c < 0x7f);
}

TEST(Line, LongAnswerLineQuotesAroundTheBadValue) {
  std::string text = "!";
  for (int i = 1; i <= 1000; ++i) text += " " + std::to_string(i == 700 ? 5000 : i);
  const Finish finish = finish_of([&] {
    Line line(text, 3, LineSource::contestant);
    line.set_shape("'! p_1 ... p_n'");
    line.expect("!");
    for (int i = 1; i <= 1000; ++i) line.read_int(1, 1000, "p_" + std::to_string(i));
  });
  EXPECT_NE(finish.message.find("with 1 <= p_700 <= 1000"), std::string::npos) << finish.message;
  EXPECT_NE(finish.message.find(" 699 5000 701 "), std::string::npos) << finish.message;
  EXPECT_LT(finish.message.size(), 200u);
}

TEST(Line, TestFileLinesFailAsJudgeErrors) {
  const Finish finish = finish_of([] {
    Line line("1001", 1, LineSource::test_file, "tests/01.in");
    line.read_int(2, 1000, "n");
  });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
  EXPECT_EQ(finish.message, "test file tests/01.in: line 1: expected n with 2 <= n <= 1000, got '1001'");
}

}  // namespace
}  // namespace interactor
