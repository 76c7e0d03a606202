// The printed name of a small enum whose enumerators count 0, 1, 2, ... in the
// order of NAMES: the statuses of doctor, validate and verify. One table per enum
// beside it, one lookup here; a value out of range (a cast from bad data) is "?".
#pragma once

#include <array>
#include <cstddef>
#include <string_view>

namespace judge {

template <class Enum, std::size_t Count>
constexpr std::string_view enum_name(Enum value, const std::array<std::string_view, Count>& names) {
  const auto index = static_cast<std::size_t>(value);
  return index < Count ? names[index] : std::string_view("?");
}

}  // namespace judge
