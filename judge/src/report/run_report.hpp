// How a RunResult is shown: the verdict JSON (every key documented with its unit
// in README.md) and the terminal's line per test and summary. Result files are
// written with write_file_atomically (base/atomic_file.hpp).
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "run/runner.hpp"

namespace judge {

nlohmann::json to_json(const RunResult& result);
nlohmann::json test_to_json(const TestOutcome& test, const std::vector<std::string>& metrics = {});

// "  03-n2        AC     12 ms    3.4 MiB    27631/49828 queries"
std::string format_test_line(const TestOutcome& test, std::size_t name_width);
std::string format_summary(const RunResult& result);

// One line that says what went wrong, for a report's headline (at most 160 bytes): of a
// compiler's message (CE) the first line that names an error ("a.cpp:3:5: error: ..."),
// not its "In function 'int main()':" preamble; otherwise the message's first line.
std::string message_headline(Verdict verdict, const std::string& message);

}  // namespace judge
