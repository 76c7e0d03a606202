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

}  // namespace
}  // namespace judge
