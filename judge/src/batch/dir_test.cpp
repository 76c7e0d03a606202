// The batch folder's layout: the manifest and journal written and read back
// (batch/dir.hpp). The results and standings in it: report/batch_report_test.cpp.
#include "batch/dir.hpp"

#include <stdlib.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "batch/test_support.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;
using namespace batch_testing;

TEST(BatchDir, WritesAndLoadsTheLayout) {
  TempDir dir;
  const BatchPlan plan = sample_plan();
  write_manifest(dir.path(), plan, Shard{2, 3}, "test");
  {
    JournalWriter journal(batch_files::journal(dir.path()));
    for (const auto& record : sample_records(plan)) journal.append(record);
  }
  const BatchDir loaded = load_batch_dir(dir.path());
  EXPECT_EQ(plan_to_json(loaded.plan), plan_to_json(plan));
  EXPECT_EQ(loaded.shard.text(), "2/3");
  EXPECT_EQ(loaded.journal.records.size(), 6u);

  EXPECT_EQ(batch_files::transcripts_dir(plan.submissions[0]), "transcripts/alice/p");
}

TEST(BatchDir, AFolderWithoutManifestIsAConfigError) {
  TempDir dir;
  EXPECT_THROW(load_batch_dir(dir.path()), ConfigError);
  std::ofstream(batch_files::manifest(dir.path())) << "{\"format\": \"other\"}";
  EXPECT_THROW(load_batch_dir(dir.path()), ConfigError);
}

// `judge batch` grades from the records it holds (grade_finished), taking the
// submissions it graded as their last tests came in as they are: the same grades as
// reading the journal back (grade_records), with only the others graded again.
TEST(BatchDir, GradingFromHeldRecordsGivesTheJournalsGradesAndGradesOnlyTheRest) {
  const BatchPlan plan = sample_plan();
  const std::vector<nlohmann::json> records = sample_records(plan);
  const BatchGrades read_back = grade_records(plan, records);
  const auto finished = finished_units(plan, plan_units(plan), records);
  std::map<std::size_t, GradedSubmission> graded_before;
  std::vector<std::string> warnings;
  graded_before[0] = grade_submission(plan, 0, finished, warnings);
  graded_before[2] = grade_submission(plan, 2, finished, warnings);
  std::vector<std::size_t> graded_here;
  const BatchGrades held = grade_finished(plan, plan_units(plan), finished, graded_before, graded_here);
  EXPECT_EQ(graded_here, (std::vector<std::size_t>{1, 3}));
  ASSERT_EQ(held.graded.size(), read_back.graded.size());
  for (std::size_t i = 0; i < held.graded.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(held.graded[i].tests_finished, read_back.graded[i].tests_finished);
    ASSERT_EQ(held.graded[i].result.has_value(), read_back.graded[i].result.has_value());
    if (!held.graded[i].result) continue;
    EXPECT_EQ(held.graded[i].result->verdict, read_back.graded[i].result->verdict);
    EXPECT_EQ(held.graded[i].result->score.score, read_back.graded[i].result->score.score);
    EXPECT_EQ(held.graded[i].result->message, read_back.graded[i].result->message);
  }
  ASSERT_EQ(held.standings.rows.size(), read_back.standings.rows.size());
  for (std::size_t r = 0; r < held.standings.rows.size(); ++r) {
    EXPECT_EQ(held.standings.rows[r].participant, read_back.standings.rows[r].participant);
    EXPECT_EQ(held.standings.rows[r].total, read_back.standings.rows[r].total);
  }
  EXPECT_EQ(held.standings.tests_finished, read_back.standings.tests_finished);

  // A held grade is used as it is, not recomputed.
  std::map<std::size_t, GradedSubmission> marked;
  marked[1] = graded_before[0];
  marked[1].submission = 1;
  marked[1].tests_finished = 42;
  graded_here.clear();
  const BatchGrades taken = grade_finished(plan, plan_units(plan), finished, marked, graded_here);
  EXPECT_EQ(taken.graded[1].tests_finished, 42u);
  EXPECT_EQ(graded_here, (std::vector<std::size_t>{0, 2, 3}));
}

}  // namespace
}  // namespace judge
