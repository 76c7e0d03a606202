// problemtools' "sensitive to time limit" and BAPCtools' "close to the limit" from
// graded runs alone.
#include "verify/time_sensitivity.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

// One test that used `cpu_ms`, graded at `limit_ms`.
RunResult run_at(std::int64_t limit_ms, std::int64_t cpu_ms) {
  RunResult run;
  run.limits.cpu_ms = limit_ms;
  TestOutcome test;
  test.name = "secret/1";
  test.facts.submission.exit.cpu_ms = cpu_ms;
  test.decision.verdict = cpu_ms > limit_ms ? Verdict::TLE : Verdict::AC;
  run.verdict = test.decision.verdict;
  run.tests.push_back(test);
  return run;
}

const TimeLimitRule limit_rule{2.0, 1.5, 1.0};

TEST(TimeSensitivity, AVerdictThatChangesBetweenTheLimitAndItsMultipleIsSensitive) {
  // 1.2 x the limit: TLE at 1000 ms, AC at 1500 ms.
  const TimeSensitivity result = time_sensitivity(run_at(1000, 1200), run_at(1500, 1200), limit_rule);
  EXPECT_TRUE(result.sensitive);
  EXPECT_EQ(result.at_limit, Verdict::TLE);
  EXPECT_EQ(result.at_high_limit, Verdict::AC);
  EXPECT_EQ(sensitivity_warning(result), "sensitive to time limit: 1000 ms -> TLE, 1500 ms -> AC");
  EXPECT_FALSE(result.cut_short);
}

TEST(TimeSensitivity, AnAcceptedRunOverTheLimitByAcToTimeLimitIsCloseToIt) {
  const TimeSensitivity close = time_sensitivity(run_at(1000, 600), run_at(1500, 600), limit_rule);
  EXPECT_FALSE(close.sensitive);
  EXPECT_TRUE(close.close_to_limit);
  EXPECT_EQ(close.close_above_ms, 500);
  EXPECT_NE(sensitivity_warning(close).find("close to the limit: 600 ms is over 500 ms"), std::string::npos);
  const TimeSensitivity fine = time_sensitivity(run_at(1000, 400), run_at(1500, 400), limit_rule);
  EXPECT_FALSE(fine.close_to_limit);
  EXPECT_EQ(sensitivity_warning(fine), "");
}

TEST(TimeSensitivity, ATimeLimitExceededEverywhereIsNeither) {
  const TimeSensitivity result = time_sensitivity(run_at(1000, 5000), run_at(1500, 5000), limit_rule);
  EXPECT_FALSE(result.sensitive);
  EXPECT_FALSE(result.close_to_limit);
  EXPECT_EQ(sensitivity_warning(result), "");
}

TEST(TimeSensitivity, ARunStoppedUnderALowerLimitSaysSo) {
  // Made at 1200 ms (less than 1500) and TLE there: its verdict at 1500 is not known.
  const TimeSensitivity result = time_sensitivity(run_at(1000, 1300), run_at(1200, 1300), limit_rule);
  EXPECT_TRUE(result.cut_short);
  EXPECT_EQ(result.high_limit_ms, 1200);
  EXPECT_FALSE(result.sensitive);
  EXPECT_EQ(sensitivity_to_json(result)["cut_short"], true);
}

}  // namespace
}  // namespace judge
