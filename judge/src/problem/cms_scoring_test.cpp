// CMS's score types, pinned by the figures CMS's own code gives for the same
// outcomes (cms/grading/scoretypes: Sum, GroupMin, GroupMul, GroupThreshold).
#include "problem/cms_scoring.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

using nlohmann::json;

const std::vector<std::string> names{"000", "001", "002", "003"};

std::vector<ScoredTest> outcomes(const std::vector<double>& values) {
  std::vector<ScoredTest> tests;
  for (std::size_t i = 0; i < values.size(); ++i)
    tests.push_back({names[i], values[i] > 0 ? Verdict::AC : Verdict::WA, json{{"outcome", values[i]}}});
  return tests;
}

double score(const std::string& type, const json& parameters, const std::vector<double>& values) {
  return compute_score(cms_scoring(type, parameters, names), outcomes(values)).score;
}

TEST(CmsScoring, SumIsEachOutcomeTimesTheParameter) {
  EXPECT_DOUBLE_EQ(score("Sum", 25, {1, 0.5, 0, 1}), 62.5);
  EXPECT_DOUBLE_EQ(cms_scoring("Sum", 25, names)["max_score"].get<double>(), 100);
}

TEST(CmsScoring, GroupsByCountTakeTheNextTestsInNameOrder) {
  const json groups = json::parse("[[40, 1], [60, 3]]");
  EXPECT_DOUBLE_EQ(score("GroupMin", groups, {1, 1, 0.5, 1}), 40 + 60 * 0.5);
  EXPECT_DOUBLE_EQ(score("GroupMul", groups, {0.5, 0.5, 0.5, 1}), 40 * 0.5 + 60 * 0.25);
}

TEST(CmsScoring, GroupsByExpressionMatchAtTheStartOfTheName) {
  // Python's re.match: "00[01]" matches 000 and 001; "0" matches every test.
  const json groups = json::parse(R"([[30, "00[01]"], [70, "0"]])");
  EXPECT_DOUBLE_EQ(score("GroupMin", groups, {1, 1, 1, 0.2}), 30 + 70 * 0.2);
}

TEST(CmsScoring, GroupThresholdCountsOutcomesAboveZeroUpToTheThreshold) {
  const json groups = json::parse("[[50, 2, 3.0], [50, 2, 1.0]]");
  // Group 1: 2.5 and 3.0 are within (0, 3]; group 2: 0 is not (a failed run).
  EXPECT_DOUBLE_EQ(score("GroupThreshold", groups, {2.5, 3.0, 0.5, 0}), 50);
  EXPECT_DOUBLE_EQ(score("GroupThreshold", groups, {2.5, 3.5, 0.5, 1}), 50);
}

TEST(CmsScoring, ATestNotRunOrNotAcceptedCountsZero) {
  const json scoring = cms_scoring("GroupMin", json::parse("[[40, 2], [60, 2]]"), names);
  std::vector<ScoredTest> tests = outcomes({1, 1});  // 002 and 003 did not run
  EXPECT_DOUBLE_EQ(compute_score(scoring, tests).score, 40);
  tests[1].verdict = Verdict::TLE;  // an outcome with a failure is not counted
  EXPECT_DOUBLE_EQ(compute_score(scoring, tests).score, 0);
}

TEST(CmsScoring, AGroupsVerdictIsACOnlyWhenEveryTestOfItWasAccepted) {
  // Group 1 is a 0-point sample group (as CMS tasks have): its only test timed out.
  const json scoring = cms_scoring("GroupMin", json::parse("[[0, 1], [65, 1], [35, 2]]"), names);
  std::vector<ScoredTest> tests = outcomes({1, 1, 0.5, 1});
  tests[0].verdict = Verdict::TLE;
  const Score result = compute_score(scoring, tests);
  EXPECT_DOUBLE_EQ(result.score, 65 + 35 * 0.5);
  const json& groups = result.top_level["subtasks"];
  EXPECT_EQ(groups[0]["verdict"], "TLE");  // was "AC": 0 of 0 points earned
  EXPECT_EQ(groups[0]["points"], 0.0);
  EXPECT_EQ(groups[1]["verdict"], "AC");
  EXPECT_EQ(groups[2]["verdict"], "partial");
  tests[0].verdict = Verdict::AC;
  EXPECT_EQ(compute_score(scoring, tests).top_level["subtasks"][0]["verdict"], "AC");
  tests[2].verdict = Verdict::WA;  // 0.5 of a WA counts nothing: the group earns 0
  EXPECT_EQ(compute_score(scoring, tests).top_level["subtasks"][2]["verdict"], "WA");
}

TEST(CmsScoring, EachTestsScoreIsItsOutcomeTimesItsWeight) {
  const Score sum = compute_score(cms_scoring("Sum", 25, names), outcomes({1, 0.5, 0, 1}));
  EXPECT_DOUBLE_EQ(sum.test_scores["001"].get<double>(), 12.5);
  const Score groups =
      compute_score(cms_scoring("GroupMin", json::parse("[[40, 1], [60, 3]]"), names), outcomes({1, 1, 0.5, 1}));
  EXPECT_DOUBLE_EQ(groups.test_scores["002"].get<double>(), 30);
  ASSERT_EQ(groups.top_level["subtasks"].size(), 2u);
  EXPECT_DOUBLE_EQ(groups.top_level["subtasks"][1]["points"].get<double>(), 30);
}

TEST(CmsScoring, ParametersOfTheWrongShapeAreRefusedWithWhatCmsExpects) {
  auto error = [](const std::string& type, const json& parameters) {
    try {
      cms_scoring(type, parameters, names);
    } catch (const ConfigError& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error("GroupSum", json::parse("[[1, 1]]")).find("not supported"), std::string::npos);
  EXPECT_NE(error("GroupMin", json::parse("[[40, 1], [60, \"00[23]\"]]")).find("no mix"), std::string::npos);
  EXPECT_NE(error("GroupMin", json::parse("[[40, \"1\"]]")).find("has no test"), std::string::npos);
  EXPECT_NE(error("GroupThreshold", json::parse("[[40, 4]]")).find("threshold"), std::string::npos);
  EXPECT_NE(error("Sum", json::parse("[[40, 4]]")).find("one number"), std::string::npos);
}

}  // namespace
}  // namespace judge
