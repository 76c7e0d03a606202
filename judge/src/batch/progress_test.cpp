#include "batch/progress.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {
using namespace std::chrono_literals;

TEST(BatchProgress, FormatsDurations) {
  EXPECT_EQ(format_duration(7s), "0:07");
  EXPECT_EQ(format_duration(245s), "4:05");
  EXPECT_EQ(format_duration(3723s), "1:02:03");
  EXPECT_EQ(format_duration(-3s), "0:00");
}

TEST(BatchProgress, EstimatesFromThisRunOnly) {
  ProgressCounts counts;
  counts.total = 100;
  counts.reused = 40;  // from the journal: took no time now
  EXPECT_FALSE(estimate_remaining(counts).has_value());
  counts.finished = 10;
  counts.elapsed = 20s;  // 2 s per test; 50 left
  EXPECT_EQ(estimate_remaining(counts), 100s);
}

TEST(BatchProgress, EtaFollowsEachSubmissionsOwnPace) {
  // Fast AC submissions first, then one that waits out a 5 s wall limit on every
  // test: its first test sets its pace. A mean over all tests would say 60 * 0.18 s.
  ProgressCounts counts;
  counts.total = 120;
  counts.finished = 61;
  counts.elapsed = 11s;
  counts.jobs = 2;
  counts.pace[0] = {.finished = 60, .left = 0, .wall = 6s};   // 100 ms per test
  counts.pace[1] = {.finished = 1, .left = 39, .wall = 5s};   // 5 s per test
  counts.pace[2] = {.finished = 0, .left = 20, .wall = 0s};   // not started: the mean of all
  const double overall_mean_s = 11.0 / 61.0;
  const auto expected = static_cast<long long>((39 * 5.0 + 20 * overall_mean_s) / 2 + 0.5);
  EXPECT_EQ(estimate_remaining(counts), std::chrono::seconds(expected));  // 99 s, not 5 s
  EXPECT_EQ(expected, 99);
}

TEST(BatchProgress, ACompileErrorCountsOncePerSubmission) {
  ProgressCounts counts;
  counts.verdicts = {{Verdict::AC, 30}, {Verdict::CE, 15}};
  counts.compile_errors = 1;
  EXPECT_EQ(verdict_counts_text(counts, " "), " AC 30 CE 1 submission (15 tests)");
  counts.compile_errors = 2;
  EXPECT_EQ(verdict_counts_text(counts, "  "), "  AC 30  CE 2 submissions (15 tests)");
}

TEST(BatchProgress, StatusLineHasBarCountsAndEta) {
  ProgressCounts counts;
  counts.total = 120;
  counts.finished = 45;
  counts.running = 2;
  counts.elapsed = 45s;
  counts.verdicts = {{Verdict::AC, 40}, {Verdict::WA, 5}};
  const std::string line = format_status_line(counts, 200);
  EXPECT_EQ(line.rfind("[#########...............]  45/120   37%  2 running  ETA 1:15", 0), 0u) << line;
  EXPECT_NE(line.find("AC 40  WA 5"), std::string::npos);
  EXPECT_EQ(format_status_line(counts, 30).size(), 30u);
}

TEST(BatchProgress, FinishedLineShowsTheMessageOfAFailure) {
  ProgressCounts counts;
  counts.total = 9;
  counts.finished = 3;
  counts.elapsed = 3s;
  const std::string line =
      format_finished_line(counts, "alice/p 01", Verdict::WA, 12, 3482, "wrong\nanswer");
  EXPECT_EQ(line, "[3/9] alice/p 01  WA       12 ms     3.4 MiB  ETA 0:06  wrong answer");
}

// Issue 49: the ETA jumped (3:57 for a 1:15 run, then down and up); the one shown now
// counts down with the clock and moves a fifth of the way to each new estimate.
TEST(BatchProgress, TheEtaShownCountsDownAndMovesAFifthTowardEachEstimate) {
  ProgressCounts counts;
  counts.total = 100;
  counts.finished = 10;
  counts.jobs = 1;
  counts.pace[0] = {10, 90, 10s};  // 1 s a test, 90 left: 90 s
  counts.elapsed = 10s;
  EXPECT_EQ(smooth_eta(counts), 90s);  // nothing shown before: the estimate
  counts.elapsed = 20s;
  counts.pace[0] = {20, 80, 40s};  // slower now: 2 s a test, 80 left: 160 s
  // Shown 90 at 10 s, 80 left by the clock; a fifth of the way to 160: 96.
  EXPECT_EQ(smooth_eta(counts), 96s);
  counts.elapsed = 21s;
  EXPECT_NE(format_status_line(counts, 200).find("ETA 1:35"), std::string::npos) << format_status_line(counts, 200);
}

TEST(BatchProgress, ASubmissionsFailuresAreOneLine) {
  const std::vector<FailedTest> failed = {
      {"03-n2", Verdict::WA, "wrong\nmatching"}, {"05-n10", Verdict::TLE, ""}, {"07-n100", Verdict::WA, "x"}};
  EXPECT_EQ(submission_summary_line("alice/nuts-bolts", 10, failed, 200),
            "alice/nuts-bolts: 3 of 10 tests not AC: WA 2, TLE 1; first 03-n2 WA: wrong matching");
  EXPECT_EQ(submission_summary_line("bob/p", 1, {{"01", Verdict::RTE, ""}}, 200),
            "bob/p: 1 of 1 test not AC: RTE 1; first 01 RTE");
  EXPECT_EQ(submission_summary_line("alice/nuts-bolts", 10, failed, 30).size(), 30u);
}

TEST(BatchProgress, TheSummaryCoversTheWholeBatch) {
  ProgressCounts counts;
  counts.reused = 95;
  counts.finished = 131;
  counts.reused_verdicts = {{Verdict::AC, 50}, {Verdict::WA, 45}};
  counts.verdicts = {{Verdict::AC, 59}, {Verdict::WA, 72}};
  EXPECT_EQ(batch_summary_text(counts, 75s),
            "226 tests: 95 from the journal (AC 50, WA 45), 131 run now in 1:15 (AC 59, WA 72); in all AC 109, WA 117");
  ProgressCounts fresh;
  fresh.finished = 1;
  fresh.verdicts = {{Verdict::AC, 1}};
  EXPECT_EQ(batch_summary_text(fresh, 3s), "1 test run in 0:03; AC 1");
}

}  // namespace
}  // namespace judge
