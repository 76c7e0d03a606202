#include "batch/scoreboard.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

constexpr std::int64_t kMinute = 60000;

JudgedSubmission icpc(std::size_t index, const std::string& team, const std::string& problem, std::int64_t ms,
                      std::optional<Verdict> verdict) {
  JudgedSubmission submission;
  submission.index = index;
  submission.participant = team;
  submission.problem = problem;
  submission.contest_ms = ms;
  submission.verdict = verdict;
  return submission;
}

// A small contest computed by hand (the comments give each cell's reckoning).
std::vector<JudgedSubmission> icpc_contest() {
  return {
      // t1: A WA 10, AC 25: 25 + 20 = 45; B CE 5 (not counted), AC 30: 30. 2 solved, 75, last 30.
      icpc(0, "t1", "A", 10 * kMinute, Verdict::WA),
      icpc(1, "t1", "A", 25 * kMinute + 59999, Verdict::AC),
      icpc(2, "t1", "B", 5 * kMinute, Verdict::CE),
      icpc(3, "t1", "B", 30 * kMinute, Verdict::AC),
      // t2: A AC 15:00 (first to solve A), WA 70 after it (ignored); B AC 60. 2 solved, 75, last 60.
      icpc(4, "t2", "A", 15 * kMinute, Verdict::AC),
      icpc(5, "t2", "A", 70 * kMinute, Verdict::WA),
      icpc(6, "t2", "B", 60 * kMinute, Verdict::AC),
      // t3: A AC 15:30 (minute 15, but after t2); C TLE 100, AC 120: 140. 2 solved, 155.
      icpc(7, "t3", "A", 15 * kMinute + 30000, Verdict::AC),
      icpc(8, "t3", "C", 100 * kMinute, Verdict::TLE),
      icpc(9, "t3", "C", 120 * kMinute, Verdict::AC),
      // t4: C WA, CE: 1 attempt, not solved.
      icpc(10, "t4", "C", 1 * kMinute, Verdict::WA),
      icpc(11, "t4", "C", 2 * kMinute, Verdict::CE),
      // t5: A WA, then one not judged yet and a JE: 1 attempt, 2 pending.
      icpc(12, "t5", "A", 5 * kMinute, Verdict::WA),
      icpc(13, "t5", "A", 10 * kMinute, std::nullopt),
      icpc(14, "t5", "A", 11 * kMinute, Verdict::JE),
  };
}

const std::vector<std::string> kProblems = {"A", "B", "C"};
const std::vector<std::string> kTeams = {"t5", "t4", "t3", "t2", "t1", "t6"};

TEST(IcpcScoreboard, RanksBySolvedPenaltyAndLastSolve) {
  const auto rows = icpc_scoreboard(kProblems, kTeams, icpc_contest(), {});
  ASSERT_EQ(rows.size(), 6u);
  struct Expected {
    const char* team;
    std::size_t rank, solved;
    std::int64_t penalty, last;
  };
  // t1 and t2 tie on 2 solved and 75 minutes: t1 solved its last problem earlier.
  // t4, t5 and t6 (no submission) tie on nothing solved: rank 4, by name.
  const Expected expected[] = {{"t1", 1, 2, 75, 30}, {"t2", 2, 2, 75, 60}, {"t3", 3, 2, 155, 120},
                               {"t4", 4, 0, 0, 0},   {"t5", 4, 0, 0, 0},   {"t6", 4, 0, 0, 0}};
  for (std::size_t i = 0; i < 6; ++i) {
    SCOPED_TRACE(expected[i].team);
    EXPECT_EQ(rows[i].participant, expected[i].team);
    EXPECT_EQ(rows[i].rank, expected[i].rank);
    EXPECT_EQ(rows[i].solved, expected[i].solved);
    EXPECT_EQ(rows[i].penalty_minutes, expected[i].penalty);
    EXPECT_EQ(rows[i].last_solve_minutes, expected[i].last);
  }
}

