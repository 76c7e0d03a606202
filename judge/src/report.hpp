// How a RunResult is shown: the verdict JSON (every key documented with its unit
// in README.md), the terminal's line per test and summary, and the atomic write
// of a result file (temporary file in the same folder, fsync, rename: a reader
// sees the old file or the whole new one, never half of it).
#pragma once

#include <filesystem>
#include <string>

#include <nlohmann/json.hpp>

#include "runner.hpp"

namespace judge {

nlohmann::json to_json(const RunResult& result);
nlohmann::json test_to_json(const TestOutcome& test, const std::vector<std::string>& metrics = {});

// "  03-n2        AC     12 ms    3.4 MiB    27631/49828 queries"
std::string format_test_line(const TestOutcome& test, std::size_t name_width);
std::string format_summary(const RunResult& result);

// Throws std::runtime_error naming the file and the reason.
void write_file_atomically(const std::filesystem::path& path, const std::string& content);

}  // namespace judge
