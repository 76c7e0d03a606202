#include "batch/standings.hpp"

#include <algorithm>
#include <cmath>
#include <map>

namespace judge {

long long score_hundredths(double score) { return std::llround(score * 100); }

Standings make_standings(const BatchPlan& plan, const std::vector<GradedSubmission>& graded) {
  Standings standings;
  std::map<std::string, std::size_t> column;
  for (const auto& problem : plan.problems) {
    column[problem.name] = standings.problems.size();
    standings.problems.push_back(problem.name);
    const double max_score =
        problem.scoring.is_object() && problem.scoring.contains("max_score") &&
                problem.scoring["max_score"].is_number()
            ? problem.scoring["max_score"].get<double>()
            : 0.0;
    standings.max_scores.push_back(max_score);
    standings.max_total += max_score;
  }
  std::map<std::string, StandingsRow> rows;
  for (const auto& entry : graded) {
    const PlannedSubmission& submission = plan.submissions[entry.submission];
    StandingsRow& row = rows[submission.participant];
    if (row.cells.empty()) {
      row.participant = submission.participant;
      row.cells.resize(standings.problems.size());
      for (std::size_t p = 0; p < standings.problems.size(); ++p)
        row.cells[p].max_score = standings.max_scores[p];
    }
    StandingsCell& cell = row.cells[column.at(submission.problem)];
    cell.submitted = true;
    cell.tests_planned = entry.tests_planned;
    cell.tests_finished = entry.tests_finished;
    standings.tests_planned += entry.tests_planned;
    standings.tests_finished += entry.tests_finished;
    if (!entry.result) continue;
    cell.graded = true;
    cell.score = entry.result->score.score;
    cell.max_score = entry.result->score.max_score;
    cell.verdict = entry.result->verdict;
    for (const auto& test : entry.result->tests)
      cell.tests_ac += test.decision.verdict == Verdict::AC ? 1 : 0;
    row.total += cell.score;
  }
  for (auto& [name, row] : rows) standings.rows.push_back(std::move(row));
  std::stable_sort(standings.rows.begin(), standings.rows.end(),
                   [](const StandingsRow& a, const StandingsRow& b) {
                     return score_hundredths(a.total) > score_hundredths(b.total);
                   });
  for (std::size_t i = 0; i < standings.rows.size(); ++i) {
    const bool tie = i > 0 && score_hundredths(standings.rows[i].total) ==
                                  score_hundredths(standings.rows[i - 1].total);
    standings.rows[i].rank = tie ? standings.rows[i - 1].rank : i + 1;
  }
  return standings;
}

}  // namespace judge
