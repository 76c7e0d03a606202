#include "base/limits.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {

void check_limit_range(const LimitRange& range, std::int64_t value, const std::string& where) {
  if (value < range.min || value > range.max)
    throw ConfigError(fmt::format("{}: \"{}\" must be between {} and {}, got {}", where, range.key, range.min,
                                  range.max, value));
}

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
