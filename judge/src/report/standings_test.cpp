#include "report/standings.hpp"

#include <gtest/gtest.h>

#include "batch/test_support.hpp"

namespace judge {
namespace {
using namespace batch_testing;

Standings sample_standings(std::vector<nlohmann::json> records) {
  const BatchPlan plan = sample_plan();
  std::vector<std::string> warnings;
  return make_standings(plan, grade_batch(plan, finished_units(plan, plan_units(plan), records), warnings));
}

TEST(StandingsShown, CsvHasOneColumnPairPerProblem) {
  const std::string csv = standings_to_csv(sample_standings(sample_records(sample_plan())));
  EXPECT_EQ(csv,
            "rank,participant,total,p,p verdict,q,q verdict\n"
            "1,alice,150.00,100.00,AC,50.00,AC\n"
            "2,bob,0.00,0.00,WA,,\n"
            "2,carol,0.00,,,0.00,CE\n");
}

TEST(StandingsShown, PendingAndJson) {
  auto records = sample_records(sample_plan());
  records.erase(records.begin());  // alice p 01
  const Standings standings = sample_standings(records);
  EXPECT_FALSE(standings.complete());
  const nlohmann::json json = standings_to_json(standings);
  EXPECT_EQ(json["tests_planned"], 6);
  EXPECT_EQ(json["tests_finished"], 5);
  EXPECT_EQ(json["complete"], false);
  const auto& alice = json["rows"][0];
  EXPECT_EQ(alice["participant"], "alice");
  EXPECT_EQ(alice["problems"]["p"]["verdict"], "pending");
  EXPECT_EQ(json["rows"][1]["problems"]["q"], nullptr);  // bob has no q
  EXPECT_NE(standings_to_csv(standings).find("alice,50.00,,pending"), std::string::npos);
  EXPECT_NE(format_standings_table(standings, 10).find("pending 1/2"), std::string::npos);
}

TEST(StandingsShown, ScoresShowTwoDecimals) {
  EXPECT_EQ(format_score(87.3456), "87.35");
  EXPECT_EQ(format_score(100), "100.00");
  EXPECT_EQ(format_score(0), "0.00");
}

// OWASP "CSV Injection": a cell that starts with = + - @, a tab or a carriage return
// is a formula to a spreadsheet. A participant's folder name is written with a single
// quote in front, quoted; the judge's own numbers stay numbers.
TEST(StandingsShown, CsvNeutralisesCellsASpreadsheetWouldRun) {
  BatchPlan plan = sample_plan();
  for (auto& submission : plan.submissions) {
    if (submission.participant == "alice") submission.participant = "=HYPERLINK(\"evil\";\"x\")";
    if (submission.participant == "bob") submission.participant = "-2+3";
    if (submission.participant == "carol") submission.participant = "@SUM(1)\xff";
  }
  std::vector<nlohmann::json> records;
  for (const auto& unit : plan_units(plan)) records.push_back(test_record(plan, unit, "AC"));
  std::vector<std::string> warnings;
  const Standings standings =
      make_standings(plan, grade_batch(plan, finished_units(plan, plan_units(plan), records), warnings));
  const std::string csv = standings_to_csv(standings);
  EXPECT_NE(csv.find(",\"'=HYPERLINK(\"\"evil\"\";\"\"x\"\")\","), std::string::npos) << csv;
  EXPECT_NE(csv.find(",\"'-2+3\","), std::string::npos) << csv;
  EXPECT_NE(csv.find(",\"'@SUM(1)\xEF\xBF\xBD\","), std::string::npos) << csv;  // and valid UTF-8
  for (char first : {'=', '+', '-', '@'}) EXPECT_EQ(csv.find(std::string(",") + first), std::string::npos) << csv;
}

// Issue 49: 65 of 100 with every test accepted (a CMS outcome, a metric) was an AC
// badge; it is "partial". A full score and a 0-point problem stay AC.
TEST(StandingsShown, AnAcBelowTheFullScoreIsPartial) {
  StandingsCell cell;
  cell.submitted = cell.graded = true;
  cell.verdict = Verdict::AC;
  cell.max_score = 100;
  cell.score = 65;
  EXPECT_EQ(cell_verdict_text(cell), "partial");
  cell.score = 100;
  EXPECT_EQ(cell_verdict_text(cell), "AC");
  cell.score = 99.999;  // equal as shown
  EXPECT_EQ(cell_verdict_text(cell), "AC");
  cell.max_score = cell.score = 0;
  EXPECT_EQ(cell_verdict_text(cell), "AC");
  cell.verdict = Verdict::WA;
  cell.max_score = 100;
  cell.score = 65;
  EXPECT_EQ(cell_verdict_text(cell), "WA");
}

TEST(StandingsShown, IcpcCellsCsvAndTable) {
  IcpcCell cell;
  EXPECT_EQ(icpc_cell_text(cell), "");
  cell.attempts = 3;
  EXPECT_EQ(icpc_cell_text(cell), "3/-");
  cell.solved = cell.first_to_solve = true;
  cell.solve_minutes = 45;
  EXPECT_EQ(icpc_cell_text(cell), "3/45*");
  cell.pending = 1;
  EXPECT_EQ(icpc_cell_text(cell), "3/45* +1?");

  BatchPlan plan = sample_plan();
  plan.contest.scoreboard = ScoreboardRules::icpc;
  std::vector<std::string> warnings;
  const Standings standings =
      make_standings(plan, grade_batch(plan, finished_units(plan, plan_units(plan), sample_records(plan)), warnings));
  // Every submission at the contest's start (time 0): alice solves p and q at minute 0.
  EXPECT_EQ(standings_to_csv(standings),
            "rank,participant,solved,penalty,p attempts,p time,p first,q attempts,q time,q first\n"
            "1,alice,2,0,1,0,1,1,0,1\n"
            "2,bob,0,0,1,,,0,,\n"
            "2,carol,0,0,0,,,0,,\n");
  const nlohmann::json json = standings_to_json(standings);
  EXPECT_EQ(json["scoreboard"]["rules"], "icpc");
  EXPECT_EQ(json["scoreboard"]["rows"][0]["problems"]["p"]["first_to_solve"], true);
  EXPECT_EQ(json["scoreboard"]["rows"][2]["problems"]["q"]["compile_errors"], 1);
  EXPECT_NE(format_standings_table(standings, 10).find("1/0*"), std::string::npos);
}

}  // namespace
}  // namespace judge
