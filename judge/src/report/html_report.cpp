#include "report/html_report.hpp"

#include "batch/contest_time.hpp"

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/text_file.hpp"
#include "batch/contest_time.hpp"
#include "report/junit.hpp"
#include "report/run_report.hpp"
#include "report/standings.hpp"

namespace judge {
// Defined in the source CMake generates from judge/report_assets/report.html.
extern const char* const html_report_template_text;

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

// Submissions up to this many are shown expanded (more: collapsed, opened on click).
constexpr std::size_t expand_up_to = 8;
// All transcripts of one report together, at most (the rest are named, not embedded).
constexpr std::size_t transcript_budget_bytes = 32 << 20;

std::string read_prefix(const fs::path& path, std::size_t limit, bool& truncated) {
  std::ifstream in(path, std::ios::binary);
  std::string text(limit, '\0');
  in.read(text.data(), static_cast<std::streamsize>(limit));
  text.resize(static_cast<std::size_t>(in.gcount()));
  truncated = in.peek() != std::char_traits<char>::eof();
  return text;
}

}  // namespace

std::string_view html_report_template() { return html_report_template_text; }

fs::path chartjs_file() {
  if (const char* file = std::getenv("JUDGE_CHARTJS_FILE"); file && *file) return file;
  return "/usr/share/javascript/chart.js/chart.min.js";
}

std::optional<std::string> load_chartjs() { return read_file(chartjs_file()); }

json html_report_data(const fs::path& dir, const BatchPlan& plan, const BatchGrades& grades,
                      std::size_t transcript_limit_bytes) {
  json problems = json::array();
  for (const auto& problem : plan.problems)
    problems.push_back({{"name", problem.name},
                        {"time_limit_ms", problem.limits.cpu_ms},
                        {"wall_limit_ms", problem.limits.wall_ms},
                        {"memory_limit_kib", problem.limits.memory_kib},
                        {"scoring", problem.scoring},
                        {"metrics", problem.metrics}});
  json submissions = json::array();
  std::set<long long> cores;
  std::size_t tests = 0, contended = 0, max_concurrent = 0, transcript_bytes = 0;
  for (const auto& graded : grades.graded) {
    const PlannedSubmission& submission = plan.submissions[graded.submission];
    json runs = json::object();
    for (const auto& record : graded.records) {
      const json& run = record.run;
      const std::size_t concurrent = run.value("concurrent_tests", std::size_t{0});
      runs[record.test] = run;
      if (record.compile_error) continue;
      ++tests;
      contended += concurrent > 1 ? 1 : 0;
      max_concurrent = std::max(max_concurrent, concurrent);
      if (run.contains("cores")) cores.insert(run["cores"].get<long long>());
    }
    json transcripts = json::object();
    if (graded.result) {
      for (const auto& test : graded.result->tests) {
        if (!test.transcript) continue;
        const fs::path file = test.transcript->is_absolute() ? *test.transcript : dir / *test.transcript;
        if (!fs::is_regular_file(file)) continue;
        if (transcript_bytes >= transcript_budget_bytes) {
          transcripts[test.name] = fmt::format("[not embedded: the report's transcript budget is "
                                               "spent; see {}]", file.string());
          continue;
        }
        bool truncated = false;
        std::string text = read_prefix(file, transcript_limit_bytes, truncated);
        transcript_bytes += text.size();
        if (truncated) text += fmt::format("\n[... cut here; the whole transcript is {}]", file.string());
        transcripts[test.name] = text;
      }
    }
    submissions.push_back(
        {{"participant", submission.participant},
         {"problem", submission.problem},
         {"id", submission.id},
         {"index", graded.submission},
         {"label", submission_label(submission)},
         {"time", format_abstime(submission.time_ms)},
         {"contest_time", format_reltime(contest_ms(plan, submission))},
         {"language", submission.language},
         {"path", submission.path},
         {"tests_planned", graded.tests_planned},
         {"tests_finished", graded.tests_finished},
         {"result", graded.result ? to_json(*graded.result) : json(nullptr)},
         {"headline", graded.result ? message_headline(graded.result->verdict, graded.result->message) : std::string()},
         {"runs", runs},
         {"transcripts", transcripts}});
  }
  return {{"title", "judge batch report"},
          {"directory", dir.string()},
          {"problems", problems},
          {"standings", standings_to_json(grades.standings)},
          {"submissions", submissions},
          {"run", {{"tests", tests}, {"contended_tests", contended},
                   {"max_concurrent", max_concurrent}, {"cores", cores}}},
          {"warnings", grades.warnings},
          {"expand_up_to", expand_up_to}};
}

std::string json_for_script(const json& value) {
  const std::string text = json_text(value);
  std::string safe;
  safe.reserve(text.size());
  for (char c : text) {
    if (c == '<') safe += "\\u003c";
    else safe += c;
  }
  return safe;
}

std::string render_html_report(const std::string& title, const json& data,
                               const std::optional<std::string>& chartjs) {
  // Each marker is replaced once, at the place it has in the template: what is put
  // in is never searched for markers again.
  const std::string_view page = html_report_template();
  std::string chart_code = chartjs ? *chartjs : "";
  // A script element ends at the first "</script" whatever the JavaScript means.
  for (std::size_t at = 0; (at = chart_code.find("</script", at)) != std::string::npos;)
    chart_code.replace(at, 2, "<\\/");
  const std::pair<std::string_view, std::string> fills[] = {
      {"{{TITLE}}", xml_escape(title)},
      {"{{CHART_JS}}", chart_code},
      {"{{REPORT_DATA}}", json_for_script(data)}};
  std::string html;
  std::size_t from = 0;
  for (const auto& [marker, value] : fills) {
    const std::size_t at = page.find(marker, from);
    if (at == std::string_view::npos) throw JudgeFault(fmt::format("the report template lacks {}", marker));
    html.append(page.substr(from, at - from));
    html += value;
    from = at + marker.size();
  }
  html.append(page.substr(from));
  return html;
}

}  // namespace judge
