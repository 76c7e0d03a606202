// English plurals for counts in messages: "1 test", "2 tests", "0 tests". Only the
// regular "+s" plural; a word with another plural passes it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include <fmt/format.h>

namespace judge {

inline std::string plural(std::size_t count, std::string_view singular, std::string_view plural_form = "") {
  if (count == 1) return std::string(singular);
  return plural_form.empty() ? std::string(singular) + "s" : std::string(plural_form);
}

// "1 test", "3 tests".
inline std::string count_of(std::size_t count, std::string_view singular, std::string_view plural_form = "") {
  return fmt::format("{} {}", count, plural(count, singular, plural_form));
}

}  // namespace judge
