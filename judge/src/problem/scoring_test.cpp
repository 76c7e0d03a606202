#include "problem/scoring.hpp"

#include <cmath>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

std::vector<ScoredTest> verdicts(std::initializer_list<Verdict> list) {
  std::vector<ScoredTest> tests;
  int i = 0;
  for (Verdict v : list) tests.push_back({"t" + std::to_string(i++), v, nullptr});
  return tests;
}

TEST(Scoring, AllOrNothingNeedsEveryTest) {
  const nlohmann::json config = {{"type", "all_or_nothing"}, {"max_score", 100}};
  EXPECT_EQ(compute_score(config, verdicts({Verdict::AC, Verdict::AC})).score, 100);
  EXPECT_EQ(compute_score(config, verdicts({Verdict::AC, Verdict::WA})).score, 0);
  EXPECT_EQ(compute_score(config, {}).score, 0);
  EXPECT_EQ(compute_score(config, {}).max_score, 100);
}

TEST(Scoring, PerTestSharesTheMaximum) {
  const nlohmann::json config = {{"type", "per_test"}, {"max_score", 60}};
  const Score score = compute_score(config, verdicts({Verdict::AC, Verdict::TLE, Verdict::AC}));
  EXPECT_DOUBLE_EQ(score.score, 40);
  EXPECT_EQ(score.details["accepted_tests"], 2);
}

TEST(Scoring, TestlibPointsAddUpWithAnEvenShareForPlainAccepts) {
  const nlohmann::json config = {{"type", "points"}, {"max_score", 100}};
  std::vector<ScoredTest> tests = verdicts({Verdict::AC, Verdict::AC, Verdict::AC, Verdict::WA});
  tests[1].interactor_result = {{"score", 10}};  // quitp(10, ...)
  EXPECT_DOUBLE_EQ(compute_score(config, tests).score, 25 + 10 + 25);
  tests[3].interactor_result = {{"score", 99}};  // a WA's points count for nothing
  EXPECT_DOUBLE_EQ(compute_score(config, tests).score, 60);
  tests[0].interactor_result = {{"score", 500}};
  EXPECT_DOUBLE_EQ(compute_score(config, tests).score, 100);  // capped
}

