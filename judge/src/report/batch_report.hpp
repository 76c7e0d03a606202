// A batch folder's results written (DIR/results/, standings.json, standings.csv),
// and `judge report DIR`: the standings of a batch folder on the terminal, and the
// files asked for: the HTML report (html_report), the standings CSV, JUnit XML
// (junit). `judge batch --html/--junit` and `judge merge` write theirs the same way.
#pragma once

#include <filesystem>
#include <optional>

#include "base/errors.hpp"
#include "batch/dir.hpp"

namespace judge {

// Writes DIR/results/<participant>/<problem>.json for one graded submission.
void write_result(const std::filesystem::path& dir, const BatchPlan& plan, const GradedSubmission& graded);
// Writes every graded result and the standings (JSON and CSV).
void write_results_and_standings(const std::filesystem::path& dir, const BatchPlan& plan, const BatchGrades& grades);
// Writes the standings only (JSON and CSV).
void write_standings(const std::filesystem::path& dir, const BatchGrades& grades);

struct ReportFiles {
  std::optional<std::filesystem::path> html;
  std::optional<std::filesystem::path> csv;
  std::optional<std::filesystem::path> junit;
  std::optional<std::filesystem::path> ccs_package = {};  // a folder: report/ccs_package.hpp
};

// The HTML report's title: the contest's name, else its problems and how many
// submissions and participants ("nuts-bolts, egg-drop: 25 submissions, 13 participants").
std::string report_title(const BatchPlan& plan);

// Writes the files asked for (atomically). Throws JudgeFault on failure.
void write_reports(const std::filesystem::path& dir, const BatchPlan& plan,
                   const BatchGrades& grades, const ReportFiles& files);

// Prints a warning line per entry on stderr ("judge: warning: ...").
void print_warnings(const std::vector<std::string>& warnings);

// The `judge report` command. Exit status: 0 the reports are written (the verdicts
// are in them, not in the status); with `check_verdicts` (--check): 0 every
// submission graded and AC, 1 some not AC or not graded yet, 3 a JE. Throws
// ConfigError when DIR holds no batch.
//
// `scoreboard`, `ioi_max` (--scoreboard, --ioi-max): rank by other rules than the
// batch's plan says, for this report (the batch folder is not changed).
int report_batch(const std::filesystem::path& dir, const ReportFiles& files, bool quiet, bool check_verdicts = false,
                 std::optional<ScoreboardRules> scoreboard = std::nullopt,
                 std::optional<IoiMax> ioi_max = std::nullopt);

}  // namespace judge
