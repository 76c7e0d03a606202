#include "answer.hpp"

#include <vector>

#include <gtest/gtest.h>

namespace twin_cookies {
namespace {

using Values = std::vector<std::int64_t>;

// The statement's first sample: orders 13, 7, 31, 12, 5, 3 (n = 1, all delivered).
OrderBook sample_book() {
  OrderBook book;
  for (std::int64_t cookie : {13, 7, 31, 12, 5, 3}) {
    EXPECT_EQ(book.add_order(Values{cookie}), std::nullopt);
    book.deliver(cookie);
  }
  return book;
}

// The second sample (n = 2): 3, 8 and 1 were offered but not delivered.
OrderBook sample_two_book() {
  OrderBook book;
  for (const auto& [order, cookie] : std::vector<std::pair<Values, std::int64_t>>{
           {{3, 7}, 7}, {{2, 8}, 2}, {{1, 5}, 5}}) {
    EXPECT_EQ(book.add_order(order), std::nullopt);
    book.deliver(cookie);
  }
  return book;
}

TEST(Answer, CorrectAnswers) {
  EXPECT_EQ(answer_error(Answer{{7, 13}, {12, 5, 3}}, sample_book()), std::nullopt);
  EXPECT_EQ(answer_error(Answer{{2, 5}, {7}}, sample_two_book()), std::nullopt);
  EXPECT_EQ(answer_error(Answer{{7}, {5, 2}}, sample_two_book()), std::nullopt);
}

TEST(Answer, CookieNeverDelivered) {
  EXPECT_EQ(answer_error(Answer{{3}, {2, 1}}, sample_two_book()),
            "a_1 = 3 never arrived: order 1 offered it as v_1, but cookie 7 was delivered");
  EXPECT_EQ(answer_error(Answer{{10}, {8, 2}}, sample_two_book()), "a_1 = 10 was never ordered");
  EXPECT_EQ(answer_error(Answer{{7}, {2, 8, 1}}, sample_two_book()),
            "b_2 = 8 never arrived: order 2 offered it as v_2, but cookie 2 was delivered");
}

TEST(Answer, CookieGivenTwice) {
  EXPECT_EQ(answer_error(Answer{{7}, {7}}, sample_two_book()), "b_1 = 7 is given twice: it is also a_1 (to the other sister)");
  EXPECT_EQ(answer_error(Answer{{12, 12}, {12, 12}}, sample_book()), "a_2 = 12 is given twice: it is also a_1");
  EXPECT_EQ(answer_error(Answer{{13, 31}, {7, 31}}, sample_book()),
            "b_2 = 31 is given twice: it is also a_2 (to the other sister)");
  // Equal sums do not save an answer that gives a cookie twice: 12 + 3 = 5 + 7 + 3.
  EXPECT_EQ(answer_error(Answer{{12, 3}, {5, 7, 3}}, sample_book()),
            "b_3 = 3 is given twice: it is also a_2 (to the other sister)");
}

TEST(Answer, UnequalSums) {
  EXPECT_EQ(answer_error(Answer{{7, 13}, {12, 5}}, sample_book()),
            "the sums differ: 20 for the first sister (2 cookies), 17 for the second (2 cookies)");
  EXPECT_EQ(answer_error(Answer{{31}, {13}}, sample_book()),
            "the sums differ: 31 for the first sister (1 cookie), 13 for the second (1 cookie)");
}

// Sums of up to 101 cookies of 10^16 exceed nothing in 128 bits, and are exact.
TEST(Answer, SumsAreExact) {
  const Values big(101, 10'000'000'000'000'000);
  EXPECT_EQ(to_string(sum_of(big)), "1010000000000000000");
  EXPECT_EQ(to_string(Sum{0}), "0");
  EXPECT_EQ(to_string(Sum{-42}), "-42");
  Sum huge = 1;
  for (int i = 0; i < 120; ++i) huge *= 2;
  EXPECT_EQ(to_string(huge), "1329227995784915872903807060280344576");
  OrderBook book;
  for (std::int64_t cookie : {10'000'000'000'000'000LL, 9'999'999'999'999'999LL, 1LL}) {
    ASSERT_EQ(book.add_order(Values{cookie}), std::nullopt);
    book.deliver(cookie);
  }
  EXPECT_EQ(answer_error(Answer{{10'000'000'000'000'000}, {9'999'999'999'999'999, 1}}, book), std::nullopt);
}

}  // namespace
}  // namespace twin_cookies
