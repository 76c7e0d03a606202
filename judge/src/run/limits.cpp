#include "run/limits.hpp"

#include <algorithm>

namespace judge {

std::int64_t default_wall_ms(std::int64_t cpu_ms) { return 2 * cpu_ms + 1000; }

Limits resolve_limits(const Limits& problem_limits, const LimitOverrides& overrides) {
  Limits limits = problem_limits;
  if (overrides.cpu_ms) {
    limits.cpu_ms = *overrides.cpu_ms;
    limits.wall_ms = std::max(problem_limits.wall_ms, default_wall_ms(limits.cpu_ms));
  }
  if (overrides.memory_mib) limits.memory_kib = *overrides.memory_mib * 1024;
  return limits;
}

}  // namespace judge
