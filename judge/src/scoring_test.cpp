#include "scoring.hpp"

#include <gtest/gtest.h>

#include "problem.hpp"

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

TEST(Scoring, UnknownTypeIsAConfigError) {
  EXPECT_THROW(validate_scoring({{"type", "best_of"}, {"max_score", 1}}), ConfigError);
  EXPECT_THROW(validate_scoring({{"type", "per_test"}, {"max_score", "x"}}), ConfigError);
}

}  // namespace
}  // namespace judge
