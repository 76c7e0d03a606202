#include "batch/facts.hpp"

#include <signal.h>

#include <gtest/gtest.h>

#include "report/run_report.hpp"

namespace judge {
namespace {

// Every field set to a value other than its default.
TestOutcome full_outcome() {
  TestOutcome outcome;
  outcome.name = "07-n10-random";
  outcome.decision = {Verdict::MLE, "memory limit exceeded"};
  TestFacts& facts = outcome.facts;
  facts.submission.exit = {true, 0, SIGKILL, 1234, 262100, 1500};
  facts.submission.killed_by_judge = true;
  facts.submission.hit_wall_limit = true;
  facts.submission.hit_cpu_limit = true;
  facts.submission.oom_killed = true;
  facts.interactor.exit = {false, 43, 0, 12, 3400, 1501};
  facts.interactor.killed_by_judge = true;
  facts.interactor.hit_wall_limit = true;
  facts.interactor.hit_cpu_limit = true;
  facts.exited_first = Side::interactor;
  facts.report.reason = Verdict::QLE;
  facts.report.message = "query 59 of 58";
  facts.report.contestant_eof = true;
  facts.report.contestant_eof_reported = true;
  facts.report.malformed = "bad json";
  facts.report.team_message = "try smaller steps";
  facts.report.failed = "the checker failed (testlib FAIL, exit 3)";
  facts.report.score = 42.5;
  facts.report.score_multiplier = 0.5;
  facts.exec_error = "cannot execute /box/x: Exec format error";
  facts.submission.memory_limit_reached = true;
  facts.submission.group_peak_kib = 65000;
  facts.interactor_bytes_written = 77;
  facts.wall_limit_extended_ms = 345;
  facts.limits.cpu_ms = 2000;
  facts.limits.wall_ms = 5000;
  facts.limits.memory_kib = 262144;
  facts.limits.interactor_cpu_ms = 20000;
  facts.limits.output_kib = 77;
  facts.limits.processes = 5;
  facts.limits.passes = 3;
  facts.limits.interactor_memory_kib = 1234;
  outcome.interactor_result = {{"queries", 59}, {"query_limit", 58}, {"moves", 12345678901LL}};
  outcome.transcript = "transcripts/alice/nuts-bolts/07-n10-random.interaction";
  outcome.passes = nlohmann::json::array({{{"pass", 1}, {"verdict", "probe"}}});
  outcome.forced_decision = Decision{Verdict::JE, "pass 2 left no nextpass.in"};
  outcome.containment = {{"sandbox", "judge-box"}, {"enforced", {"pid namespace"}}};
  return outcome;
}

TEST(BatchFacts, RoundTripKeepsEveryFact) {
  const TestOutcome original = full_outcome();
  const nlohmann::json record = outcome_to_record(original);
  const TestOutcome back = outcome_from_record(nlohmann::json::parse(record.dump()));
  EXPECT_EQ(outcome_to_record(back), record);
  EXPECT_EQ(test_to_json(back, {"moves"}), test_to_json(original, {"moves"}));
  EXPECT_EQ(back.facts.report.reason, Verdict::QLE);
  EXPECT_EQ(back.forced_decision->verdict, Verdict::JE);
  EXPECT_TRUE(back.facts.submission.oom_killed);
  EXPECT_EQ(back.facts.submission.group_peak_kib, 65000);
  EXPECT_EQ(back.facts.report.failed, original.facts.report.failed);
  EXPECT_EQ(back.containment, original.containment);
  EXPECT_EQ(decide_verdict(back.facts).verdict, decide_verdict(original.facts).verdict);
  EXPECT_EQ(decide_verdict(back.facts).message, decide_verdict(original.facts).message);
}

TEST(BatchFacts, JournalsOfEarlierVersionsKeepTheirFourLimits) {
  nlohmann::json record = outcome_to_record(full_outcome());
  record["facts"].erase("limits");
  record["facts"]["time_limit_ms"] = 1500;
  record["facts"]["wall_limit_ms"] = 4000;
  record["facts"]["memory_limit_kib"] = 65536;
  record["facts"]["interactor_time_limit_ms"] = 9000;
  const Limits limits = outcome_from_record(record).facts.limits;
  EXPECT_EQ(limits.cpu_ms, 1500);
  EXPECT_EQ(limits.wall_ms, 4000);
  EXPECT_EQ(limits.memory_kib, 65536);
  EXPECT_EQ(limits.interactor_cpu_ms, 9000);
}

TEST(BatchFacts, DefaultOutcomeRoundTrips) {
  const TestOutcome original{};
  const TestOutcome back = outcome_from_record(outcome_to_record(original));
  EXPECT_EQ(outcome_to_record(back), outcome_to_record(original));
  EXPECT_FALSE(back.transcript.has_value());
  EXPECT_FALSE(back.forced_decision.has_value());
  EXPECT_FALSE(back.facts.report.reason.has_value());
}

TEST(BatchFacts, MissingKeyIsNamed) {
  nlohmann::json record = outcome_to_record(full_outcome());
  record["facts"]["submission"].erase("hit_cpu_limit");
  try {
    outcome_from_record(record);
    FAIL() << "expected an error";
  } catch (const std::runtime_error& error) {
    EXPECT_NE(std::string(error.what()).find("hit_cpu_limit"), std::string::npos);
  }
}

// A guard: the journal must keep every fact the verdict is decided from. When one
// of these sizes changes, a field was added or removed: serialize it in
// batch/facts.cpp (and its test above), then update the size here.
TEST(BatchFacts, EveryFieldIsSerialized) {
  EXPECT_EQ(sizeof(Limits), 64u) << "Limits changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(ExitFacts), 40u) << "ExitFacts changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(EndFacts), 56u) << "EndFacts changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(InteractorReport), 176u) << "InteractorReport changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(TestFacts), 408u) << "TestFacts changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(TestOutcome), 624u) << "TestOutcome changed: update batch/facts.cpp";
}

}  // namespace
}  // namespace judge
