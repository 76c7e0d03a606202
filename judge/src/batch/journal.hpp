// The journal of a batch: DIR/journal.jsonl, one JSON object per line, one line per
// finished test, never rewritten. Each line is appended with a single write(2) on
// a descriptor opened with O_APPEND before the test counts as done, so a batch killed
// at any moment (even by SIGKILL: the kernel holds what was written) leaves every
// finished test recorded and at worst one torn last line, which readers skip.
//
// What only a crash of the machine could take, lines written but not yet on the
// disk, is made durable by fsync at most `sync_window` after it was written, one fsync
// for all the lines of that window (a group commit: an fsync a test cost the batch
// 0.25 ms of CPU a test on a VM's disk, docs/performance-log.md), and at once by
// sync(), which the batch calls before it writes a result that grades those lines.
// So a crash of the machine loses at most the last window's lines, whose tests
// --resume runs again; no result on the disk ever grades a line that is not.
//
// A line (keys documented in docs/batch.md):
//   {"participant": "alice", "problem": "nuts-bolts", ["submission": "17",] "test": "01-sample",
//    "fingerprint": "<sha1>", "verdict": "AC", "message": "",
//    "record": {...batch/facts...} | "compile_error": "<compiler output>",
//    "run": {"shard": "1/1", "jobs": 2, "cores": 2, "concurrent_tests": 2},
//    "finished_at": "2024-05-01T12:00:00Z"}
#pragma once

#include <chrono>
#include <cstddef>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/unique_fd.hpp"

namespace judge {

class JournalWriter {
 public:
  using Clock = std::chrono::steady_clock;

  // Opens (creating) the journal for appending. If the file ends in a torn line,
  // a newline is appended first, so the next record starts a line of its own.
  // `sync_window`: how long a written line may wait for its fsync (0: every append
  // fsyncs). `now`: the clock the window is measured on (a seam for tests).
  // Throws JudgeFault naming the file.
  explicit JournalWriter(const std::filesystem::path& path,
                         std::chrono::milliseconds sync_window = std::chrono::milliseconds(0),
                         std::function<Clock::time_point()> now = &Clock::now);
  JournalWriter(const JournalWriter&) = delete;
  JournalWriter& operator=(const JournalWriter&) = delete;
  // Makes the last lines durable (best effort: a destructor cannot report).
  ~JournalWriter();

  // Appends one record as one line; fsyncs when the oldest line not yet synced has
  // waited `sync_window`. Throws JudgeFault.
  void append(const nlohmann::json& record);
  // Fsyncs now if a line is not yet durable. Throws JudgeFault.
  void sync();
  // Fsyncs if a line has waited `sync_window`: for a caller's idle wakeups.
  void sync_if_due();
  // How long the caller may wait before sync_if_due() has work: nullopt when every line
  // is durable.
  std::optional<std::chrono::milliseconds> sync_due_in() const;
  // Fsyncs made (tests and figures).
  std::size_t syncs() const { return syncs_; }

 private:
  std::filesystem::path path_;
  UniqueFd fd_;
  std::chrono::milliseconds sync_window_;
  std::function<Clock::time_point()> now_;
  std::optional<Clock::time_point> oldest_unsynced_;  // when the first line not yet synced was written
  std::size_t syncs_ = 0;
};

struct JournalContents {
  std::vector<nlohmann::json> records;  // in file order
  std::size_t skipped_lines = 0;        // torn or unparsable lines
};

// Reads a journal; a missing file is an empty journal.
JournalContents read_journal(const std::filesystem::path& path);

// "participant\x1fproblem\x1ftest": the unit a record is for; a submission with an id
// (its record's "submission") is "participant\x1fproblem\x1eid\x1ftest".
std::string record_key(const nlohmann::json& record);
std::string unit_key(const std::string& participant, const std::string& problem, const std::string& test,
                     const std::string& submission_id = "");

}  // namespace judge
