#include "report/batch_report.hpp"

#include <stdlib.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "batch/dir.hpp"
#include "batch/test_support.hpp"
#include "file_text.hpp"
#include "report/standings.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;
using namespace batch_testing;

void write_batch(const fs::path& dir, const std::vector<nlohmann::json>& records) {
  write_manifest(dir, sample_plan(), Shard{}, "test");
  JournalWriter journal(batch_files::journal(dir));
  for (const auto& record : records) journal.append(record);
}

// The layout's results and standings, written from a loaded batch folder
// (batch/dir_test.cpp writes and loads the rest).
TEST(BatchReport, WritesResultsAndStandingsIntoTheLayout) {
  TempDir dir;
  const BatchPlan plan = sample_plan();
  write_batch(dir.path(), sample_records(plan));
  const BatchDir loaded = load_batch_dir(dir.path());
  const BatchGrades grades = grade_records(loaded.plan, loaded.journal.records);
  write_results_and_standings(dir.path(), loaded.plan, grades);
  const nlohmann::json bob = nlohmann::json::parse(test_support::text_of(dir.path() / "results/bob/p.json"));
  EXPECT_EQ(bob["verdict"], "WA");
  EXPECT_EQ(bob["submission"], "subs/bob/p.cpp");
  EXPECT_TRUE(fs::exists(dir.path() / "results/carol/q.json"));
  EXPECT_EQ(test_support::text_of(batch_files::standings_csv(dir.path())), standings_to_csv(grades.standings));
  EXPECT_EQ(nlohmann::json::parse(test_support::text_of(batch_files::standings_json(dir.path())))["rows"].size(), 3u);
}

// A batch's results are `judge run`'s verdict JSON of the same facts.
TEST(BatchReport, EachResultIsTheJudgeRunJson) {
  TempDir dir;
  const BatchPlan plan = sample_plan();
  const BatchGrades grades = grade_records(plan, sample_records(plan));
  write_results_and_standings(dir.path(), plan, grades);
  const nlohmann::json json =
      nlohmann::json::parse(test_support::text_of(batch_files::result(dir.path(), plan.submissions[2])));
  EXPECT_EQ(json["verdict"], "WA");
  EXPECT_EQ(json["tests"][1]["verdict"], "WA");
  EXPECT_EQ(json["tests"][1]["queries"], 7);
  EXPECT_EQ(json["time_limit_ms"], 1000);
  EXPECT_NE(test_support::text_of(batch_files::standings_csv(dir.path())).find("2,bob,0.00,0.00,WA"),
            std::string::npos);
}

// The results and standings land where the batch folder's layout (batch/dir.hpp) says.
TEST(BatchReport, ResultsAndStandingsFollowTheLayout) {
  TempDir dir;
  write_batch(dir.path(), sample_records(sample_plan()));
  const BatchDir loaded = load_batch_dir(dir.path());
  const BatchGrades grades = grade_records(loaded.plan, loaded.journal.records);
  write_results_and_standings(dir.path(), loaded.plan, grades);
  const nlohmann::json bob = nlohmann::json::parse(test_support::text_of(dir.path() / "results/bob/p.json"));
  EXPECT_EQ(bob["verdict"], "WA");
  EXPECT_EQ(bob["submission"], "subs/bob/p.cpp");
  EXPECT_TRUE(fs::exists(dir.path() / "results/carol/q.json"));
  EXPECT_EQ(test_support::text_of(batch_files::standings_csv(dir.path())), standings_to_csv(grades.standings));
  EXPECT_EQ(nlohmann::json::parse(test_support::text_of(batch_files::standings_json(dir.path())))["rows"].size(), 3u);
}

TEST(BatchReport, WritesTheFilesAskedFor) {
  TempDir dir;
  write_batch(dir.path(), sample_records(sample_plan()));
  ::setenv("JUDGE_CHARTJS_FILE", "/nonexistent/chart.js", 1);  // plots omitted, page still written
  const ReportFiles files{dir.path() / "r.html", dir.path() / "r.csv", dir.path() / "r.xml"};
  EXPECT_EQ(report_batch(dir.path(), files, true), 0);        // written: exit 0
  EXPECT_EQ(report_batch(dir.path(), files, true, true), 1);  // --check: bob WA, carol CE
  ::unsetenv("JUDGE_CHARTJS_FILE");
  EXPECT_EQ(test_support::text_of(dir.path() / "r.csv").substr(0, 46),
            "rank,participant,total,p,p verdict,q,q verdict");
  EXPECT_NE(test_support::text_of(dir.path() / "r.xml").find("<testsuites"), std::string::npos);
  EXPECT_NE(test_support::text_of(dir.path() / "r.html").find("report-data"), std::string::npos);
}

TEST(BatchReport, StatusSaysWhatTheBatchHolds) {
  const BatchPlan plan = sample_plan();
  TempDir all_ac, partial, none;
  std::vector<nlohmann::json> accepted;
  for (const auto& unit : plan_units(plan)) accepted.push_back(test_record(plan, unit, "AC"));
  write_batch(all_ac.path(), accepted);
  EXPECT_EQ(report_batch(all_ac.path(), {}, true, true), 0);
  accepted.pop_back();
  write_batch(partial.path(), accepted);
  EXPECT_EQ(report_batch(partial.path(), {}, true, true), 1);  // not finished
  EXPECT_EQ(report_batch(partial.path(), {}, true), 0);        // but its report is written
  EXPECT_THROW(report_batch(none.path(), {}, true), ConfigError);
}

}  // namespace
}  // namespace judge
