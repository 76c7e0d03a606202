#include "batch/standings.hpp"

#include <gtest/gtest.h>

#include "batch/test_support.hpp"

namespace judge {
namespace {
using namespace batch_testing;

// Every unit of the sample plan finished (batch/test_support.hpp): graded.
std::vector<GradedSubmission> graded_sample() {
  const BatchPlan plan = sample_plan();
  std::vector<std::string> warnings;
  return grade_batch(plan, finished_units(plan, plan_units(plan), sample_records(plan)), warnings);
}

TEST(Standings, RanksByTotalThenName) {
  const Standings standings = make_standings(sample_plan(), graded_sample());
  ASSERT_EQ(standings.rows.size(), 3u);
  EXPECT_EQ(standings.rows[0].participant, "alice");
  EXPECT_EQ(standings.rows[0].total, 150);
  EXPECT_EQ(standings.rows[0].rank, 1u);
  // bob 0 (WA) and carol 0 (CE) share rank 2, by name.
  EXPECT_EQ(standings.rows[1].participant, "bob");
  EXPECT_EQ(standings.rows[1].rank, 2u);
  EXPECT_EQ(standings.rows[2].participant, "carol");
  EXPECT_EQ(standings.rows[2].rank, 2u);
  EXPECT_EQ(standings.max_total, 150);
  EXPECT_TRUE(standings.complete());
}

TEST(Standings, TiesSkipTheNextRank) {
  BatchPlan plan = sample_plan();
  plan.submissions.push_back({"dave", "p", "d.cpp", "se"});
  plan.submissions.push_back({"erin", "q", "e.cpp", "sf"});
  std::vector<nlohmann::json> records;
  for (const auto& unit : plan_units(plan)) {
    const std::string who = plan.submissions[unit.submission].participant;
    records.push_back(test_record(plan, unit, who == "bob" || who == "carol" ? "WA" : "AC"));
  }
  std::vector<std::string> warnings;
  const Standings standings =
      make_standings(plan, grade_batch(plan, finished_units(plan, plan_units(plan), records), warnings));
  // alice 150; dave 100; erin 50; bob 0, carol 0.
  std::vector<std::pair<std::string, std::size_t>> ranks;
  for (const auto& row : standings.rows) ranks.push_back({row.participant, row.rank});
  EXPECT_EQ(ranks, (std::vector<std::pair<std::string, std::size_t>>{
                       {"alice", 1}, {"dave", 2}, {"erin", 3}, {"bob", 4}, {"carol", 4}}));
}

// Issue 49: several submissions of a participant to a problem, ranked by each rule set.
// p (all_or_nothing, 100): alice WA at 10 min, AC at 25; bob AC at 30; carol CE at 5, WA
// at 40. q (per_test, 50): alice AC at 50, then WA at 55.
BatchPlan contest_plan(ScoreboardRules rules) {
  BatchPlan plan = sample_plan();
  const std::int64_t start = 1700000000000;
  auto at = [&](int minutes) { return start + minutes * 60000LL; };
  plan.submissions = {{"alice", "p", "a1.cpp", "s1", "1", at(10)}, {"alice", "p", "a2.cpp", "s2", "2", at(25)},
                      {"alice", "q", "a3.py", "s3", "3", at(50)},  {"alice", "q", "a4.py", "s4", "4", at(55)},
                      {"bob", "p", "b.cpp", "s5", "5", at(30)},    {"carol", "p", "c1.cpp", "s6", "6", at(5)},
                      {"carol", "p", "c2.cpp", "s7", "7", at(40)}};
  plan.contest.start_ms = start;
  plan.contest.scoreboard = rules;
  return plan;
}

Standings contest_standings(const BatchPlan& plan) {
  std::vector<nlohmann::json> records;
  for (const auto& unit : plan_units(plan)) {
    const std::string id = plan.submissions[unit.submission].id;
    if (id == "6") records.push_back(compile_error_record(plan, unit));
    else
      records.push_back(test_record(plan, unit, id == "1" || id == "4" || id == "7" ? "WA" : "AC"));
  }
  std::vector<std::string> warnings;
  auto graded = grade_batch(plan, finished_units(plan, plan_units(plan), records), warnings);
  EXPECT_TRUE(warnings.empty());
  return make_standings(plan, graded);
}

TEST(Standings, ThePointsTableCountsEachParticipantsLastSubmission) {
  const Standings standings = contest_standings(contest_plan(ScoreboardRules::points));
  ASSERT_EQ(standings.rows.size(), 3u);
  EXPECT_EQ(standings.rows[0].participant, "alice");
  EXPECT_EQ(standings.rows[0].total, 100);  // p's last is AC (100), q's last is a WA (0)
  EXPECT_EQ(standings.rows[0].cells[0].submissions, 2u);
  EXPECT_EQ(standings.rows[0].cells[0].submission, 1u);
  EXPECT_EQ(standings.rows[0].cells[1].verdict, Verdict::WA);
  EXPECT_EQ(standings.tests_planned, 2u * 5 + 2);  // every submission's tests
  EXPECT_TRUE(standings.icpc.empty());
}

TEST(Standings, IcpcRulesRankTheSameSubmissions) {
  const Standings standings = contest_standings(contest_plan(ScoreboardRules::icpc));
  ASSERT_EQ(standings.icpc.size(), 3u);
  // alice: p at 25 + 20 (the WA), q at 50: 2 solved, 95. bob: 1 solved, 30. carol: the
  // CE is not counted, the WA is: 1 attempt, nothing solved.
  EXPECT_EQ(standings.icpc[0].participant, "alice");
  EXPECT_EQ(standings.icpc[0].solved, 2u);
  EXPECT_EQ(standings.icpc[0].penalty_minutes, 95);
  EXPECT_EQ(standings.icpc[1].participant, "bob");
  EXPECT_EQ(standings.icpc[1].penalty_minutes, 30);
  EXPECT_FALSE(standings.icpc[1].cells[0].first_to_solve);  // alice solved p at 25
  EXPECT_TRUE(standings.icpc[0].cells[0].first_to_solve);
  EXPECT_EQ(standings.icpc[2].participant, "carol");
  EXPECT_EQ(standings.icpc[2].cells[0].attempts, 1u);
  EXPECT_EQ(standings.icpc[2].cells[0].compile_errors, 1u);
}

TEST(Standings, IoiRulesTakeTheBestSubmission) {
  const Standings standings = contest_standings(contest_plan(ScoreboardRules::ioi));
  ASSERT_EQ(standings.ioi.size(), 3u);
  EXPECT_EQ(standings.ioi[0].participant, "alice");
  EXPECT_EQ(standings.ioi[0].total, 150);  // q's 50 stays although the last one got 0
  EXPECT_EQ(standings.ioi[1].participant, "bob");
  EXPECT_EQ(standings.ioi[1].total, 100);
  EXPECT_EQ(standings.ioi[2].total, 0);
}

}  // namespace
}  // namespace judge
