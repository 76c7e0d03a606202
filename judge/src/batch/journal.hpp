// The journal of a batch: DIR/journal.jsonl, one JSON object per line, one line per
// finished test, never rewritten. Each line is appended with a single write(2) on
// a descriptor opened with O_APPEND and made durable with fsync before the test
// counts as done, so a batch killed at any moment (even by SIGKILL) leaves every
// finished test recorded and at worst one torn last line, which readers skip.
//
// A line (keys documented in docs/batch.md):
//   {"participant": "alice", "problem": "nuts-bolts", "test": "01-sample",
//    "fingerprint": "<sha1>", "verdict": "AC", "message": "",
//    "record": {...batch/facts...} | "compile_error": "<compiler output>",
//    "run": {"shard": "1/1", "jobs": 2, "cores": 2, "concurrent_tests": 2},
//    "finished_at": "2024-05-01T12:00:00Z"}
#pragma once

#include <cstddef>
#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/unique_fd.hpp"

namespace judge {

class JournalWriter {
 public:
  // Opens (creating) the journal for appending. If the file ends in a torn line,
  // a newline is appended first, so the next record starts a line of its own.
  // Throws JudgeFault naming the file.
  explicit JournalWriter(const std::filesystem::path& path);
  // Appends one record as one line and fsyncs. Throws JudgeFault.
  void append(const nlohmann::json& record);

 private:
  std::filesystem::path path_;
  UniqueFd fd_;
};

struct JournalContents {
  std::vector<nlohmann::json> records;  // in file order
  std::size_t skipped_lines = 0;        // torn or unparsable lines
};

// Reads a journal; a missing file is an empty journal.
JournalContents read_journal(const std::filesystem::path& path);

// "participant\x1fproblem\x1ftest": the unit a record is for.
std::string record_key(const nlohmann::json& record);
std::string unit_key(const std::string& participant, const std::string& problem,
                     const std::string& test);

}  // namespace judge
