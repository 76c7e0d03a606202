#include "batch/scoreboard.hpp"

#include <algorithm>
#include <map>
#include <tuple>

#include "batch/standings.hpp"

namespace judge {

std::optional<ScoreboardRules> parse_scoreboard_rules(std::string_view text) {
  if (text == "points") return ScoreboardRules::points;
  if (text == "icpc") return ScoreboardRules::icpc;
  if (text == "ioi") return ScoreboardRules::ioi;
  return std::nullopt;
}

std::string_view scoreboard_rules_name(ScoreboardRules rules) {
  switch (rules) {
    case ScoreboardRules::icpc: return "icpc";
    case ScoreboardRules::ioi: return "ioi";
    case ScoreboardRules::points: break;
  }
  return "points";
}

std::optional<IoiMax> parse_ioi_max(std::string_view text) {
  if (text == "subtask") return IoiMax::subtask;
  if (text == "submission") return IoiMax::submission;
  return std::nullopt;
}

std::string_view ioi_max_name(IoiMax mode) { return mode == IoiMax::subtask ? "subtask" : "submission"; }

namespace {

// Each participant's submissions to each problem, in the order they were made (contest
// time, then the caller's order).
std::map<std::pair<std::string, std::string>, std::vector<const JudgedSubmission*>> by_cell(
    const std::vector<JudgedSubmission>& submissions) {
  std::map<std::pair<std::string, std::string>, std::vector<const JudgedSubmission*>> cells;
  for (const auto& submission : submissions) cells[{submission.participant, submission.problem}].push_back(&submission);
  for (auto& [key, list] : cells)
    std::stable_sort(list.begin(), list.end(), [](const JudgedSubmission* a, const JudgedSubmission* b) {
      return std::tie(a->contest_ms, a->index) < std::tie(b->contest_ms, b->index);
    });
  return cells;
}

IcpcCell icpc_cell(const std::vector<const JudgedSubmission*>& tries, const IcpcRules& rules) {
  IcpcCell cell;
  std::size_t rejected = 0;
  for (const JudgedSubmission* submission : tries) {
    const std::optional<Verdict> verdict = submission->verdict;
    if (!verdict || *verdict == Verdict::JE) {  // not judged (or the judge failed): pending
      ++cell.pending;
      cell.submission = submission->index;
      continue;
    }
    if (*verdict == Verdict::CE && !rules.compile_error_penalty) {
      ++cell.compile_errors;
      continue;
    }
    ++cell.attempts;
    cell.submission = submission->index;
    if (*verdict != Verdict::AC) {
      ++rejected;
      continue;
    }
    cell.solved = true;
    cell.solve_ms = submission->contest_ms;
    cell.solve_minutes = std::max<std::int64_t>(0, submission->contest_ms / 60000);
    cell.penalty_minutes = cell.solve_minutes + rules.penalty_minutes * static_cast<std::int64_t>(rejected);
    break;  // what comes after the first AC does not count
  }
  return cell;
}

// Ranks sorted rows: a row equal to the one before (as `same` says) shares its rank.
template <typename Row, typename Same>
void assign_ranks(std::vector<Row>& rows, Same same) {
  for (std::size_t i = 0; i < rows.size(); ++i)
    rows[i].rank = i > 0 && same(rows[i - 1], rows[i]) ? rows[i - 1].rank : i + 1;
}

}  // namespace

std::vector<IcpcRow> icpc_scoreboard(const std::vector<std::string>& problems,
                                     const std::vector<std::string>& participants,
                                     const std::vector<JudgedSubmission>& submissions, const IcpcRules& rules) {
  const auto cells = by_cell(submissions);
  std::vector<IcpcRow> rows;
  for (const std::string& participant : participants) {
    IcpcRow row;
    row.participant = participant;
    for (const std::string& problem : problems) {
      const auto tries = cells.find({participant, problem});
      row.cells.push_back(tries == cells.end() ? IcpcCell{} : icpc_cell(tries->second, rules));
      const IcpcCell& cell = row.cells.back();
      if (!cell.solved) continue;
      ++row.solved;
      row.penalty_minutes += cell.penalty_minutes;
      row.last_solve_minutes = std::max(row.last_solve_minutes, cell.solve_minutes);
    }
    rows.push_back(std::move(row));
  }
  // The first solve of each problem: the earliest by the millisecond, all of a tie.
  for (std::size_t p = 0; p < problems.size(); ++p) {
    std::optional<std::int64_t> first;
    for (const auto& row : rows)
      if (row.cells[p].solved && (!first || row.cells[p].solve_ms < *first)) first = row.cells[p].solve_ms;
    for (auto& row : rows) row.cells[p].first_to_solve = row.cells[p].solved && row.cells[p].solve_ms == first;
  }
  auto order = [](const IcpcRow& row) {
    return std::tuple(-static_cast<long long>(row.solved), row.penalty_minutes, row.last_solve_minutes);
  };
  std::stable_sort(rows.begin(), rows.end(), [&](const IcpcRow& a, const IcpcRow& b) {
    return std::tuple(order(a), a.participant) < std::tuple(order(b), b.participant);
  });
  assign_ranks(rows, [&](const IcpcRow& a, const IcpcRow& b) { return order(a) == order(b); });
  return rows;
}

namespace {

// The best points of each subtask, by name, in the order the submissions list them.
void take_best_subtasks(std::vector<SubtaskPoints>& best, const std::vector<SubtaskPoints>& subtasks) {
  for (const SubtaskPoints& subtask : subtasks) {
    const auto known = std::find_if(best.begin(), best.end(), [&](const auto& b) { return b.name == subtask.name; });
    if (known == best.end()) best.push_back(subtask);
    else
      known->points = std::max(known->points, subtask.points);
  }
}

IoiCell ioi_cell(const std::vector<const JudgedSubmission*>& tries, IoiMax mode) {
  IoiCell cell;
  double best_whole = 0;
  for (const JudgedSubmission* submission : tries) {
    if (!submission->verdict) {
      ++cell.pending;
      continue;
    }
    ++cell.judged;
    if (!cell.submission || submission->score > best_whole) {
      best_whole = submission->score;
      cell.submission = submission->index;
    }
    const double before = cell.score;
    take_best_subtasks(cell.subtasks, submission->subtasks);
    double by_subtask = 0;
    for (const auto& subtask : cell.subtasks) by_subtask += subtask.points;
    cell.score = mode == IoiMax::subtask && !cell.subtasks.empty() ? std::max(by_subtask, best_whole) : best_whole;
    if (score_hundredths(cell.score) > score_hundredths(before)) cell.improved_ms = submission->contest_ms;
  }
  return cell;
}

}  // namespace

std::vector<IoiRow> ioi_scoreboard(const std::vector<std::string>& problems,
                                   const std::vector<std::string>& participants,
                                   const std::vector<JudgedSubmission>& submissions, IoiMax mode) {
  const auto cells = by_cell(submissions);
  std::vector<IoiRow> rows;
  for (const std::string& participant : participants) {
    IoiRow row;
    row.participant = participant;
    for (const std::string& problem : problems) {
      const auto tries = cells.find({participant, problem});
      row.cells.push_back(tries == cells.end() ? IoiCell{} : ioi_cell(tries->second, mode));
      row.total += row.cells.back().score;
    }
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const IoiRow& a, const IoiRow& b) {
    return std::tuple(-score_hundredths(a.total), a.participant) <
           std::tuple(-score_hundredths(b.total), b.participant);
  });
  assign_ranks(rows,
               [](const IoiRow& a, const IoiRow& b) { return score_hundredths(a.total) == score_hundredths(b.total); });
  return rows;
}

}  // namespace judge
