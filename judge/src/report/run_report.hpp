// How a RunResult is shown: the verdict JSON (every key documented with its unit
// in docs/commands.md) and the terminal's line per test and summary. Result files are
// written with write_file_atomically (base/atomic_file.hpp).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "run/runner.hpp"

namespace judge {

nlohmann::json to_json(const RunResult& result);
nlohmann::json test_to_json(const TestOutcome& test, const std::vector<std::string>& metrics = {});

// "  03-n2        AC     12 ms    3.4 MiB    27631/49828 queries"; a test that is not
// AC adds its message and the last line of the submission's stderr; a repeated test
// (--repeat) its CPU spread, and FLAKY with the verdicts seen when they differ. A CMS
// task's test adds "outcome 0.5" (the manager's or checker's number), and a partial
// outcome (0 < outcome < 1) the manager's message too.
std::string format_test_line(const TestOutcome& test, std::size_t name_width);

// A CMS task's test: the outcome its manager or checker printed (nullopt otherwise).
std::optional<double> cms_outcome(const TestOutcome& test);

// Each test entry of `tests` (test_to_json's) that a subtask of `subtasks` (a Score's
// top_level "subtasks": each with "name", "points", "max_points" and its "tests" by
// name) holds gets "subtask", "subtask_score" (the points that subtask earned) and
// "subtask_max_score", of the first subtask that holds it. A test's own "score" keeps
// its meaning (a CMS test's outcome times its weight).
void add_subtask_scores(const nlohmann::json& subtasks, nlohmann::json& tests);

// The submission's stderr tail as the JSON and the terminal show it: valid UTF-8 with
// control characters escaped (base/printable.hpp), without the bytes of a character
// the tail began inside of.
std::string stderr_text(std::string_view tail);
// Its last line that is not blank ("" : none), at most 160 bytes.
std::string stderr_last_line(std::string_view tail);

// --repeat: "AC x2, TLE x1" in the order first seen, and the CPU spread.
std::string verdicts_seen(const std::vector<RepeatOutcome>& repeats);
struct CpuSpread {
  std::int64_t min_ms = 0, median_ms = 0, max_ms = 0;
};
CpuSpread cpu_spread(const std::vector<RepeatOutcome>& repeats);
std::string format_summary(const RunResult& result);

// One line that says what went wrong, for a report's headline (at most 160 bytes): of a
// compiler's message (CE) the first line that names an error ("a.cpp:3:5: error: ..."),
// not its "In function 'int main()':" preamble; otherwise the message's first line.
std::string message_headline(Verdict verdict, const std::string& message);

}  // namespace judge
