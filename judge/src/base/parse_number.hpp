// parse_number: a number read from text the judge did not write (a command-line
// value, a package's file, an entry of /proc or /sys, a checker's message), taken only
// when the text is that number and nothing else. No leading or trailing space or
// junk ("12abc", "7 "), no sign the type cannot hold ("-1" for a count), nothing out
// of the type's range, no infinity or NaN: each is nullopt, so the caller says what
// it expected instead of going on with a prefix, a wrapped value or 0. std::from_chars
// does the reading: no locale, no errno, no exceptions.
#pragma once

#include <charconv>
#include <optional>
#include <string_view>
#include <system_error>
#include <type_traits>

namespace judge {

template <typename Integer>
std::optional<Integer> parse_integer(std::string_view text) {
  static_assert(std::is_integral_v<Integer> && !std::is_same_v<Integer, bool>);
  Integer value{};
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, value);
  if (error != std::errc() || stop != end) return std::nullopt;
  return value;
}

// A finite decimal number ("2", "-0.5", "1e3"); not hexadecimal, "inf" or "nan".
std::optional<double> parse_finite_number(std::string_view text);

}  // namespace judge
