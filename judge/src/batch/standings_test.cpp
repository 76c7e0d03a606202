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

}  // namespace
}  // namespace judge