TEST(Scoring, UnknownTypeIsAConfigError) {
  EXPECT_THROW(validate_scoring({{"type", "best_of"}, {"max_score", 1}}), ConfigError);
  EXPECT_THROW(validate_scoring({{"type", "per_test"}, {"max_score", "x"}}), ConfigError);
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

std::vector<ScoredTest> with_moves(std::initializer_list<std::pair<Verdict, double>> list) {
  std::vector<ScoredTest> tests;
  int i = 0;
  for (auto [verdict, moves] : list)
    tests.push_back({"t" + std::to_string(i++), verdict, {{"moves", moves}}});
  return tests;
}

const nlohmann::json egg_drop_scoring = {{"type", "max_metric"}, {"metric", "moves"},
                                         {"max_score", 100}, {"full_at", 3e5}, {"zero_at", 1e9}};

TEST(MaxMetricScoring, UsesTheLargestMetricOnALogScale) {
  const Score score =
      compute_score(egg_drop_scoring, with_moves({{Verdict::AC, 2e5}, {Verdict::AC, 3.9e5}}));
  const double expected = 100 * std::log(1e9 / 3.9e5) / std::log(1e9 / 3e5);
  EXPECT_NEAR(score.score, expected, 1e-9);
  EXPECT_EQ(score.top_level["max_moves"], 3.9e5);
  EXPECT_EQ(score.top_level["max_moves_test"], "t1");
}

TEST(MaxMetricScoring, IntegerMetricStaysAnInteger) {
  std::vector<ScoredTest> tests = {{"a", Verdict::AC, {{"moves", 393612}}}};
  EXPECT_EQ(compute_score(egg_drop_scoring, tests).top_level["max_moves"].dump(), "393612");
}

TEST(MaxMetricScoring, ClampsAtFullAndZero) {
  EXPECT_DOUBLE_EQ(compute_score(egg_drop_scoring, with_moves({{Verdict::AC, 1e5}})).score, 100);
  EXPECT_DOUBLE_EQ(compute_score(egg_drop_scoring, with_moves({{Verdict::AC, 2e9}})).score, 0);
  // The spec's anchor: per-egg binary search at about 7.3e8 moves scores about 4 %.
  const double anchor = compute_score(egg_drop_scoring, with_moves({{Verdict::AC, 7.3e8}})).score;
  EXPECT_GT(anchor, 3);
  EXPECT_LT(anchor, 5);
}

TEST(MaxMetricScoring, AnyFailedTestScoresZeroButKeepsTheFigures) {
  const Score score =
      compute_score(egg_drop_scoring, with_moves({{Verdict::AC, 2e5}, {Verdict::WA, 1e5}}));
  EXPECT_EQ(score.score, 0);
  EXPECT_EQ(score.top_level["max_moves"], 2e5);
}

TEST(MaxMetricScoring, MissingMetricScoresZero) {
  std::vector<ScoredTest> tests = {{"a", Verdict::AC, {{"drops", 3}}}};
  const Score score = compute_score(egg_drop_scoring, tests);
  EXPECT_EQ(score.score, 0);
  EXPECT_TRUE(score.top_level["max_moves"].is_null());
}

const nlohmann::json cookie_scoring = {
    {"type", "subtasks"},
    {"max_score", 100},
    {"subtasks",
     {{{"name", "1"}, {"points", 30}, {"tests", {"s1-*"}}},
      {{"name", "2"}, {"points", 70}, {"tests", {"s1-*", "s2-*"}}}}}};

TEST(SubtaskScoring, ASubtaskNeedsAllItsTests) {
  std::vector<ScoredTest> tests = {{"s1-a", Verdict::AC, nullptr},
                                   {"s2-a", Verdict::AC, nullptr},
                                   {"s2-b", Verdict::TLE, nullptr}};
  const Score score = compute_score(cookie_scoring, tests);
  EXPECT_EQ(score.score, 30);
  const auto& subtasks = score.top_level["subtasks"];
  ASSERT_EQ(subtasks.size(), 2u);
  EXPECT_EQ(subtasks[0]["points"], 30);
  EXPECT_EQ(subtasks[0]["verdict"], "AC");
  EXPECT_EQ(subtasks[1]["points"], 0);
  EXPECT_EQ(subtasks[1]["max_points"], 70);
  EXPECT_EQ(subtasks[1]["verdict"], "TLE");
  EXPECT_EQ(subtasks[1]["tests"].size(), 3u);
}

TEST(SubtaskScoring, ASubtaskWithoutTestsEarnsNothing) {
  std::vector<ScoredTest> tests = {{"s2-a", Verdict::AC, nullptr}};
  const Score score = compute_score(cookie_scoring, tests);
  EXPECT_EQ(score.score, 70);
  EXPECT_EQ(score.top_level["subtasks"][0]["verdict"], "not run");
}

TEST(SubtaskScoring, ConfigMistakesAreCaught) {
  nlohmann::json wrong_total = cookie_scoring;
  wrong_total["max_score"] = 90;
  EXPECT_THROW(validate_scoring(wrong_total), ConfigError);
  nlohmann::json no_tests = cookie_scoring;
  no_tests["subtasks"][0].erase("tests");
  EXPECT_THROW(validate_scoring(no_tests), ConfigError);
  EXPECT_THROW(validate_scoring({{"type", "max_metric"}, {"max_score", 1}, {"metric", "m"},
                                 {"full_at", 10}, {"zero_at", 5}}),
               ConfigError);
}

}  // namespace
}  // namespace judge

