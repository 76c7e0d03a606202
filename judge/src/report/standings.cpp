#include "report/standings.hpp"

#include <algorithm>
#include <cmath>
#include <map>

#include <fmt/format.h>

#include "base/printable.hpp"
#include "base/utf8.hpp"

namespace judge {

namespace {

// A cell of text that is not the judge's own (a participant's folder name, a problem's
// name): valid UTF-8 (base/utf8.hpp), and neutralised as OWASP's "CSV Injection"
// advice says: a cell a spreadsheet would take as a formula (it starts with = + - @,
// a tab or a carriage return) gets a single quote in front and is quoted, so
// `=HYPERLINK(...)` shows as text. The judge's own numbers (rank, total, scores) are
// written as numbers and never pass through here: a negative score stays a number.
// Then RFC 4180 quoting.
std::string csv_text_field(const std::string& raw) {
  std::string text = valid_utf8(raw);
  const bool formula = !text.empty() && std::string_view("=+-@\t\r").find(text.front()) != std::string_view::npos;
  if (formula) text.insert(0, "'");
  if (!formula && text.find_first_of(",\"\n\r") == std::string::npos) return text;
  std::string quoted = "\"";
  for (char c : text) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  return quoted + "\"";
}

std::string icpc_to_csv(const Standings& standings) {
  std::string csv = "rank,participant,solved,penalty";
  for (const auto& problem : standings.problems)
    csv += "," + csv_text_field(problem + " attempts") + "," + csv_text_field(problem + " time") + "," +
           csv_text_field(problem + " first");
  csv += "\n";
  for (const auto& row : standings.icpc) {
    csv += fmt::format("{},{},{},{}", row.rank, csv_text_field(row.participant), row.solved, row.penalty_minutes);
    for (const auto& cell : row.cells)
      csv += cell.solved ? fmt::format(",{},{},{}", cell.attempts, cell.solve_minutes, cell.first_to_solve ? 1 : 0)
                         : fmt::format(",{},,", cell.attempts);
    csv += "\n";
  }
  return csv;
}

std::string ioi_to_csv(const Standings& standings) {
  std::string csv = "rank,participant,total";
  for (const auto& problem : standings.problems) csv += "," + csv_text_field(problem);
  csv += "\n";
  for (const auto& row : standings.ioi) {
    csv += fmt::format("{},{},{}", row.rank, csv_text_field(row.participant), format_score(row.total));
    for (const auto& cell : row.cells) csv += "," + format_score(cell.score);
    csv += "\n";
  }
  return csv;
}

}  // namespace

std::string format_score(double score) {
  return fmt::format("{:.2f}", static_cast<double>(score_hundredths(score)) / 100.0);
}

std::string cell_verdict_text(const StandingsCell& cell) {
  if (!cell.submitted) return "";
  if (!cell.verdict) return "pending";
  // Every test accepted and still not the full score (a CMS outcome of 0.5, a metric
  // over its full mark): not an AC to show.
  if (*cell.verdict == Verdict::AC && cell.max_score > 0 &&
      score_hundredths(cell.score) < score_hundredths(cell.max_score))
    return "partial";
  return std::string(verdict_name(*cell.verdict));
}

std::string icpc_cell_text(const IcpcCell& cell) {
  if (cell.attempts == 0 && cell.pending == 0) return "";
  std::string text =
      cell.solved ? fmt::format("{}/{}", cell.attempts, cell.solve_minutes) : fmt::format("{}/-", cell.attempts);
  if (cell.first_to_solve) text += "*";
  if (cell.pending > 0) text += fmt::format(" +{}?", cell.pending);
  return text;
}

namespace {

nlohmann::json icpc_rows_json(const Standings& standings) {
  nlohmann::json rows = nlohmann::json::array();
  for (const IcpcRow& row : standings.icpc) {
    nlohmann::json cells = nlohmann::json::object();
    for (std::size_t p = 0; p < standings.problems.size(); ++p) {
      const IcpcCell& cell = row.cells[p];
      cells[standings.problems[p]] = {
          {"attempts", cell.attempts},
          {"pending", cell.pending},
          {"compile_errors", cell.compile_errors},
          {"solved", cell.solved},
          {"first_to_solve", cell.first_to_solve},
          {"time_minutes", cell.solved ? nlohmann::json(cell.solve_minutes) : nlohmann::json()},
          {"penalty_minutes", cell.penalty_minutes},
          {"submission", cell.submission ? nlohmann::json(*cell.submission) : nlohmann::json()}};
    }
    rows.push_back({{"rank", row.rank},
                    {"participant", row.participant},
                    {"solved", row.solved},
                    {"penalty_minutes", row.penalty_minutes},
                    {"last_solve_minutes", row.last_solve_minutes},
                    {"problems", cells}});
  }
  return rows;
}

nlohmann::json ioi_rows_json(const Standings& standings) {
  nlohmann::json rows = nlohmann::json::array();
  for (const IoiRow& row : standings.ioi) {
    nlohmann::json cells = nlohmann::json::object();
    for (std::size_t p = 0; p < standings.problems.size(); ++p) {
      const IoiCell& cell = row.cells[p];
      nlohmann::json subtasks = nlohmann::json::array();
      for (const auto& subtask : cell.subtasks)
        subtasks.push_back({{"name", subtask.name}, {"points", subtask.points}, {"max_points", subtask.max_points}});
      cells[standings.problems[p]] = {
          {"score", cell.score},
          {"max_score", standings.max_scores[p]},
          {"subtasks", subtasks},
          {"judged", cell.judged},
          {"pending", cell.pending},
          {"submission", cell.submission ? nlohmann::json(*cell.submission) : nlohmann::json()}};
    }
    rows.push_back({{"rank", row.rank},
                    {"participant", row.participant},
                    {"total", row.total},
                    {"total_shown", format_score(row.total)},
                    {"problems", cells}});
  }
  return rows;
}

}  // namespace

nlohmann::json scoreboard_to_json(const Standings& standings) {
  nlohmann::json scoreboard = {{"rules", scoreboard_rules_name(standings.rules)}};
  if (standings.rules == ScoreboardRules::icpc) {
    scoreboard["penalty_time"] = standings.penalty_minutes;
    scoreboard["compile_errors_count"] = false;
    scoreboard["rows"] = icpc_rows_json(standings);
  } else if (standings.rules == ScoreboardRules::ioi) {
    scoreboard["ioi_max"] = ioi_max_name(standings.ioi_max);
    scoreboard["rows"] = ioi_rows_json(standings);
  }
  return scoreboard;
}

nlohmann::json standings_to_json(const Standings& standings) {
  nlohmann::json problems = nlohmann::json::array();
  for (std::size_t p = 0; p < standings.problems.size(); ++p)
    problems.push_back({{"name", standings.problems[p]}, {"max_score", standings.max_scores[p]}});
  nlohmann::json rows = nlohmann::json::array();
  std::map<std::string, int> verdicts;
  for (const auto& row : standings.rows) {
    nlohmann::json cells = nlohmann::json::object();
    for (std::size_t p = 0; p < standings.problems.size(); ++p) {
      const StandingsCell& cell = row.cells[p];
      if (!cell.submitted) {
        cells[standings.problems[p]] = nullptr;
        continue;
      }
      ++verdicts[cell_verdict_text(cell)];
      cells[standings.problems[p]] = {
          {"score", cell.score},
          {"max_score", cell.max_score},
          {"verdict", cell_verdict_text(cell)},
          {"tests_ac", cell.tests_ac},
          {"tests_finished", cell.tests_finished},
          {"tests_planned", cell.tests_planned},
          {"submissions", cell.submissions},
          {"submission", cell.submission ? nlohmann::json(*cell.submission) : nlohmann::json()}};
    }
    rows.push_back({{"rank", row.rank},
                    {"participant", row.participant},
                    {"total", row.total},
                    {"total_shown", format_score(row.total)},
                    {"problems", cells}});
  }
  return {{"problems", problems},
          {"max_total", standings.max_total},
          {"complete", standings.complete()},
          {"tests_planned", standings.tests_planned},
          {"tests_finished", standings.tests_finished},
          {"verdicts", verdicts},
          {"rows", rows},
          {"scoreboard", scoreboard_to_json(standings)}};
}

std::string standings_to_csv(const Standings& standings) {
  if (standings.rules == ScoreboardRules::icpc) return icpc_to_csv(standings);
  if (standings.rules == ScoreboardRules::ioi) return ioi_to_csv(standings);
  std::string csv = "rank,participant,total";
  for (const auto& problem : standings.problems)
    csv += "," + csv_text_field(problem) + "," + csv_text_field(problem + " verdict");
  csv += "\n";
  for (const auto& row : standings.rows) {
    csv += fmt::format("{},{},{}", row.rank, csv_text_field(row.participant), format_score(row.total));
    for (const auto& cell : row.cells) {
      if (!cell.submitted) {
        csv += ",,";
        continue;
      }
      csv += fmt::format(",{},{}", cell.graded ? format_score(cell.score) : "", cell_verdict_text(cell));
    }
    csv += "\n";
  }
  return csv;
}

namespace {

// The ICPC or IOI scoreboard on the terminal: rank, participant, solved and penalty
// (ICPC: each cell attempts/minute, * the first solve, -: not solved) or the total
// (IOI: each problem's score).
std::string format_scoreboard_table(const Standings& standings, std::size_t max_rows) {
  const bool icpc = standings.rules == ScoreboardRules::icpc;
  std::size_t name_width = 11;
  std::vector<std::string> names;
  for (const auto& row : standings.icpc) names.push_back(printable_line(row.participant));
  for (const auto& row : standings.ioi) names.push_back(printable_line(row.participant));
  for (const auto& name : names) name_width = std::max(name_width, name.size());
  std::string text =
      icpc ? fmt::format("{:>4}  {:<{}} {:>6} {:>7}", "rank", "participant", name_width, "solved", "penalty")
           : fmt::format("{:>4}  {:<{}} {:>8}", "rank", "participant", name_width, "total");
  std::vector<std::size_t> widths;
  for (const auto& problem : standings.problems) {
    widths.push_back(std::max<std::size_t>(printable_line(problem).size(), 9));
    text += fmt::format("  {:<{}}", printable_line(problem), widths.back());
  }
  text += "\n";
  const std::size_t count = names.size();
  for (std::size_t r = 0; r < count; ++r) {
    if (r == max_rows) {
      text += fmt::format("... {} more rows\n", count - max_rows);
      break;
    }
    std::string line;
    if (icpc) {
      const IcpcRow& row = standings.icpc[r];
      line = fmt::format("{:>4}  {:<{}} {:>6} {:>7}", row.rank, names[r], name_width, row.solved, row.penalty_minutes);
      for (std::size_t p = 0; p < row.cells.size(); ++p)
        line += fmt::format("  {:<{}}", icpc_cell_text(row.cells[p]), widths[p]);
    } else {
      const IoiRow& row = standings.ioi[r];
      line = fmt::format("{:>4}  {:<{}} {:>8}", row.rank, names[r], name_width, format_score(row.total));
      for (std::size_t p = 0; p < row.cells.size(); ++p) {
        const IoiCell& cell = row.cells[p];
        line += fmt::format("  {:<{}}", cell.judged + cell.pending == 0 ? "-" : format_score(cell.score), widths[p]);
      }
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    text += line + "\n";
  }
  return text;
}

}  // namespace

std::string format_standings_table(const Standings& standings, std::size_t max_rows) {
  if (standings.rules != ScoreboardRules::points) return format_scoreboard_table(standings, max_rows);
  // Names are escaped for the terminal (base/printable.hpp) before they are measured.
  std::size_t name_width = 11;
  for (const auto& row : standings.rows) name_width = std::max(name_width, printable_line(row.participant).size());
  std::vector<std::size_t> widths;
  std::string text = fmt::format("{:>4}  {:<{}} {:>8}", "rank", "participant", name_width, "total");
  for (const auto& problem : standings.problems) {
    const std::string shown = printable_line(problem);
    widths.push_back(std::max<std::size_t>(shown.size(), 16));
    text += fmt::format("  {:<{}}", shown, widths.back());
  }
  text += "\n";
  std::size_t shown = 0;
  for (const auto& row : standings.rows) {
    if (shown++ == max_rows) {
      text += fmt::format("... {} more rows\n", standings.rows.size() - max_rows);
      break;
    }
    std::string line =
        fmt::format("{:>4}  {:<{}} {:>8}", row.rank, printable_line(row.participant), name_width, format_score(row.total));
    for (std::size_t p = 0; p < row.cells.size(); ++p) {
      const StandingsCell& cell = row.cells[p];
      const std::string shown_cell =
          !cell.submitted ? "-"
          : cell.graded   ? fmt::format("{:>7} {}", format_score(cell.score), cell_verdict_text(cell))
                          : fmt::format("pending {}/{}", cell.tests_finished, cell.tests_planned);
      line += fmt::format("  {:<{}}", shown_cell, widths[p]);
    }
    while (!line.empty() && line.back() == ' ') line.pop_back();
    text += line + "\n";
  }
  return text;
}

}  // namespace judge
