// Standings, computed: one row per participant, one column pair (score, verdict) per problem,
// the total, and the rank. Rows are ordered by total (descending), then by name;
// participants whose totals are equal as shown (2 decimals) share a rank and the
// next rank skips ("1, 2, 2, 4"), as contest standings do. A problem a participant
// did not submit counts 0 and shows empty; one not fully graded yet shows
// "pending". Nothing time-dependent is in here, so a resumed or merged batch has
// byte-identical standings. report/standings.hpp shows them (JSON, CSV, a table).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include "base/verdict.hpp"
#include "batch/plan.hpp"
#include "batch/results.hpp"

namespace judge {

struct StandingsCell {
  bool submitted = false;
  bool graded = false;   // every test finished (or CE)
  double score = 0;
  double max_score = 0;
  std::optional<Verdict> verdict;  // once graded
  std::size_t tests_ac = 0;
  std::size_t tests_finished = 0;
  std::size_t tests_planned = 0;
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
  std::vector<StandingsRow> rows;     // ranked
  std::size_t tests_planned = 0;
  std::size_t tests_finished = 0;
  bool complete() const { return tests_finished == tests_planned; }
};

Standings make_standings(const BatchPlan& plan, const std::vector<GradedSubmission>& graded);

// Totals are compared as shown (2 decimals): in hundredths.
long long score_hundredths(double score);

}  // namespace judge
