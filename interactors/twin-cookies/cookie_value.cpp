#include "cookie_value.hpp"

#include <fmt/format.h>

#include "interactor.hpp"
#include "limits.hpp"

namespace twin_cookies {
namespace {
constexpr std::size_t kTokenQuoteChars = 24;
}

CookieError parse_cookie(std::string_view token, std::int64_t& value) {
  if (token.empty()) return CookieError::empty;
  if (token[0] == '+' || token[0] == '-') return CookieError::sign;
  // Shape first: only digits, and at most 17 of them (one past that is enough to know).
  const std::size_t checked = token.size() < kMaxCookieDigits + 1 ? token.size() : kMaxCookieDigits + 1;
  for (std::size_t i = 0; i < checked; ++i) {
    if (token[i] < '0' || token[i] > '9') return CookieError::not_decimal;
  }
  if (token.size() > kMaxCookieDigits) return CookieError::too_long;
  if (token.size() > 1 && token[0] == '0') return CookieError::leading_zero;
  // At most 17 digits: below 10^17, no overflow possible in 64 bits.
  std::int64_t result = 0;
  for (char c : token) result = result * 10 + (c - '0');
  if (!kCookieRange.contains(result)) return CookieError::out_of_range;
  value = result;
  return CookieError::none;
}

std::string cookie_error_detail(CookieError error, std::string_view token, std::string_view name) {
  const std::string quoted = interactor::quote(token, 0, kTokenQuoteChars);
  switch (error) {
    case CookieError::none: return {};
    case CookieError::empty: return fmt::format("{} is empty", name);
    case CookieError::sign: return fmt::format("{} {} has a sign", name, quoted);
    case CookieError::not_decimal: return fmt::format("{} {} is not a decimal integer", name, quoted);
    case CookieError::leading_zero: return fmt::format("{} {} has leading zeros", name, quoted);
    case CookieError::too_long:
      return fmt::format("{} {} has more than {} digits", name, quoted, kMaxCookieDigits);
    case CookieError::out_of_range:
      return fmt::format("{} = {} is not in [1, 10^16]", name, token);
  }
  return {};
}

}  // namespace twin_cookies
