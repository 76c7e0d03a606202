#include "order_line.hpp"

#include <fmt/format.h>

#include "cookie_value.hpp"

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
    std::size_t end = begin;
    while (end < text.size() && text[end] != ' ') ++end;
    if (index == wanted) {
      reject_at(line, n, order_number, begin, fmt::format("more than n = {} values", n));
    }
    std::int64_t value = 0;
    const std::string_view token = text.substr(begin, end - begin);
    const CookieError error = parse_cookie(token, value);
    if (error != CookieError::none) {
      reject_at(line, n, order_number, begin, cookie_error_detail(error, token, fmt::format("v_{}", index + 1)));
    }
    values.push_back(value);
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
