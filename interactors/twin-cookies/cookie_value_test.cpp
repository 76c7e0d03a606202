#include "cookie_value.hpp"

#include <string>

#include <gtest/gtest.h>

namespace twin_cookies {
namespace {

CookieError error_of(std::string_view token) {
  std::int64_t value = -1;
  const CookieError error = parse_cookie(token, value);
  if (error != CookieError::none) {
    EXPECT_EQ(value, -1) << "value set on error for " << token;
  }
  return error;
}

TEST(CookieValue, ValidValues) {
  std::int64_t value = 0;
  EXPECT_EQ(parse_cookie("1", value), CookieError::none);
  EXPECT_EQ(value, 1);
  EXPECT_EQ(parse_cookie("13", value), CookieError::none);
  EXPECT_EQ(value, 13);
  EXPECT_EQ(parse_cookie("9999999999999999", value), CookieError::none);
  EXPECT_EQ(value, 9'999'999'999'999'999);
  EXPECT_EQ(parse_cookie("10000000000000000", value), CookieError::none);
  EXPECT_EQ(value, 10'000'000'000'000'000);
}

TEST(CookieValue, EveryMalformedShape) {
  EXPECT_EQ(error_of(""), CookieError::empty);
  EXPECT_EQ(error_of("-5"), CookieError::sign);
  EXPECT_EQ(error_of("+5"), CookieError::sign);
  EXPECT_EQ(error_of("-0"), CookieError::sign);
  EXPECT_EQ(error_of("-"), CookieError::sign);
  EXPECT_EQ(error_of("5a"), CookieError::not_decimal);
  EXPECT_EQ(error_of("0x10"), CookieError::not_decimal);
  EXPECT_EQ(error_of("1e5"), CookieError::not_decimal);
  EXPECT_EQ(error_of("5\r"), CookieError::not_decimal);
  EXPECT_EQ(error_of("5\t"), CookieError::not_decimal);
  EXPECT_EQ(error_of(std::string("5\0", 2)), CookieError::not_decimal);
  EXPECT_EQ(error_of("1.0"), CookieError::not_decimal);
  EXPECT_EQ(error_of("00"), CookieError::leading_zero);
  EXPECT_EQ(error_of("007"), CookieError::leading_zero);
  EXPECT_EQ(error_of("0"), CookieError::out_of_range);
  EXPECT_EQ(error_of("10000000000000001"), CookieError::out_of_range);
  EXPECT_EQ(error_of("99999999999999999"), CookieError::out_of_range);
}

// Overlong tokens are rejected by their length, before any conversion: no overflow, and
// garbage after the 18th byte is not even looked at.
TEST(CookieValue, OverlongTokens) {
  EXPECT_EQ(error_of("100000000000000000"), CookieError::too_long);         // 10^17
  EXPECT_EQ(error_of("000000000000000001"), CookieError::too_long);         // 18 digits
  EXPECT_EQ(error_of("18446744073709551617"), CookieError::too_long);       // 2^64 + 1
  EXPECT_EQ(error_of(std::string(1'000'000, '9')), CookieError::too_long);  // a million digits
  EXPECT_EQ(error_of(std::string(18, '1') + "x"), CookieError::too_long);
  EXPECT_EQ(error_of(std::string(17, '1') + "x"), CookieError::not_decimal);
}

TEST(CookieValue, Details) {
  EXPECT_EQ(cookie_error_detail(CookieError::empty, "", "v_3"), "v_3 is empty");
  EXPECT_EQ(cookie_error_detail(CookieError::sign, "-5", "v_3"), "v_3 '-5' has a sign");
  EXPECT_EQ(cookie_error_detail(CookieError::not_decimal, "5\r", "a_1"), "a_1 '5\\r' is not a decimal integer");
  EXPECT_EQ(cookie_error_detail(CookieError::leading_zero, "007", "v_3"), "v_3 '007' has leading zeros");
  EXPECT_EQ(cookie_error_detail(CookieError::too_long, std::string(40, '9'), "v_3"),
            "v_3 '999999999999999999999999...' has more than 17 digits");
  EXPECT_EQ(cookie_error_detail(CookieError::out_of_range, "0", "v_3"), "v_3 = 0 is not in [1, 10^16]");
}

}  // namespace
}  // namespace twin_cookies
