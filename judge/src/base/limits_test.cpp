#include "base/limits.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

Limits problem_limits() {
  Limits limits;
  limits.cpu_ms = 1000;
  limits.wall_ms = 10000;
  limits.memory_kib = 64 * 1024;
  limits.output_kib = 100;
  limits.processes = 3;
  limits.passes = 5;
  return limits;
}

TEST(Limits, NoOverridesKeepTheProblemsLimitsWhole) {
  const Limits limits = resolve_limits(problem_limits(), {});
  EXPECT_EQ(limits.cpu_ms, 1000);
  EXPECT_EQ(limits.wall_ms, 10000);
  EXPECT_EQ(limits.memory_kib, 64 * 1024);
  EXPECT_EQ(limits.output_kib, 100);
  EXPECT_EQ(limits.processes, 3);
  EXPECT_EQ(limits.passes, 5);
}

TEST(Limits, ACpuOverrideMovesTheWallLimitOnlyUpward) {
  LimitOverrides small;
  small.cpu_ms = 500;  // 2 * 500 + 1000 = 2000 < the problem's 10000
  EXPECT_EQ(resolve_limits(problem_limits(), small).wall_ms, 10000);
  LimitOverrides large;
  large.cpu_ms = 8000;  // 2 * 8000 + 1000 = 17000
  const Limits limits = resolve_limits(problem_limits(), large);
  EXPECT_EQ(limits.cpu_ms, 8000);
  EXPECT_EQ(limits.wall_ms, 17000);
}

TEST(Limits, AMemoryOverrideIsInMebibytes) {
  LimitOverrides overrides;
  overrides.memory_mib = 3;
  EXPECT_EQ(resolve_limits(problem_limits(), overrides).memory_kib, 3 * 1024);
}

TEST(Limits, DefaultWallLimitLeavesRoomForBothSidesAndStartUp) {
  EXPECT_EQ(default_wall_ms(2000), 5000);
  EXPECT_EQ(default_wall_ms(1), 1002);
}

}  // namespace
}  // namespace judge
