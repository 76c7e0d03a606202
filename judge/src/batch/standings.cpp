#include "batch/standings.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace judge {

long long score_hundredths(double score) { return std::llround(score * 100); }

JudgedSubmission judged_submission(const BatchPlan& plan, const GradedSubmission& graded) {
  const PlannedSubmission& planned = plan.submissions[graded.submission];
  JudgedSubmission judged;
  judged.index = graded.submission;
  judged.participant = planned.participant;
  judged.problem = planned.problem;
  judged.contest_ms = contest_ms(plan, planned);
  if (!graded.result) return judged;
  judged.verdict = graded.result->verdict;
  judged.score = graded.result->score.score;
  const nlohmann::json& subtasks = graded.result->score.top_level.value("subtasks", nlohmann::json::array());
  for (const auto& subtask : subtasks) {
    if (!subtask.is_object() || !subtask.contains("points") || !subtask.contains("max_points")) continue;
    const nlohmann::json& name = subtask.value("name", nlohmann::json(""));
    judged.subtasks.push_back({name.is_string() ? name.get<std::string>() : name.dump(),
                               subtask["points"].get<double>(), subtask["max_points"].get<double>()});
  }
  return judged;
}

namespace {

void fill_cell(StandingsCell& cell, const GradedSubmission& entry) {
  cell.submitted = true;
  cell.submission = entry.submission;
  cell.tests_planned = entry.tests_planned;
  cell.tests_finished = entry.tests_finished;
  cell.graded = false;
  cell.verdict.reset();
  cell.score = 0;
  cell.tests_ac = 0;
  if (!entry.result) return;
  cell.graded = true;
  cell.score = entry.result->score.score;
  cell.max_score = entry.result->score.max_score;
  cell.verdict = entry.result->verdict;
  for (const auto& test : entry.result->tests) cell.tests_ac += test.decision.verdict == Verdict::AC ? 1 : 0;
}

void rank_points_rows(Standings& standings) {
  std::stable_sort(standings.rows.begin(), standings.rows.end(), [](const StandingsRow& a, const StandingsRow& b) {
    return score_hundredths(a.total) > score_hundredths(b.total);
  });
  for (std::size_t i = 0; i < standings.rows.size(); ++i) {
    const bool tie =
        i > 0 && score_hundredths(standings.rows[i].total) == score_hundredths(standings.rows[i - 1].total);
    standings.rows[i].rank = tie ? standings.rows[i - 1].rank : i + 1;
  }
}

}  // namespace

Standings make_standings(const BatchPlan& plan, const std::vector<GradedSubmission>& graded) {
  Standings standings;
  std::map<std::string, std::size_t> column;
  for (const auto& problem : plan.problems) {
    column[problem.name] = standings.problems.size();
    standings.problems.push_back(problem.name);
    const double max_score =
        problem.scoring.is_object() && problem.scoring.contains("max_score") && problem.scoring["max_score"].is_number()
            ? problem.scoring["max_score"].get<double>()
            : 0.0;
    standings.max_scores.push_back(max_score);
    standings.max_total += max_score;
  }
  std::map<std::string, StandingsRow> rows;
  std::vector<JudgedSubmission> judged;
  for (const auto& entry : graded) {
    const PlannedSubmission& submission = plan.submissions[entry.submission];
    StandingsRow& row = rows[submission.participant];
    if (row.cells.empty()) {
      row.participant = submission.participant;
      row.cells.resize(standings.problems.size());
      for (std::size_t p = 0; p < standings.problems.size(); ++p) row.cells[p].max_score = standings.max_scores[p];
    }
    standings.tests_planned += entry.tests_planned;
    standings.tests_finished += entry.tests_finished;
    StandingsCell& cell = row.cells[column.at(submission.problem)];
    ++cell.submissions;
    // The plan lists a participant's submissions to a problem by time: the last counts.
    if (!cell.submission || plan.submissions[*cell.submission].time_ms <= submission.time_ms) fill_cell(cell, entry);
    judged.push_back(judged_submission(plan, entry));
  }
  std::vector<std::string> participants;
  for (auto& [name, row] : rows) {
    for (const auto& cell : row.cells) row.total += cell.score;
    participants.push_back(name);
    standings.rows.push_back(std::move(row));
  }
  rank_points_rows(standings);
  standings.rules = plan.contest.scoreboard;
  standings.ioi_max = plan.contest.ioi_max;
  standings.penalty_minutes = plan.contest.penalty_minutes;
  IcpcRules icpc_rules;
  icpc_rules.penalty_minutes = plan.contest.penalty_minutes;
  if (standings.rules == ScoreboardRules::icpc)
    standings.icpc = icpc_scoreboard(standings.problems, participants, judged, icpc_rules);
  if (standings.rules == ScoreboardRules::ioi)
    standings.ioi = ioi_scoreboard(standings.problems, participants, judged, standings.ioi_max);
  return standings;
}

}  // namespace judge
