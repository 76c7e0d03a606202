#include "report/ccs_package.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "batch/contest_package.hpp"
#include "batch/contest_time.hpp"
#include "batch/test_support.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;
using namespace batch_testing;
using nlohmann::json;

json load(const fs::path& file) { return json::parse(read_file(file).value_or("null")); }

// The sample batch (alice AC on p and q, bob WA on p, carol CE on q) as an ICPC
// contest whose submissions came at 10, 20, 30 and 40 minutes.
struct SampleContest {
  TempDir dir{"ccs-package-test-"};
  BatchPlan plan = sample_plan();
  BatchGrades grades;
  SampleContest() {
    plan.contest.start_ms = 1764410400000;  // 2025-11-29T10:00:00Z
    plan.contest.scoreboard = ScoreboardRules::icpc;
    for (std::size_t i = 0; i < plan.submissions.size(); ++i) {
      PlannedSubmission& submission = plan.submissions[i];
      submission.time_ms = *plan.contest.start_ms + static_cast<std::int64_t>(i + 1) * 10 * 60000;
      submission.path = (dir.path() / "src" / (submission.participant + "-" + submission.problem + ".cpp")).string();
      submission.language = "cpp";
      fs::create_directories(dir.path() / "src");
      std::ofstream(submission.path) << "// " << submission.participant << "\n";
    }
    grades = grade_records(plan, sample_records(plan));
  }
};

TEST(CcsPackage, WritesTheSpecsFilesOfAnIcpcContest) {
  SampleContest contest;
  const fs::path out = contest.dir.path() / "package";
  write_contest_package(out, contest.plan, contest.grades);
  const json meta = load(out / "contest.json");
  EXPECT_EQ(meta["scoreboard_type"], "pass-fail");
  EXPECT_EQ(meta["penalty_time"], "0:20:00");
  EXPECT_EQ(meta["start_time"], "2025-11-29T10:00:00.000Z");
  const json judgements = load(out / "judgements.json");
  ASSERT_EQ(judgements.size(), 4u);
  std::map<std::string, std::string> types;
  const json submissions = load(out / "submissions.json");
  for (std::size_t i = 0; i < submissions.size(); ++i)
    types[submissions[i]["team_id"].get<std::string>() + "/" + submissions[i]["problem_id"].get<std::string>()] =
        judgements[i]["judgement_type_id"];
  EXPECT_EQ(types, (std::map<std::string, std::string>{
                       {"alice/p", "AC"}, {"alice/q", "AC"}, {"bob/p", "WA"}, {"carol/q", "CE"}}));
  EXPECT_EQ(submissions[0]["contest_time"], "0:10:00.000");
  const json scoreboard = load(out / "scoreboard.json");
  ASSERT_EQ(scoreboard["rows"].size(), 3u);
  // alice: p at 10, q at 20: 2 solved, 30 minutes.
  EXPECT_EQ(scoreboard["rows"][0]["team_id"], "alice");
  EXPECT_EQ(scoreboard["rows"][0]["score"], json({{"num_solved", 2}, {"total_time", "0:30:00"}, {"time", "0:20:00"}}));
  EXPECT_EQ(scoreboard["rows"][1]["score"]["time"], nullptr);
  EXPECT_EQ(
      read_file(out / "results.tsv"),
      "results\t1\nalice\t1\tRanked\t2\t30\t20\t\nbob\t2\tHonorable\t0\t0\t0\t\ncarol\t2\tHonorable\t0\t0\t0\t\n");
  EXPECT_EQ(judgement_type_of(Verdict::QLE), "WA");
}

TEST(CcsPackage, WhatItWritesReadsBack) {
  SampleContest contest;
  const fs::path out = contest.dir.path() / "package";
  write_contest_package(out, contest.plan, contest.grades);
  ContestInfo read;
  std::vector<std::string> warnings;
  const auto found = read_contest_package(out, {"p", "q"}, {}, warnings, read, contest.dir.path() / "unpacked");
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(read.start_ms, contest.plan.contest.start_ms);
  EXPECT_EQ(read.penalty_minutes, 20);
  ASSERT_EQ(found.size(), contest.plan.submissions.size());
  for (std::size_t i = 0; i < found.size(); ++i) {
    EXPECT_EQ(found[i].participant, contest.plan.submissions[i].participant);
    EXPECT_EQ(found[i].problem, contest.plan.submissions[i].problem);
    EXPECT_EQ(found[i].time_ms, contest.plan.submissions[i].time_ms);
    EXPECT_EQ(read_file(found[i].path), read_file(contest.plan.submissions[i].path));
  }
}

TEST(CcsPackage, ANameThatIsNotAnIdentifierGetsOne) {
  SampleContest contest;
  contest.plan.submissions[2].participant = "Jos\xc3\xa9";
  contest.grades = grade_records(contest.plan, sample_records(contest.plan));
  const fs::path out = contest.dir.path() / "package";
  write_contest_package(out, contest.plan, contest.grades);
  const json teams = load(out / "teams.json");
  bool renamed = false;
  for (const auto& team : teams) renamed = renamed || (team["id"] == "team-1" && team["name"] == "Jos\xc3\xa9");
  EXPECT_TRUE(renamed) << teams.dump();
}

}  // namespace
}  // namespace judge