TEST(IcpcScoreboard, CellsCountAttemptsCompileErrorsAndPending) {
  const auto rows = icpc_scoreboard(kProblems, kTeams, icpc_contest(), {});
  const IcpcCell& t1_a = rows[0].cells[0];
  EXPECT_EQ(t1_a.attempts, 2u);
  EXPECT_EQ(t1_a.solve_minutes, 25);  // 25:59.999 is minute 25
  EXPECT_EQ(t1_a.penalty_minutes, 45);
  EXPECT_EQ(t1_a.submission, 1u);
  const IcpcCell& t1_b = rows[0].cells[1];
  EXPECT_EQ(t1_b.attempts, 1u);
  EXPECT_EQ(t1_b.compile_errors, 1u);
  EXPECT_EQ(t1_b.penalty_minutes, 30);
  const IcpcCell& t2_a = rows[1].cells[0];
  EXPECT_EQ(t2_a.attempts, 1u);  // the WA after the AC is not an attempt
  EXPECT_EQ(t2_a.submission, 4u);
  const IcpcCell& t4_c = rows[3].cells[2];
  EXPECT_FALSE(t4_c.solved);
  EXPECT_EQ(t4_c.attempts, 1u);
  EXPECT_EQ(t4_c.compile_errors, 1u);
  EXPECT_EQ(t4_c.submission, 10u);  // the last attempt counted, not the CE
  const IcpcCell& t5_a = rows[4].cells[0];
  EXPECT_EQ(t5_a.attempts, 1u);
  EXPECT_EQ(t5_a.pending, 2u);  // not judged, and the JE
  EXPECT_EQ(rows[5].cells[0].attempts, 0u);
}

TEST(IcpcScoreboard, MarksTheFirstSolveByTheMillisecond) {
  const auto rows = icpc_scoreboard(kProblems, kTeams, icpc_contest(), {});
  EXPECT_FALSE(rows[0].cells[0].first_to_solve);  // t1 A at 25
  EXPECT_TRUE(rows[1].cells[0].first_to_solve);   // t2 A at 15:00.000
  EXPECT_FALSE(rows[2].cells[0].first_to_solve);  // t3 A at 15:30, the same minute
  EXPECT_TRUE(rows[0].cells[1].first_to_solve);   // t1 B at 30, t2 at 60
  EXPECT_TRUE(rows[2].cells[2].first_to_solve);   // t3 C
  // Two solves at the same millisecond are both first.
  const auto tied = icpc_scoreboard(
      {"A"}, {"x", "y"}, {icpc(0, "x", "A", kMinute, Verdict::AC), icpc(1, "y", "A", kMinute, Verdict::AC)}, {});
  EXPECT_TRUE(tied[0].cells[0].first_to_solve);
  EXPECT_TRUE(tied[1].cells[0].first_to_solve);
  EXPECT_EQ(tied[1].rank, 1u);
}

TEST(IcpcScoreboard, PenaltyAndCompileErrorsAreRules) {
  IcpcRules rules;
  rules.penalty_minutes = 10;
  rules.compile_error_penalty = true;
  const auto rows = icpc_scoreboard(kProblems, kTeams, icpc_contest(), rules);
  // t1: A 25 + 10; B: the CE counts now, 30 + 10: 75 in all, as t2's 15 + 60.
  EXPECT_EQ(rows[0].participant, "t1");
  EXPECT_EQ(rows[0].penalty_minutes, 75);
  EXPECT_EQ(rows[0].cells[1].attempts, 2u);
  EXPECT_EQ(rows[1].penalty_minutes, 75);
  // A submission before the contest's start counts at minute 0.
  const auto early = icpc_scoreboard({"A"}, {"x"}, {icpc(0, "x", "A", -5 * kMinute, Verdict::AC)}, {});
  EXPECT_EQ(early[0].penalty_minutes, 0);
}

JudgedSubmission ioi(std::size_t index, const std::string& who, const std::string& problem, std::int64_t minute,
                     std::optional<Verdict> verdict, double score, std::vector<SubtaskPoints> subtasks = {}) {
  JudgedSubmission submission = icpc(index, who, problem, minute * kMinute, verdict);
  submission.score = score;
  submission.subtasks = std::move(subtasks);
  return submission;
}

std::vector<SubtaskPoints> subtasks(double s1, double s2, double s3) {
  return {{"s1", s1, 10}, {"s2", s2, 30}, {"s3", s3, 60}};
}

