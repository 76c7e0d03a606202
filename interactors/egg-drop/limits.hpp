// The numbers of the statement (README.md) that are fixed for every test: the test
// format, the interactor, the generator and the unit tests take them from here. The
// direction-change penalty P is a test's own; only its bounds are fixed.
#pragma once

#include <cstdint>

#include "int_range.hpp"

namespace egg_drop {

inline constexpr interactor::IntRange kNRange{1, 10000};
inline constexpr interactor::IntRange kPenaltyRange{0, 1000000000};
// Queries (eggs dropped) per test; the next one is answered -1 and rejected QLE.
inline constexpr std::int64_t kQueryLimit = 200000;
// The elevator's floor before the first query.
inline constexpr int kStartFloor = 1;

}  // namespace egg_drop
