#include "batch/results.hpp"

#include <gtest/gtest.h>

#include "batch/test_support.hpp"

namespace judge {
namespace {
using namespace batch_testing;

TEST(BatchResults, GradesExactlyAsRunSubmission) {
  const BatchPlan plan = sample_plan();
  const auto units = plan_units(plan);
  std::vector<std::string> warnings;
  const auto graded = grade_batch(plan, finished_units(plan, units, sample_records(plan)), warnings);
  EXPECT_TRUE(warnings.empty());
  ASSERT_EQ(graded.size(), 4u);
  // alice p: AC 100; bob p: WA on 02 (all_or_nothing: 0); carol q: CE.
  ASSERT_TRUE(graded[0].result);
  EXPECT_EQ(graded[0].result->verdict, Verdict::AC);
  EXPECT_EQ(graded[0].result->score.score, 100);
  EXPECT_EQ(graded[0].result->submission, "subs/alice/p.cpp");
  EXPECT_EQ(graded[2].result->verdict, Verdict::WA);
  EXPECT_EQ(graded[2].result->message, "test 02: wrong <answer> & more");
  EXPECT_EQ(graded[2].result->score.score, 0);
  EXPECT_EQ(graded[3].result->verdict, Verdict::CE);
  EXPECT_EQ(graded[3].result->message, "q.cpp:1: error: expected ';'");
  EXPECT_TRUE(graded[3].result->tests.empty());
  EXPECT_EQ(exit_status_for_batch(graded), 1);
  EXPECT_EQ(graded[2].result->tests[1].interactor_result["queries"], 7);
  EXPECT_EQ(graded[2].result->limits.cpu_ms, 1000);
}

TEST(BatchResults, IncompleteSubmissionIsNotGraded) {
  const BatchPlan plan = sample_plan();
  const auto units = plan_units(plan);
  auto records = sample_records(plan);
  records.erase(records.begin() + 1);  // alice p 02
  std::vector<std::string> warnings;
  const auto graded = grade_batch(plan, finished_units(plan, units, records), warnings);
  EXPECT_FALSE(graded[0].result);
  EXPECT_EQ(graded[0].tests_finished, 1u);
  EXPECT_EQ(graded[0].tests_planned, 2u);
}

TEST(BatchResults, StaleFingerprintsAndDuplicatesAreHandled) {
  const BatchPlan plan = sample_plan();
  const auto units = plan_units(plan);
  auto records = sample_records(plan);
  nlohmann::json stale = records[0];
  stale["fingerprint"] = "old";
  stale["verdict"] = "WA";
  records.insert(records.begin(), stale);       // a record of an older source: ignored
  records.push_back(test_record(plan, units[0], "RTE"));  // a later duplicate: the first wins
  const auto finished = finished_units(plan, units, records);
  EXPECT_EQ(finished.size(), units.size());
  EXPECT_EQ(finished.at(unit_key("alice", "p", "01"))["verdict"], "AC");
}

TEST(BatchResults, AJudgeErrorMakesStatusThree) {
  const BatchPlan plan = sample_plan();
  const auto units = plan_units(plan);
  auto records = sample_records(plan);
  TestRecord broken = record_from_json(records[0]["record"]);
  broken.passes.at(0).facts.interactor.exit.exit_code = 7;  // neither 42 nor 43: JE
  records[0]["record"] = record_to_json(broken);
  records[0]["verdict"] = "JE";
  std::vector<std::string> warnings;
  const auto graded = grade_batch(plan, finished_units(plan, units, records), warnings);
  EXPECT_EQ(graded[0].result->verdict, Verdict::JE);
  EXPECT_EQ(exit_status_for_batch(graded), 3);
  EXPECT_TRUE(warnings.empty());
}

// A journal of a judge before grading became one step kept decided outcomes, not
// records: such a test is not finished (it runs again on --resume).
TEST(BatchResults, ARecordOfAnEarlierJudgeRunsAgain) {
  const BatchPlan plan = sample_plan();
  const auto units = plan_units(plan);
  auto records = sample_records(plan);
  records[0]["outcome"] = records[0]["record"];
  records[0].erase("record");
  const auto finished = finished_units(plan, units, records);
  EXPECT_EQ(finished.size(), units.size() - 1);
  EXPECT_FALSE(finished.contains(unit_key("alice", "p", "01")));
}

TEST(BatchResults, AVerdictTheFactsDoNotGiveIsReported) {
  const BatchPlan plan = sample_plan();
  auto records = sample_records(plan);
  records[0]["verdict"] = "TLE";
  std::vector<std::string> warnings;
  grade_batch(plan, finished_units(plan, plan_units(plan), records), warnings);
  ASSERT_EQ(warnings.size(), 1u);
  EXPECT_NE(warnings[0].find("alice/p/01"), std::string::npos);
}

}  // namespace
}  // namespace judge
