// IntRange: the integers MIN..MAX, both ends included, as a statement bounds a number
// ("1 <= N <= 10^4"). A problem declares each bound of its statement as one
// (limits.hpp), and the reads, the generator arguments and the checks that enforce it
// take it whole: one bound's minimum cannot be paired with another's maximum.
#pragma once

#include <cstdint>

namespace interactor {

struct IntRange {
  std::int64_t min;
  std::int64_t max;

  constexpr bool contains(std::int64_t value) const { return min <= value && value <= max; }
};

}  // namespace interactor
