// The scoreboard rules a batch can be ranked by (`judge batch --scoreboard`), each a
// pure function of the judged submissions, pinned by the tables of
// scoreboard_test.cpp:
//
// - ICPC (icpc_scoreboard): per problem, the first accepted submission solves it;
//   its penalty is the minutes from the contest's start to that submission (rounded
//   down) plus `penalty_minutes` (20) for each rejected submission before it. A
//   compile error is not a rejected attempt (DOMjudge's default, compile_penalty 0),
//   and a JE (the judge's fault) is neither: it counts as pending until judged again.
//   Submissions after the first accepted one are ignored. Rows are ranked by problems
//   solved (more first), then total penalty (less first), then the time of the last
//   solve (earlier first); teams equal in all three share a rank (1, 2, 2, 4) and are
//   listed by name. The first solve of each problem (the earliest by the millisecond,
//   ties all marked) is marked.
// - IOI (ioi_scoreboard): per problem, the maximum over the participant's judged
//   submissions, either of whole scores (IoiMax::submission, IOI until 2016) or of
//   each subtask's points separately, summed (IoiMax::subtask, IOI since 2017: the
//   best of each subtask may come from different submissions). A problem without
//   subtasks scores the same under both. Rows by total (as shown, two decimals),
//   ties share a rank.
// - points (make_standings, batch/standings.hpp): the batch's points table, each
//   participant's last submission to a problem counting.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/verdict.hpp"

namespace judge {

enum class ScoreboardRules { points, icpc, ioi };
enum class IoiMax { subtask, submission };

std::optional<ScoreboardRules> parse_scoreboard_rules(std::string_view text);
std::string_view scoreboard_rules_name(ScoreboardRules rules);
std::optional<IoiMax> parse_ioi_max(std::string_view text);
std::string_view ioi_max_name(IoiMax mode);

struct SubtaskPoints {
  std::string name;
  double points = 0;
  double max_points = 0;
};

// One submission as a scoreboard reads it.
struct JudgedSubmission {
  std::size_t index = 0;  // the caller's (plan.submissions): which cell links where
  std::string participant;
  std::string problem;
  std::int64_t contest_ms = 0;     // since the contest's start
  std::optional<Verdict> verdict;  // nullopt: not judged yet (pending)
  double score = 0;
  std::vector<SubtaskPoints> subtasks;  // empty when the problem has none
};

struct IcpcRules {
  std::int64_t penalty_minutes = 20;
  bool compile_error_penalty = false;  // DOMjudge's compile_penalty: off by default
};

struct IcpcCell {
  std::size_t attempts = 0;        // judged tries counted, up to and including the first AC
  std::size_t pending = 0;         // not judged yet (or JE) before the first AC
  std::size_t compile_errors = 0;  // not counted (unless compile_error_penalty)
  bool solved = false;
  bool first_to_solve = false;
  std::int64_t solve_ms = 0;         // contest time of the first AC
  std::int64_t solve_minutes = 0;    // rounded down, at least 0
  std::int64_t penalty_minutes = 0;  // solve_minutes + penalty per rejected attempt
  // The first AC, else the last submission counted or pending: where the cell links.
  std::optional<std::size_t> submission;
};

struct IcpcRow {
  std::size_t rank = 0;
  std::string participant;
  std::size_t solved = 0;
  std::int64_t penalty_minutes = 0;
  std::int64_t last_solve_minutes = 0;  // 0 with nothing solved
  std::vector<IcpcCell> cells;          // one per problem
};

// `participants`: every participant to list (one with no submission has an empty row).
std::vector<IcpcRow> icpc_scoreboard(const std::vector<std::string>& problems,
                                     const std::vector<std::string>& participants,
                                     const std::vector<JudgedSubmission>& submissions, const IcpcRules& rules);

struct IoiCell {
  double score = 0;
  std::vector<SubtaskPoints> subtasks;  // the best points of each subtask (IoiMax::subtask)
  std::size_t judged = 0;
  std::size_t pending = 0;
  // The submission with the highest score (the earliest of equal ones): where the cell links.
  std::optional<std::size_t> submission;
  std::int64_t improved_ms = 0;  // contest time the cell's score was last raised
};

struct IoiRow {
  std::size_t rank = 0;
  std::string participant;
  double total = 0;
  std::vector<IoiCell> cells;
};

std::vector<IoiRow> ioi_scoreboard(const std::vector<std::string>& problems,
                                   const std::vector<std::string>& participants,
                                   const std::vector<JudgedSubmission>& submissions, IoiMax mode);

}  // namespace judge
