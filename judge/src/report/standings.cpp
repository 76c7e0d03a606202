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

}  // namespace

std::string format_score(double score) {
  return fmt::format("{:.2f}", static_cast<double>(score_hundredths(score)) / 100.0);
}

std::string cell_verdict_text(const StandingsCell& cell) {
  if (!cell.submitted) return "";
  return cell.verdict ? std::string(verdict_name(*cell.verdict)) : "pending";
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
          {"score", cell.score},           {"max_score", cell.max_score},
          {"verdict", cell_verdict_text(cell)}, {"tests_ac", cell.tests_ac},
          {"tests_finished", cell.tests_finished}, {"tests_planned", cell.tests_planned}};
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
          {"rows", rows}};
}

std::string standings_to_csv(const Standings& standings) {
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

std::string format_standings_table(const Standings& standings, std::size_t max_rows) {
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
