// What `judge batch` shows while it runs. On a terminal: one status line redrawn in
// place (a bar, counts, the tests running, the ETA), with every test that is not
// AC printed above it. Elsewhere (a log, CI): one plain line per finished test.
// The ETA sums, over the submissions, each one's tests left times its own mean wall
// time per test (a submission that waited out the wall limit on one test will on
// the next; a mean over all tests was 5x off when such tests came last), divided by
// the tests run at once. A submission with no test finished yet counts at the mean
// of all. Tests reused from the journal count for nothing. The ETA shown is smoothed
// (smooth_eta): it counts down with the clock and moves a fifth of the way to each
// new estimate, so that one slow test does not make it jump.
//
// On a terminal, a submission's tests that are not AC are summarised in one line when
// its last test is in (submission_summary_line), not a line each; the verdict counts
// cover the whole batch, the tests reused from the journal said apart.
#pragma once

#include <chrono>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "grade/verdict_rules.hpp"

namespace judge {

struct ProgressCounts {
  std::size_t total = 0;        // tests of this run's share (shard)
  std::size_t reused = 0;       // finished before this run (journal)
  std::size_t finished = 0;     // finished in this run
  std::size_t running = 0;
  std::map<Verdict, std::size_t> verdicts;  // of tests finished in this run
  std::map<Verdict, std::size_t> reused_verdicts;  // of tests reused from the journal
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
  // The ETA last shown (smooth_eta) and when (counts.elapsed then).
  std::optional<double> shown_eta_ms;
  std::chrono::milliseconds shown_at{0};
};

// The ETA to show: with nothing shown before, the estimate; else the one shown, counted
// down by the time since, moved a fifth of the way toward the new estimate. Updates
// counts.shown_eta_ms and shown_at.
std::optional<std::chrono::seconds> smooth_eta(ProgressCounts& counts);

// The line of a finished submission whose tests were not all AC: "alice/nuts-bolts: 3
// of 10 tests not AC: WA 2, TLE 1; 03-n2-reversed WA: wrong matching ...", cut to
// `width`. `failed`: (test, verdict, message) in test order.
struct FailedTest {
  std::string test;
  Verdict verdict;
  std::string message;
};
std::string submission_summary_line(const std::string& submission, std::size_t tests,
                                    const std::vector<FailedTest>& failed, std::size_t width);

// The batch's closing line: "226 tests: 95 from the journal (AC 50, WA 45), 131 run
// now in 1:15 (AC 59, WA 72); in all AC 109, WA 117".
std::string batch_summary_text(const ProgressCounts& counts, std::chrono::seconds elapsed);

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
