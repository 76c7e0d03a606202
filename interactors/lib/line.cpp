#include "line.hpp"

#include <limits>
#include <utility>

#include <fmt/format.h>

#include "finish.hpp"
#include "text.hpp"

namespace interactor {
namespace {

constexpr std::size_t kTokenQuoteChars = 24;

// Magnitude of a strict decimal: digits only, no leading zeros, at most `limit`.
IntError parse_magnitude(std::string_view digits, std::uint64_t limit, std::uint64_t& value) {
  if (digits.empty()) return IntError::not_decimal;
  for (char c : digits) {
    if (c < '0' || c > '9') return IntError::not_decimal;
  }
  if (digits.size() > 1 && digits[0] == '0') return IntError::leading_zero;
  std::uint64_t result = 0;
  for (char c : digits) {
    const auto digit = static_cast<std::uint64_t>(c - '0');
    if (result > (limit - digit) / 10) return IntError::overflow;
    result = result * 10 + digit;
  }
  value = result;
  return IntError::none;
}

std::string int_error_detail(IntError error, std::string_view token, std::string_view name) {
  switch (error) {
    case IntError::none: return {};
    case IntError::not_decimal:
      return fmt::format("{} {} is not a decimal integer", name, quote(token, 0, kTokenQuoteChars));
    case IntError::plus_sign: return fmt::format("{} has a '+' sign", name);
    case IntError::leading_zero: return fmt::format("{} has leading zeros", name);
    case IntError::negative_zero: return fmt::format("{} is '-0'", name);
    case IntError::overflow: return fmt::format("{} does not fit in 64 bits", name);
  }
  return {};
}

}  // namespace

IntError parse_int64(std::string_view token, std::int64_t& value) {
  if (!token.empty() && token[0] == '+') return IntError::plus_sign;
  const bool negative = !token.empty() && token[0] == '-';
  if (negative) token.remove_prefix(1);
  constexpr auto max_positive = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  std::uint64_t magnitude = 0;
  const IntError error = parse_magnitude(token, negative ? max_positive + 1 : max_positive, magnitude);
  if (error != IntError::none) return error;
  if (negative && magnitude == 0) return IntError::negative_zero;
  // -2^63 is representable although 2^63 is not: negate in unsigned arithmetic.
  value = negative ? static_cast<std::int64_t>(~magnitude + 1) : static_cast<std::int64_t>(magnitude);
  return IntError::none;
}

IntError parse_uint64(std::string_view token, std::uint64_t& value) {
  if (!token.empty() && token[0] == '+') return IntError::plus_sign;
  return parse_magnitude(token, std::numeric_limits<std::uint64_t>::max(), value);
}

Line::Line(std::string text, std::int64_t number, LineSource source, std::string origin)
    : text_(std::move(text)), number_(number), source_(source), origin_(std::move(origin)) {}

std::string_view Line::next_token(std::string_view name, std::string_view range) {
  if (tokens_read_ > 0) {
    if (pos_ == text_.size()) fail_at(pos_, name, range, fmt::format("{} is missing", name));
    ++pos_;  // the single space that ended the previous token
    if (pos_ == text_.size()) fail_at(pos_ - 1, name, range, "a space at the end of the line");
    if (text_[pos_] == ' ') {
      fail_at(pos_, name, range,
              fmt::format("two spaces before {}: tokens are separated by single spaces", name));
    }
  } else {
    if (text_.empty()) fail_at(0, name, range, "the line is empty");
    if (text_[0] == ' ') fail_at(0, name, range, "the line starts with a space");
  }
  const std::size_t begin = pos_;
  const std::size_t space = text_.find(' ', begin);
  pos_ = space == std::string::npos ? text_.size() : space;
  token_begin_ = begin;
  ++tokens_read_;
  last_name_ = name;
  return std::string_view(text_).substr(begin, pos_ - begin);
}

std::string_view Line::read_token(std::string_view name) { return next_token(name, {}); }

Mark Line::read_mark() {
  const std::string_view mark = read_token("'?' or '!'");
  if (mark == "!") return Mark::answer;
  if (mark != "?") fail(fmt::format("{} is neither '?' nor '!'", quote(mark)));
  return Mark::query;
}

void Line::expect(std::string_view literal) {
  const std::string name = fmt::format("'{}'", literal);
  const std::string_view token = next_token(name, {});
  if (token != literal) {
    fail_at(token_begin_, name, {},
            fmt::format("{} instead of {}", quote(token, 0, kTokenQuoteChars), name));
  }
}

std::int64_t Line::read_int(std::int64_t min, std::int64_t max, std::string_view name) {
  const std::string range = fmt::format("{} <= {} <= {}", min, name, max);
  const std::string_view token = next_token(name, range);
  std::int64_t value = 0;
  const IntError error = parse_int64(token, value);
  if (error != IntError::none) fail_at(token_begin_, name, range, int_error_detail(error, token, name));
  if (value < min || value > max) fail_at(token_begin_, name, range, {});
  return value;
}

std::uint64_t Line::read_uint64(std::string_view name) {
  const std::string range =
      fmt::format("0 <= {} <= {}", name, std::numeric_limits<std::uint64_t>::max());
  const std::string_view token = next_token(name, range);
  std::uint64_t value = 0;
  const IntError error = parse_uint64(token, value);
  if (error != IntError::none) fail_at(token_begin_, name, range, int_error_detail(error, token, name));
  return value;
}

void Line::expect_end() {
  if (pos_ == text_.size()) return;
  if (tokens_read_ == 0) fail_at(0, {}, {}, "expected nothing");
  if (pos_ + 1 == text_.size()) fail_at(pos_, {}, {}, "a space at the end of the line");
  fail_at(pos_ + 1, {}, {}, fmt::format("extra text after {}", last_name_));
}

void Line::fail(std::string_view detail) const { fail_at(token_begin_, {}, {}, detail); }

void Line::fail_at(std::size_t focus, std::string_view name, std::string_view range,
                   std::string_view detail) const {
  std::string expected;
  if (!shape_.empty()) {
    expected = shape_;
  } else {
    expected = name;
  }
  if (!range.empty()) expected += fmt::format(" with {}", range);

  std::string message = source_ == LineSource::test_file ? fmt::format("test file {}: ", origin_) : "";
  const std::string seen = quote(text_, focus);
  if (expected.empty()) {
    message += fmt::format("line {}: {}: {}", number_, detail, seen);
  } else {
    message += fmt::format("line {}: expected {}, got {}", number_, expected, seen);
    if (!detail.empty()) message += fmt::format(" ({})", detail);
  }
  if (source_ == LineSource::test_file) throw_judge_error(std::move(message));
  throw_reject(Verdict::PE, std::move(message));
}

}  // namespace interactor