namespace judge {
namespace {

ScoredTest scored(const std::string& name, Verdict verdict, nlohmann::json result = nullptr) {
  return {name, verdict, std::move(result)};
}

nlohmann::json level(const std::string& name, nlohmann::json max_score, const std::string& aggregation,
                     std::vector<std::string> require_pass = {}) {
  return {{"name", name}, {"max_score", max_score}, {"aggregation", aggregation},
          {"require_pass", require_pass}};
}

TEST(IcpcGroupsScoring, SumOfTestsSharesTheMaximumAndTakesScoreTxt) {
  // scoreguess: 4 tests of 25 points; the validator writes score.txt.
  const nlohmann::json scoring = {{"type", "icpc_groups"}, {"max_score", 100},
                                  {"secret", level("secret", 100, "sum")},
                                  {"groups", nlohmann::json::array()}};
  validate_scoring(scoring);
  const std::vector<ScoredTest> tests = {
      scored("sample/1", Verdict::WA),  // samples never count
      scored("secret/01", Verdict::AC, {{"score", 25}}),
      scored("secret/02", Verdict::AC, {{"score", 12.5}}),
      scored("secret/03", Verdict::AC, {{"score_multiplier", 0.5}}),
      scored("secret/04", Verdict::WA, {{"score", 25}})};  // failed: 0 whatever it says
  const Score score = compute_score(scoring, tests);
  EXPECT_DOUBLE_EQ(score.score, 25 + 12.5 + 12.5);
  EXPECT_DOUBLE_EQ(score.max_score, 100);
  // An accepted test without score.txt gets its whole share; more is capped.
  EXPECT_DOUBLE_EQ(compute_score(scoring, {scored("secret/a", Verdict::AC),
                                           scored("secret/b", Verdict::AC, {{"score", 99}})})
                       .score,
                   100);
}

TEST(IcpcGroupsScoring, GroupsAggregateAndRequirePass) {
  const nlohmann::json scoring = {
      {"type", "icpc_groups"}, {"max_score", 100}, {"secret", level("secret", 100, "sum")},
      {"groups", {level("secret/g1", 30, "pass-fail", {"sample"}), level("secret/g2", 70, "min"),
                  level("secret/g3", 0, "sum", {"secret/g1"})}}};
  validate_scoring(scoring);
  std::vector<ScoredTest> tests = {
      scored("sample/1", Verdict::AC),
      scored("secret/g1/01", Verdict::AC), scored("secret/g1/02", Verdict::AC),
      scored("secret/g2/01", Verdict::AC, {{"score_multiplier", 0.5}}),
      scored("secret/g2/02", Verdict::AC),
      scored("secret/g3/01", Verdict::AC)};
  Score score = compute_score(scoring, tests);
  EXPECT_DOUBLE_EQ(score.score, 30 + 35);  // g2: min(35, 70)
  ASSERT_EQ(score.top_level["test_groups"].size(), 3u);
  EXPECT_DOUBLE_EQ(score.top_level["test_groups"][1]["score"].get<double>(), 35);
  tests[0].verdict = Verdict::WA;  // g1 requires the samples
  EXPECT_DOUBLE_EQ(compute_score(scoring, tests).score, 35);
  tests[0].verdict = Verdict::AC;
  tests[2].verdict = Verdict::TLE;  // g1 fails: pass-fail gives 0
  EXPECT_DOUBLE_EQ(compute_score(scoring, tests).score, 35);
}

TEST(IcpcGroupsScoring, AnUnboundedSumCountsTheValidatorsScores) {
  const nlohmann::json scoring = {{"type", "icpc_groups"},
                                  {"max_score", 0},
                                  {"secret", level("secret", nullptr, "sum")},
                                  {"groups", nlohmann::json::array()}};
  validate_scoring(scoring);
  EXPECT_DOUBLE_EQ(
      compute_score(scoring, {scored("secret/1", Verdict::AC), scored("secret/2", Verdict::AC, {{"score", 7}}),
                              scored("secret/3", Verdict::RTE, {{"score", 5}})})
          .score,
      7);
}

TEST(IcpcGroupsScoring, InconsistentConfigurationsAreConfigErrors) {
  nlohmann::json scoring = {{"type", "icpc_groups"}, {"max_score", 100},
                            {"secret", level("secret", 100, "sum")},
                            {"groups", {level("secret/g1", nullptr, "sum")}}};
  EXPECT_THROW(validate_scoring(scoring), ConfigError);  // unbounded under a bounded secret
  scoring["groups"] = {level("secret/g1", 10, "average")};
  EXPECT_THROW(validate_scoring(scoring), ConfigError);
  scoring.erase("secret");
  EXPECT_THROW(validate_scoring(scoring), ConfigError);
}

}  // namespace
}  // namespace judge
