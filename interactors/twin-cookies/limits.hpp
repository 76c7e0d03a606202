// The limits of the statement (see README.md), in one place: the interactor, the test
// format, the generator and the unit tests all take them from here.
#pragma once

#include <cstddef>
#include <cstdint>

#include "int_range.hpp"

namespace twin_cookies {

inline constexpr interactor::IntRange kNRange{1, 5000};
inline constexpr std::int64_t kMaxOrders = 101;
inline constexpr interactor::IntRange kCookieRange{1, 10'000'000'000'000'000};  // 1..10^16
inline constexpr std::size_t kMaxCookieDigits = 17;                           // "10000000000000000"

// The longest line a correct contestant can write, in bytes (without the '\n'):
//   an order   "? v_1 ... v_n": '?' and n times ' ' + at most 17 digits = 1 + 18 n;
//   an answer  "! m k" and the two lists: every cookie given away was delivered, so a
//              list holds at most kMaxOrders values: 18 * 101 - 1 bytes (the header
//              "! m k" with m, k <= 101 is shorter).
// Anything longer is rejected as soon as the limit is passed (the line reader keeps at
// most this many bytes), so a 2 GB line of garbage costs about 90 KB of memory.
constexpr std::size_t max_line_bytes(int n) {
  const std::size_t order = 1 + (1 + kMaxCookieDigits) * static_cast<std::size_t>(n);
  const std::size_t answer = (1 + kMaxCookieDigits) * static_cast<std::size_t>(kMaxOrders);
  return order > answer ? order : answer;
}

}  // namespace twin_cookies
