// The HTML report of a batch: one self-contained file that works offline. It
// holds the batch's data as JSON, Chart.js (read from Debian's libjs-chart.js when
// the report is written, and inlined), and the page's own script and style
// (judge/report_assets/report.html, compiled into the judge). The page shows the
// standings, per problem the scores (and the score curve of a max_metric problem),
// and per submission each test's verdict and message, the queries used against the
// limit, the problem's metrics (moves, ...), CPU time and memory against their
// limits, which tests ran beside others, and the transcripts when kept (`<` and
// `>` lines coloured, each collapsible).
//
// When the page has rendered it sets <html data-report-status="ok"
// data-charts="N">; a script error sets data-report-errors (tests look for these).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "batch/dir.hpp"

namespace judge {

// The compiled-in template, with the markers {{TITLE}}, {{CHART_JS}} and
// {{REPORT_DATA}}.
std::string_view html_report_template();

// Where Chart.js is read from: $JUDGE_CHARTJS_FILE, else Debian's
// /usr/share/javascript/chart.js/chart.min.js.
std::filesystem::path chartjs_file();
// Its text, or nullopt if it cannot be read (the report then has no plots).
std::optional<std::string> load_chartjs();

// The data the page renders (documented in docs/batch.md). Transcripts are read
// from DIR, at most transcript_limit_bytes each.
nlohmann::json html_report_data(const std::filesystem::path& dir, const BatchPlan& plan,
                                const BatchGrades& grades,
                                std::size_t transcript_limit_bytes = 64 * 1024);

// JSON text safe inside a <script> element: '<' is written as \u003c, so no
// "</script>" or "<!--" can appear; invalid UTF-8 is replaced.
std::string json_for_script(const nlohmann::json& value);

std::string render_html_report(const std::string& title, const nlohmann::json& data,
                               const std::optional<std::string>& chartjs);

}  // namespace judge
