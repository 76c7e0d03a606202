#include "order_line.hpp"

#include <chrono>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "limits.hpp"
#include "testing_support.hpp"

namespace twin_cookies {
namespace {

using interactor::Finish;
using interactor::Line;
using interactor::LineSource;
using interactor::Outcome;
using interactor::Verdict;
using interactor::testing_support::finish_of;

std::vector<std::int64_t> parse(std::string text, int n) {
  const Line line(std::move(text), 4, LineSource::contestant);
  std::vector<std::int64_t> values = {99};
  parse_order(line, n, 3, values);
  return values;
}

// The PE message of parsing `text` as order 3 on line 4.
std::string error_of(std::string text, int n) {
  const Finish finish = finish_of([&] { parse(std::move(text), n); });
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::PE);
  EXPECT_FALSE(finish.contestant_eof);
  return finish.message;
}

TEST(OrderLine, ValidOrders) {
  EXPECT_EQ(parse("? 13", 1), (std::vector<std::int64_t>{13}));
  EXPECT_EQ(parse("? 3 7", 2), (std::vector<std::int64_t>{3, 7}));
  EXPECT_EQ(parse("? 10000000000000000 1 5", 3), (std::vector<std::int64_t>{10'000'000'000'000'000, 1, 5}));
  // Repeats are not the parser's business (OrderBook's).
  EXPECT_EQ(parse("? 5 5", 2), (std::vector<std::int64_t>{5, 5}));
}

TEST(OrderLine, WrongCount) {
  EXPECT_EQ(error_of("?", 1), "line 4: expected order 3 '? v_1 ... v_1', got '?' (0 values, expected n = 1)");
  EXPECT_EQ(error_of("? 1 2", 3), "line 4: expected order 3 '? v_1 ... v_3', got '? 1 2' (2 values, expected n = 3)");
  EXPECT_EQ(error_of("? 1", 2), "line 4: expected order 3 '? v_1 ... v_2', got '? 1' (1 value, expected n = 2)");
  EXPECT_EQ(error_of("? 1 2 3", 2), "line 4: expected order 3 '? v_1 ... v_2', got '? 1 2 3' (more than n = 2 values)");
}

TEST(OrderLine, Spacing) {
  EXPECT_EQ(error_of("? 1  2", 2),
            "line 4: expected order 3 '? v_1 ... v_2', got '? 1  2' "
            "(two spaces before v_2: values are separated by single spaces)");
  EXPECT_EQ(error_of("?  1 2", 2),
            "line 4: expected order 3 '? v_1 ... v_2', got '?  1 2' "
            "(two spaces before v_1: values are separated by single spaces)");
  EXPECT_EQ(error_of("? 1 2 ", 2),
            "line 4: expected order 3 '? v_1 ... v_2', got '? 1 2 ' (a space at the end of the line)");
  EXPECT_EQ(error_of("? ", 1), "line 4: expected order 3 '? v_1 ... v_1', got '? ' (a space at the end of the line)");
  EXPECT_EQ(error_of("?1", 1), "line 4: expected order 3 '? v_1 ... v_1', got '?1' ('?' is not followed by a space)");
  EXPECT_EQ(error_of("! 1", 1),
            "line 4: expected order 3 '? v_1 ... v_1', got '! 1' (the line does not start with '?')");
  EXPECT_EQ(error_of("? 1\t2", 2),
            "line 4: expected order 3 '? v_1 ... v_2', got '? 1\\t2' (v_1 '1\\t2' is not a decimal integer)");
  EXPECT_EQ(error_of("? 1 2\r", 2),
            "line 4: expected order 3 '? v_1 ... v_2', got '? 1 2\\r' (v_2 '2\\r' is not a decimal integer)");
}

TEST(OrderLine, BadTokens) {
  EXPECT_EQ(error_of("? 1 -5 3", 3), "line 4: expected order 3 '? v_1 ... v_3', got '? 1 -5 3' (v_2 '-5' has a sign)");
  EXPECT_EQ(error_of("? +5", 1), "line 4: expected order 3 '? v_1 ... v_1', got '? +5' (v_1 '+5' has a sign)");
  EXPECT_EQ(error_of("? 05", 1), "line 4: expected order 3 '? v_1 ... v_1', got '? 05' (v_1 '05' has leading zeros)");
  EXPECT_EQ(error_of("? 0", 1), "line 4: expected order 3 '? v_1 ... v_1', got '? 0' (v_1 = 0 is not in [1, 10^16])");
  EXPECT_EQ(error_of("? 10000000000000001", 1),
            "line 4: expected order 3 '? v_1 ... v_1', got '? 10000000000000001' "
            "(v_1 = 10000000000000001 is not in [1, 10^16])");
  EXPECT_EQ(error_of("? 1 x 3", 3),
            "line 4: expected order 3 '? v_1 ... v_3', got '? 1 x 3' (v_2 'x' is not a decimal integer)");
  EXPECT_EQ(error_of("? 99999999999999999999999", 1),
            "line 4: expected order 3 '? v_1 ... v_1', got '? 99999999999999999999999' "
            "(v_1 '99999999999999999999999' has more than 17 digits)");
}

// A long line is quoted around the offending value, and the message stays short.
TEST(OrderLine, LongLinesAreQuotedAroundTheValue) {
  std::string text = "?";
  for (int i = 1; i <= 5000; ++i) text += " " + std::to_string(i == 4321 ? 0 : i);
  const std::string message = error_of(text, 5000);
  EXPECT_EQ(message,
            "line 4: expected order 3 '? v_1 ... v_5000', got '...316 4317 4318 4319 4320 0 4322 4323 4324 4325 "
            "4326 4327 4328 4329 4330 4...' (v_4321 = 0 is not in [1, 10^16])");
}

TEST(OrderLine, RejectOrderQuotesTheValue) {
  const Line line("? 5 6 7 6", 9, LineSource::contestant);
  const Finish finish = finish_of([&] { reject_order(line, 4, 8, 3, "v_4 = 6 repeats v_2 of this order"); });
  EXPECT_EQ(finish.verdict, Verdict::PE);
  EXPECT_EQ(finish.message,
            "line 9: expected order 8 '? v_1 ... v_4', got '? 5 6 7 6' (v_4 = 6 repeats v_2 of this order)");
}

// The longest legal order fits the line limit (which allows 17 digits for every value,
// although only 10^16 itself has 17).
TEST(OrderLine, LongestLegalLineFitsTheLimit) {
  for (int n : {1, 2, 25, 5000}) {
    std::string text = "?";
    for (int i = 0; i < n; ++i) text += " " + std::to_string(10'000'000'000'000'000 - i);
    EXPECT_LE(text.size(), max_line_bytes(n)) << n;
    EXPECT_EQ(parse(text, n).size(), static_cast<std::size_t>(n));
  }
  EXPECT_EQ(max_line_bytes(5000), 90001u);
  EXPECT_EQ(max_line_bytes(1), 1818u);  // the answer's lists: 101 values
}

// Speed: 101 orders of 5000 values of 16 digits parse in well under 100 ms in an
// optimized build (they take about 9 ms; the bound is loose for slow CI machines, and
// ten times looser for unoptimized or sanitizer builds, which have no NDEBUG).
TEST(OrderLine, MaximalTestParsesFast) {
  std::string text = "?";
  for (int i = 0; i < 5000; ++i) text += " " + std::to_string(10'000'000'000'000'000 - i);
  const Line line(text, 1, LineSource::contestant);
  std::vector<std::int64_t> values;
  const auto start = std::chrono::steady_clock::now();
  for (int order = 1; order <= 101; ++order) parse_order(line, 5000, order, values);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_EQ(values.back(), 10'000'000'000'000'000 - 4999);
#ifdef NDEBUG
  constexpr std::int64_t kBoundMs = 100;
#else
  constexpr std::int64_t kBoundMs = 1000;
#endif
  EXPECT_LT(std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count(), kBoundMs);
}

}  // namespace
}  // namespace twin_cookies