// P: subtasks s1 10, s2 30, s3 60; Q: no subtasks.
std::vector<JudgedSubmission> ioi_contest() {
  return {
      // alice P: 40 (s1, s2), then 70 (s1, s3): by subtask 10 + 30 + 60 = 100, by submission 70.
      ioi(0, "alice", "P", 10, Verdict::WA, 40, subtasks(10, 30, 0)),
      ioi(1, "alice", "P", 20, Verdict::WA, 70, subtasks(10, 0, 60)),
      // alice Q: 50 then 20: 50.
      ioi(2, "alice", "Q", 5, Verdict::AC, 50),
      ioi(3, "alice", "Q", 6, Verdict::WA, 20),
      // bob P: 100 at once; Q: CE, 0.
      ioi(4, "bob", "P", 30, Verdict::AC, 100, subtasks(10, 30, 60)),
      ioi(5, "bob", "Q", 1, Verdict::CE, 0),
      // carol Q: 100.
      ioi(6, "carol", "Q", 50, Verdict::AC, 100),
      // dave P: not judged yet.
      ioi(7, "dave", "P", 3, std::nullopt, 0),
  };
}

TEST(IoiScoreboard, SubtaskWiseMaximum) {
  const auto rows = ioi_scoreboard({"P", "Q"}, {"alice", "bob", "carol", "dave"}, ioi_contest(), IoiMax::subtask);
  struct Expected {
    const char* who;
    std::size_t rank;
    double total, p, q;
  };
  const Expected expected[] = {
      {"alice", 1, 150, 100, 50}, {"bob", 2, 100, 100, 0}, {"carol", 2, 100, 0, 100}, {"dave", 4, 0, 0, 0}};
  for (std::size_t i = 0; i < 4; ++i) {
    SCOPED_TRACE(expected[i].who);
    EXPECT_EQ(rows[i].participant, expected[i].who);
    EXPECT_EQ(rows[i].rank, expected[i].rank);
    EXPECT_DOUBLE_EQ(rows[i].total, expected[i].total);
    EXPECT_DOUBLE_EQ(rows[i].cells[0].score, expected[i].p);
    EXPECT_DOUBLE_EQ(rows[i].cells[1].score, expected[i].q);
  }
  const IoiCell& alice_p = rows[0].cells[0];
  ASSERT_EQ(alice_p.subtasks.size(), 3u);
  EXPECT_DOUBLE_EQ(alice_p.subtasks[1].points, 30);  // from the first submission
  EXPECT_DOUBLE_EQ(alice_p.subtasks[2].points, 60);  // from the second
  EXPECT_EQ(alice_p.judged, 2u);
  EXPECT_EQ(alice_p.submission, 1u);  // the higher whole score
  EXPECT_EQ(alice_p.improved_ms, 20 * kMinute);
  EXPECT_EQ(rows[0].cells[1].submission, 2u);  // Q: 50, not the later 20
  EXPECT_EQ(rows[3].cells[0].pending, 1u);
  EXPECT_EQ(rows[3].cells[0].judged, 0u);
}

TEST(IoiScoreboard, SubmissionMaximum) {
  const auto rows = ioi_scoreboard({"P", "Q"}, {"alice", "bob", "carol", "dave"}, ioi_contest(), IoiMax::submission);
  EXPECT_EQ(rows[0].participant, "alice");
  EXPECT_DOUBLE_EQ(rows[0].total, 120);  // 70 + 50
  EXPECT_DOUBLE_EQ(rows[0].cells[0].score, 70);
  EXPECT_EQ(rows[1].rank, 2u);
  EXPECT_EQ(rows[2].rank, 2u);
}

TEST(ScoreboardRules, Names) {
  for (auto rules : {ScoreboardRules::points, ScoreboardRules::icpc, ScoreboardRules::ioi})
    EXPECT_EQ(parse_scoreboard_rules(scoreboard_rules_name(rules)), rules);
  EXPECT_FALSE(parse_scoreboard_rules("ICPC"));
  EXPECT_EQ(parse_ioi_max("subtask"), IoiMax::subtask);
  EXPECT_EQ(parse_ioi_max("submission"), IoiMax::submission);
  EXPECT_FALSE(parse_ioi_max("max"));
}

}  // namespace
}  // namespace judge
