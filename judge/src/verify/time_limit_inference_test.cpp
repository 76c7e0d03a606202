#include "verify/time_limit_inference.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

TimeBoundSample lower(double seconds, std::string who = "accepted/a.cpp") {
  return {std::move(who), "folder accepted/", TimeBound::lower, seconds};
}
TimeBoundSample upper(double seconds, std::string who = "time_limit_exceeded/t.cpp") {
  return {std::move(who), "folder time_limit_exceeded/", TimeBound::upper, seconds};
}

TEST(InferTimeLimit, SmallestMultipleOfTheResolutionAboveTheSlowestAccepted) {
  const TimeLimitRule rule;  // 2.0, 1.5, 1 s
  EXPECT_EQ(infer_time_limit({lower(0.3), lower(0.45)}, rule).time_limit_s, 1.0);
  EXPECT_EQ(infer_time_limit({lower(0.51)}, rule).time_limit_s, 2.0);
  EXPECT_EQ(infer_time_limit({lower(0.5)}, rule).time_limit_s, 1.0);   // exactly 1.0 s
  EXPECT_EQ(infer_time_limit({lower(0.001)}, rule).time_limit_s, 1.0);  // at least one step
}

TEST(InferTimeLimit, FineResolutionIsNotPushedUpByRounding) {
  const TimeLimitRule rule{2.0, 1.5, 0.1};
  EXPECT_DOUBLE_EQ(*infer_time_limit({lower(0.3)}, rule).time_limit_s, 0.6);  // 0.3 * 2, not 0.7
  EXPECT_DOUBLE_EQ(*infer_time_limit({lower(0.31)}, rule).time_limit_s, 0.7);
  // 1.05 * 2 / 0.3 is 7.000000000000001 in doubles: still 7 steps, 2.1 s.
  EXPECT_DOUBLE_EQ(*infer_time_limit({lower(1.05)}, TimeLimitRule{2.0, 1.5, 0.3}).time_limit_s, 2.1);
}

TEST(InferTimeLimit, TheFastestTimeLimitExceededBoundsItFromAbove) {
  const TimeLimitRule rule;
  TimeLimitInference fits = infer_time_limit({lower(0.4), upper(3.0), upper(1.6)}, rule);
  ASSERT_TRUE(fits.time_limit_s.has_value());
  EXPECT_EQ(*fits.time_limit_s, 1.0);
  EXPECT_DOUBLE_EQ(*fits.upper_s, 1.6 / 1.5);
  // 0.6 * 2 = 1.2 needs 2 s, but 2 * 1.5 = 3 > 2.5: nothing fits.
  TimeLimitInference none = infer_time_limit({lower(0.6), upper(2.5)}, rule);
  EXPECT_FALSE(none.time_limit_s.has_value());
  EXPECT_NE(none.explanation.find("no multiple of 1 s fits"), std::string::npos);
  EXPECT_NE(none.explanation.find("time_limit_exceeded/t.cpp"), std::string::npos);
}

TEST(InferTimeLimit, NeedsALowerBound) {
  EXPECT_FALSE(infer_time_limit({upper(5)}, TimeLimitRule{}).time_limit_s.has_value());
  EXPECT_FALSE(infer_time_limit({}, TimeLimitRule{}).time_limit_s.has_value());
}

TEST(InferTimeLimit, LegacyMultipliersAsProblemtoolsMapsThem) {
  const TimeLimitRule legacy{5.0, 2.0, 1.0};  // time_multiplier, time_safety_margin
  EXPECT_EQ(infer_time_limit({lower(0.25)}, legacy).time_limit_s, 2.0);  // 1.25 -> 2
  EXPECT_FALSE(infer_time_limit({lower(0.25), upper(3.9)}, legacy).time_limit_s.has_value());
  EXPECT_EQ(infer_time_limit({lower(0.25), upper(4.0)}, legacy).time_limit_s, 2.0);
}

ExampleSubmission submission_with(std::vector<ExpectationRule> rules) {
  ExampleSubmission submission;
  submission.name = "s.py";
  submission.rules = std::move(rules);
  return submission;
}

ExpectationRule inference_rule(std::set<Verdict> permitted, std::set<Verdict> required,
                               TimeLimitUse use = TimeLimitUse::automatic, std::vector<std::string> tests = {}) {
  ExpectationRule made;
  made.origin = "r";
  made.permitted = std::move(permitted);
  made.required = std::move(required);
  made.time_limit = use;
  made.tests = std::move(tests);
  return made;
}

TEST(TimeBoundsOf, WhichRulesBoundTheLimitAndOverWhichTests) {
  using Verdicts = Verdict;
  const std::vector<TestTime> times = {{"sample/1", 0.1}, {"secret/easy/1", 0.2}, {"secret/hard/1", 2.5}};
  // accepted: lower, over every test.
  auto bounds = time_bounds_of(submission_with({inference_rule({Verdicts::AC}, {})}), times);
  ASSERT_EQ(bounds.size(), 1u);
  EXPECT_EQ(bounds[0].bound, TimeBound::lower);
  EXPECT_EQ(bounds[0].slowest_s, 2.5);
  // time_limit_exceeded: upper. brute_force (required RTE or TLE): neither.
  bounds = time_bounds_of(submission_with({inference_rule({Verdicts::AC, Verdicts::TLE}, {Verdicts::TLE})}), times);
  ASSERT_EQ(bounds.size(), 1u);
  EXPECT_EQ(bounds[0].bound, TimeBound::upper);
  EXPECT_TRUE(time_bounds_of(submission_with({inference_rule({Verdicts::AC, Verdicts::RTE, Verdicts::TLE},
                                                             {Verdicts::RTE, Verdicts::TLE})}),
                             times)
                  .empty());
  // use_for_time_limit: false opts out; a group rule looks at its tests only.
  EXPECT_TRUE(time_bounds_of(submission_with({inference_rule({Verdicts::AC}, {}, TimeLimitUse::none)}), times).empty());
  bounds = time_bounds_of(
      submission_with({inference_rule({Verdicts::AC}, {}, TimeLimitUse::automatic, {"secret/easy"})}), times);
  ASSERT_EQ(bounds.size(), 1u);
  EXPECT_EQ(bounds[0].slowest_s, 0.2);
  // A fine-verdict rule (problem.json) that permits ILE permits the TLE class.
  EXPECT_TRUE(
      time_bounds_of(submission_with({inference_rule({Verdicts::AC, Verdicts::ILE}, {Verdicts::WA})}), times).empty());
}

}  // namespace
}  // namespace judge
