#include "stress/stress_search.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

StressPlan sized_plan() {
  StressPlan plan;
  plan.args_template = {"random", "{n}", "{seed}"};
  plan.sizes = std::pair<std::int64_t, std::int64_t>{2, 1000};
  plan.seeds = 200;
  return plan;
}

TEST(StressSearch, AllPassingCasesRunEverySeedAndReportNothing) {
  StressPlan plan = sized_plan();
  std::int64_t calls = 0;
  const StressOutcome outcome = stress_search(plan, [&](const StressCase&) {
    ++calls;
    return false;
  });
  EXPECT_EQ(calls, 200);
  EXPECT_EQ(outcome.runs, 200);
  EXPECT_FALSE(outcome.first_failure);
  EXPECT_FALSE(outcome.smallest);
}

TEST(StressSearch, ShrinksToTheSmallestFailingSize) {
  // Fails when n % 5 == 3 and the seed is odd: the smallest is n = 3.
  const StressOutcome outcome =
      stress_search(sized_plan(), [](const StressCase& c) { return *c.n % 5 == 3 && c.seed % 2 == 1; });
  ASSERT_TRUE(outcome.first_failure);
  ASSERT_TRUE(outcome.smallest);
  EXPECT_GT(*outcome.first_failure->n, 3);  // the draw starts anywhere in 2..1000
  EXPECT_EQ(*outcome.smallest->n, 3);
  EXPECT_EQ(outcome.smallest->args, (std::vector<std::string>{"random", "3", std::to_string(outcome.smallest->seed)}));
  EXPECT_EQ(outcome.sizes_tried_up_to, 3);
}

TEST(StressSearch, ShrinkingStopsAtItsBudget) {
  StressPlan plan = sized_plan();
  plan.shrink_runs = 10;
  plan.seeds_per_size = 5;
  // Only n >= 900 fails: shrinking from there cannot reach it in 10 runs.
  const StressOutcome outcome = stress_search(plan, [](const StressCase& c) { return *c.n >= 900; });
  ASSERT_TRUE(outcome.first_failure);
  EXPECT_EQ(outcome.smallest->n, outcome.first_failure->n);
  EXPECT_EQ(outcome.sizes_tried_up_to, 3);  // sizes 2 and 3, 5 seeds each
}

TEST(StressSearch, WithoutSizesTheFirstFailureIsReported) {
  StressPlan plan;
  plan.args_template = {"--seed={seed}"};
  const StressOutcome outcome = stress_search(plan, [](const StressCase& c) { return c.seed == 7; });
  ASSERT_TRUE(outcome.smallest);
  EXPECT_EQ(outcome.smallest->seed, 7u);
  EXPECT_EQ(outcome.smallest->args, (std::vector<std::string>{"--seed=7"}));
  EXPECT_EQ(outcome.runs, 7);
}

TEST(StressSearch, SizesAreDrawnWithinTheRangeAndReproducibly) {
  const StressPlan plan = sized_plan();
  for (std::uint64_t seed = 1; seed <= 500; ++seed) {
    const auto n = size_for_seed(plan, seed);
    EXPECT_GE(n, 2);
    EXPECT_LE(n, 1000);
    EXPECT_EQ(n, size_for_seed(plan, seed));
  }
}

TEST(StressSearch, BadPlansAreRefused) {
  StressPlan plan = sized_plan();
  plan.args_template = {"random", "{n}", "5"};
  EXPECT_THROW(check_stress_plan(plan), ConfigError);  // no {seed}
  plan = sized_plan();
  plan.sizes.reset();
  EXPECT_THROW(check_stress_plan(plan), ConfigError);  // {n} without sizes
  plan = sized_plan();
  plan.sizes = std::pair<std::int64_t, std::int64_t>{10, 2};
  EXPECT_THROW(check_stress_plan(plan), ConfigError);
  EXPECT_THROW(parse_size_range("10"), ConfigError);
  EXPECT_THROW(parse_size_range("a..b"), ConfigError);
  EXPECT_THROW(parse_size_range("1..2x"), ConfigError);
  for (const char* bad : {" 1..2", "+1..2", "1.. 2", "1..99999999999999999999", "..2", "1.."})
    EXPECT_THROW(parse_size_range(bad), ConfigError) << bad;
  EXPECT_EQ(parse_size_range("-5..-1"), (std::pair<std::int64_t, std::int64_t>{-5, -1}));
  EXPECT_EQ(parse_size_range("2..1000"), (std::pair<std::int64_t, std::int64_t>{2, 1000}));
}

}  // namespace
}  // namespace judge
