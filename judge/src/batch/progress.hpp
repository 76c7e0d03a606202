// What `judge batch` shows while it runs. On a terminal: one status line redrawn in
// place (a bar, counts, the tests running, the ETA), with every test that is not
// AC printed above it. Elsewhere (a log, CI): one plain line per finished test.
// The ETA sums, over the submissions, each one's tests left times its own mean wall
// time per test (a submission that waited out the wall limit on one test will on
// the next; a mean over all tests was 5x off when such tests came last), divided by
// the tests run at once. A submission with no test finished yet counts at the mean
// of all. Tests reused from the journal count for nothing.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>

#include "grade/verdict_rules.hpp"

namespace judge {

struct ProgressCounts {
  std::size_t total = 0;        // tests of this run's share (shard)
  std::size_t reused = 0;       // finished before this run (journal)
  std::size_t finished = 0;     // finished in this run
  std::size_t running = 0;
  std::map<Verdict, std::size_t> verdicts;  // of tests finished in this run
  std::chrono::milliseconds elapsed{0};         // since this run started
  std::size_t compile_errors = 0;  // submissions that did not compile (their tests: finished, CE)

  // Per submission of the plan (by index): tests finished in this run with their wall
  // time (start to verdict), and tests left. Empty: the ETA is elapsed per finished test.
  struct Pace {
    std::size_t finished = 0;
    std::size_t left = 0;
    std::chrono::milliseconds wall{0};
  };
  std::map<std::size_t, Pace> pace;
  std::size_t jobs = 1;  // tests run at once
};

// "1:02:03", "4:05", "0:07".
std::string format_duration(std::chrono::seconds duration);

// Remaining time, once at least one test finished in this run.
std::optional<std::chrono::seconds> estimate_remaining(const ProgressCounts& counts);

// " AC 40 WA 5 CE 1 submission (15 tests)": a compile error counted once per submission.
std::string verdict_counts_text(const ProgressCounts& counts, const std::string& separator);

// "[#########...........]  45/120  37%  2 running  ETA 1:20  AC 40 WA 5", cut to width.
std::string format_status_line(const ProgressCounts& counts, std::size_t width);

// "[ 45/120] alice/nuts-bolts 03-n2  AC  12 ms  3.4 MiB  ETA 1:20" (+ message if not AC)
std::string format_finished_line(const ProgressCounts& counts, const std::string& unit,
                                 Verdict verdict, long long cpu_ms,
                                 long long memory_kib, const std::string& message);

}  // namespace judge
