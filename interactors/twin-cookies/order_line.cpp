#include "order_line.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "cookie_value.hpp"
#include "limits.hpp"

namespace twin_cookies {
namespace {

using interactor::Line;

[[noreturn]] void reject_at(const Line& line, int n, std::int64_t order_number, std::size_t focus,
                            std::string_view detail) {
  interactor::throw_reject(
      interactor::Verdict::PE,
      fmt::format("line {}: expected order {} '? v_1 ... v_{}', got {} ({})", line.number(), order_number, n,
                  interactor::quote(line.text(), focus), detail));
}

// Byte offset of token `index` (0-based) after the leading "?", for quoting; the end of
// the line if there are fewer tokens. Only used on the error path.
std::size_t value_offset(std::string_view text, std::size_t index) {
  std::size_t pos = 1;
  for (std::size_t i = 0; i <= index; ++i) {
    if (pos >= text.size()) return text.size();
    ++pos;  // the space before the token
    if (i == index) break;
    const std::size_t space = text.find(' ', pos);
    pos = space == std::string_view::npos ? text.size() : space;
  }
  return pos;
}

}  // namespace

void parse_order(const Line& line, int n, std::int64_t order_number, std::vector<std::int64_t>& values) {
  values.clear();
  const std::string_view text = line.text();
  if (text.empty() || text[0] != '?') reject_at(line, n, order_number, 0, "the line does not start with '?'");
  const auto wanted = static_cast<std::size_t>(n);
  std::size_t pos = 1;  // at the space before the next value, or at the end
  while (pos < text.size()) {
    if (text[pos] != ' ') reject_at(line, n, order_number, pos, "'?' is not followed by a space");
    const std::size_t begin = pos + 1;
    const std::size_t index = values.size();
    if (begin == text.size()) reject_at(line, n, order_number, pos, "a space at the end of the line");
    if (text[begin] == ' ') {
      reject_at(line, n, order_number, begin,
                fmt::format("two spaces before v_{}: values are separated by single spaces", index + 1));
    }
    if (index == wanted) {
      reject_at(line, n, order_number, begin, fmt::format("more than n = {} values", n));
    }
    // The hot path, one pass over the token: up to 17 digits read and converted at
    // once. A well-formed value ends at a space or the end of the line, has no leading
    // zero and lies in [1, 10^16]; anything else goes to parse_cookie for the reason.
    std::size_t end = begin;
    const std::size_t digits_end = std::min(text.size(), begin + kMaxCookieDigits);
    std::uint64_t value = 0;
    while (end < digits_end) {
      const auto digit = static_cast<unsigned char>(text[end] - '0');
      if (digit > 9) break;
      value = value * 10 + digit;
      ++end;
    }
    const bool well_formed = end > begin && (end == text.size() || text[end] == ' ') &&
                             (text[begin] != '0' || end == begin + 1) &&
                             value >= static_cast<std::uint64_t>(kCookieRange.min) &&
                             value <= static_cast<std::uint64_t>(kCookieRange.max);
    if (!well_formed) {
      while (end < text.size() && text[end] != ' ') ++end;
      const std::string_view token = text.substr(begin, end - begin);
      std::int64_t parsed = 0;
      const CookieError error = parse_cookie(token, parsed);
      reject_at(line, n, order_number, begin, cookie_error_detail(error, token, fmt::format("v_{}", index + 1)));
    }
    values.push_back(static_cast<std::int64_t>(value));
    pos = end;
  }
  if (values.size() != wanted) {
    reject_at(line, n, order_number, text.size(),
              fmt::format("{} value{}, expected n = {}", values.size(), values.size() == 1 ? "" : "s", n));
  }
}

void reject_order(const Line& line, int n, std::int64_t order_number, std::size_t value_index,
                  std::string_view detail) {
  reject_at(line, n, order_number, value_offset(line.text(), value_index), detail);
}

}  // namespace twin_cookies
