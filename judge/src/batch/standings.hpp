// Standings, computed: one row per participant, one column pair (score, verdict) per problem,
// the total, and the rank. Rows are ordered by total (descending), then by name;
// participants whose totals are equal as shown (2 decimals) share a rank and the
// next rank skips ("1, 2, 2, 4"), as contest standings do. A problem a participant
// did not submit counts 0 and shows empty; one not fully graded yet shows
// "pending". Nothing time-dependent is in here, so a resumed or merged batch has
// byte-identical standings. report/standings.hpp shows them (JSON, CSV, a table).
//
// A participant with several submissions to a problem: in this points table the last
// one (by time) counts; the batch's scoreboard rules (plan.contest.scoreboard,
// batch/scoreboard.hpp) rank by ICPC's or IOI's rules, computed here too.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "base/verdict.hpp"
#include "batch/plan.hpp"
#include "batch/results.hpp"
#include "batch/scoreboard.hpp"

namespace judge {

struct StandingsCell {
  bool submitted = false;
  bool graded = false;  // every test finished (or CE)
  double score = 0;
  double max_score = 0;
  std::optional<Verdict> verdict;  // once graded
  std::size_t tests_ac = 0;
  std::size_t tests_finished = 0;
  std::size_t tests_planned = 0;
  std::size_t submissions = 0;                 // the participant's to this problem
  std::optional<std::size_t> submission = {};  // the one counted (index into plan.submissions)
};

struct StandingsRow {
  std::size_t rank = 0;
  std::string participant;
  double total = 0;
  std::vector<StandingsCell> cells;  // one per problem, in Standings::problems order
};

struct Standings {
  std::vector<std::string> problems;  // by name
  std::vector<double> max_scores;     // per problem
  double max_total = 0;
  std::vector<StandingsRow> rows;  // ranked
  std::size_t tests_planned = 0;
  std::size_t tests_finished = 0;
  bool complete() const { return tests_finished == tests_planned; }
  // The batch's scoreboard: its rules, and the rows of the ICPC or IOI scoreboard when
  // it is ranked by those (empty otherwise).
  ScoreboardRules rules = ScoreboardRules::points;
  IoiMax ioi_max = IoiMax::subtask;
  std::int64_t penalty_minutes = 20;
  std::vector<IcpcRow> icpc;
  std::vector<IoiRow> ioi;
};

Standings make_standings(const BatchPlan& plan, const std::vector<GradedSubmission>& graded);

// A graded submission as a scoreboard reads it: its contest time, its verdict (none
// until graded), its score and its subtasks' points (the scoring's "subtasks").
JudgedSubmission judged_submission(const BatchPlan& plan, const GradedSubmission& graded);

// Totals are compared as shown (2 decimals): in hundredths.
long long score_hundredths(double score);

}  // namespace judge
