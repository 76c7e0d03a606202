// A cookie's tastiness as the contestant writes it: a strict decimal in
// [1, 10^16] — digits only (no sign, no '+'), no leading zeros, at most 17 digits.
// The shape is checked before any conversion, so an overlong token (say a million
// digits) is rejected after looking at 18 of its bytes, and a signed one at its first.
// Used for every value of an order and of the final answer.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace twin_cookies {

enum class CookieError {
  none,
  empty,         // "" (two spaces in a row, a space at the end of the line)
  sign,          // starts with '+' or '-'
  not_decimal,   // some other non-digit byte
  leading_zero,  // "0..." with more digits ("0" itself is out_of_range)
  too_long,      // more than 17 digits
  out_of_range,  // 0, or above 10^16
};

// Parses a whole token; `value` is set only when the result is CookieError::none.
CookieError parse_cookie(std::string_view token, std::int64_t& value);

// Why `token` (named `name`, e.g. "v_3") is not a cookie value, for messages:
// "v_3 '-5' has a sign". The token is quoted (escaped, cut to a few dozen characters).
std::string cookie_error_detail(CookieError error, std::string_view token, std::string_view name);

}  // namespace twin_cookies
