// The numbers of the statement (README.md) that are fixed for every test. The
// direction-change penalty P is not among them: each test file gives its own.
#pragma once

#include <cstdint>

namespace egg_drop {

inline constexpr int kMinN = 1;
inline constexpr int kMaxN = 10000;
inline constexpr std::int64_t kMinPenalty = 0;
inline constexpr std::int64_t kMaxPenalty = 1000000000;
// Queries (eggs dropped) per test; the next one is answered -1 and rejected QLE.
inline constexpr std::int64_t kQueryLimit = 200000;
// The elevator's floor before the first query.
inline constexpr int kStartFloor = 1;

}  // namespace egg_drop
