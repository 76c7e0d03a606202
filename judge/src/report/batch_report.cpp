#include "report/batch_report.hpp"

#include <cstdio>

#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/atomic_file.hpp"
#include "base/json_text.hpp"
#include "base/output_file.hpp"
#include "base/plural.hpp"
#include "base/printable.hpp"
#include "report/ccs_package.hpp"
#include "report/html_report.hpp"
#include "report/junit.hpp"
#include "report/run_report.hpp"
#include "report/standings.hpp"

namespace judge {
namespace fs = std::filesystem;

void print_warnings(const std::vector<std::string>& warnings) {
  for (const auto& warning : warnings)
    std::fprintf(stderr, "judge: warning: %s\n", printable_line(warning).c_str());
}

std::string report_title(const BatchPlan& plan) {
  if (!plan.contest.name.empty()) return plan.contest.name;
  std::set<std::string> participants;
  for (const auto& submission : plan.submissions) participants.insert(submission.participant);
  std::vector<std::string> problems;
  for (const auto& problem : plan.problems) problems.push_back(problem.name);
  return fmt::format("{}: {} {}, {} {}", fmt::join(problems, ", "), plan.submissions.size(),
                     plural(plan.submissions.size(), "submission"), participants.size(),
                     plural(participants.size(), "participant"));
}

void write_reports(const fs::path& dir, const BatchPlan& plan, const BatchGrades& grades,
                   const ReportFiles& files) {
  if (files.csv) write_output_file(*files.csv, "--csv", standings_to_csv(grades.standings));
  if (files.junit) write_output_file(*files.junit, "--junit", junit_xml(plan, grades));
  if (files.ccs_package) write_contest_package(*files.ccs_package, plan, grades);
  if (files.html) {
    const auto chartjs = load_chartjs();
    if (!chartjs)
      std::fprintf(stderr,
                   "judge: warning: Chart.js not found at %s (apt-get install libjs-chart.js, or "
                   "set JUDGE_CHARTJS_FILE): the report has no plots\n",
                   chartjs_file().c_str());
    const std::string title = report_title(plan);
    nlohmann::json data = html_report_data(dir, plan, grades);
    data["title"] = title;
    write_output_file(*files.html, "--html", render_html_report(title, data, chartjs));
  }
}

int report_batch(const fs::path& dir, const ReportFiles& files, bool quiet, bool check_verdicts,
                 std::optional<ScoreboardRules> scoreboard, std::optional<IoiMax> ioi_max) {
  BatchDir batch = load_batch_dir(dir);
  if (scoreboard) batch.plan.contest.scoreboard = *scoreboard;
  if (ioi_max) batch.plan.contest.ioi_max = *ioi_max;
  BatchGrades grades = grade_records(batch.plan, batch.journal.records);
  if (batch.journal.skipped_lines > 0)
    grades.warnings.push_back(fmt::format("the journal has {} torn or unreadable line(s); skipped",
                                          batch.journal.skipped_lines));
  write_reports(dir, batch.plan, grades, files);
  if (!quiet) {
    fmt::print("{}", format_standings_table(grades.standings, SIZE_MAX));
    fmt::print("{} of {} finished{}\n", grades.standings.tests_finished,
               count_of(grades.standings.tests_planned, "test"),
               batch.shard.whole() ? "" : fmt::format(" (this folder is shard {})", batch.shard.text()));
  }
  print_warnings(grades.warnings);
  if (!check_verdicts) return 0;
  const int status = exit_status_for_batch(grades.graded);
  if (status == 3) return 3;
  return grades.standings.complete() ? status : 1;
}

void write_result(const fs::path& dir, const BatchPlan& plan, const GradedSubmission& graded) {
  if (!graded.result) return;
  const fs::path file = batch_files::result(dir, plan.submissions[graded.submission]);
  fs::create_directories(file.parent_path());
  write_file_atomically(file, json_text(to_json(*graded.result), 2) + "\n");
}

void write_results_and_standings(const fs::path& dir, const BatchPlan& plan, const BatchGrades& grades) {
  for (const auto& graded : grades.graded) write_result(dir, plan, graded);
  write_standings(dir, grades);
}

void write_standings(const fs::path& dir, const BatchGrades& grades) {
  write_file_atomically(batch_files::standings_json(dir), json_text(standings_to_json(grades.standings), 2) + "\n");
  write_file_atomically(batch_files::standings_csv(dir), standings_to_csv(grades.standings));
}

}  // namespace judge
