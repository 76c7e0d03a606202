#include "batch/facts.hpp"

#include <signal.h>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

// A pass with every field set to a value other than its default.
PassRecord full_pass() {
  PassRecord pass;
  TestFacts& facts = pass.facts;
  facts.submission.exit = {true, 0, SIGKILL, 1234, 262100, 1500};
  facts.submission.killed_by_judge = true;
  facts.submission.hit_wall_limit = true;
  facts.submission.hit_cpu_limit = true;
  facts.submission.oom_killed = true;
  facts.submission.memory_limit_reached = true;
  facts.submission.group_peak_kib = 65000;
  facts.submission.outer_memory_limit_kib = 153600;
  facts.submission.hit_output_limit = true;
  facts.interactor.alone_from_ms = 1234;
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
  facts.interactor_bytes_written = 77;
  facts.wall_limit_extended_ms = 345;
  facts.waited_for_cpu_ms = 456;
  facts.judge_max_gap_ms = 2345;
  facts.judge_run_delay_ms = 1999;
  facts.interactor_output_ended_first = true;
  facts.limits.cpu_ms = 2000;
  facts.limits.wall_ms = 5000;
  facts.limits.memory_kib = 262144;
  facts.limits.interactor_cpu_ms = 20000;
  facts.limits.output_kib = 77;
  facts.limits.processes = 5;
  facts.limits.passes = 3;
  facts.limits.interactor_memory_kib = 1234;
  pass.interactor_ran = false;
  pass.checker = CheckerFacts{{false, 1, 0, 5, 900, 7}, false, "wrong answer 3 != 4"};
  pass.wrote_nextpass = true;
  pass.probe_marked = true;
  pass.submission_stderr = "debug: n = 10";
  pass.interactor_stderr = "reading query 59";
  pass.interactor_result = {{"queries", 59}, {"query_limit", 58}, {"moves", 12345678901LL}};
  pass.containment = {{"sandbox", "judge-box"}, {"enforced", {"pid namespace"}}};
  ProcessRecord process;
  process.end = facts.submission;
  process.exec_error = "cannot execute /box/y";
  process.stderr_tail = "process 1 says hello";
  process.containment = {{"sandbox", "judge-box"}};
  pass.processes = {process, process};
  pass.processes[1].end.exit.cpu_ms = 99;
  pass.manager_output = "0.5\n";
  pass.output_matches = false;
  return pass;
}

TestRecord full_record() {
  TestRecord record;
  record.name = "07-n10-random";
  record.passes = {full_pass(), full_pass()};
  record.passes[1].probe_marked = false;
  record.judge_fault = "cannot start the interactor";
  record.transcript = "transcripts/alice/nuts-bolts/07-n10-random.interaction";
  TestRecord repeat;
  repeat.name = record.name;
  repeat.passes = {full_pass()};
  record.repeats = {repeat};
  return record;
}

TEST(BatchFacts, RoundTripKeepsEveryFact) {
  const TestRecord original = full_record();
  const nlohmann::json json = record_to_json(original);
  const TestRecord back = record_from_json(nlohmann::json::parse(json.dump()));
  EXPECT_EQ(record_to_json(back), json);
  EXPECT_EQ(back.passes.at(0).facts.report.reason, Verdict::QLE);
  EXPECT_TRUE(back.passes.at(0).facts.submission.oom_killed);
  EXPECT_EQ(back.passes.at(0).facts.submission.outer_memory_limit_kib, 153600);
  EXPECT_EQ(back.passes.at(0).checker->output, "wrong answer 3 != 4");
  EXPECT_FALSE(back.passes.at(1).probe_marked);
  EXPECT_EQ(back.passes.at(0).processes.at(1).end.exit.cpu_ms, 99);
  EXPECT_EQ(back.passes.at(0).manager_output, "0.5\n");
  EXPECT_EQ(back.passes.at(0).output_matches, false);
  EXPECT_EQ(*back.transcript, *original.transcript);
  EXPECT_EQ(back.passes.at(0).facts.judge_max_gap_ms, 2345);
  ASSERT_EQ(back.repeats.size(), 1u);
  EXPECT_EQ(back.repeats.at(0).passes.at(0).facts.judge_run_delay_ms, 1999);
  // Graded alike, whatever the grading reads.
  for (const bool fault : {true, false}) {
    TestRecord a = original, b = back;
    if (!fault) a.judge_fault.clear(), b.judge_fault.clear();
    for (const auto convention :
         {InteractorConvention::icpc, InteractorConvention::testlib, InteractorConvention::cms}) {
      const GradingSpec spec{"p", convention, nullptr, {"moves"}};
      const TestOutcome x = grade_test(spec, a, {}), y = grade_test(spec, b, {});
      EXPECT_EQ(x.decision.verdict, y.decision.verdict);
      EXPECT_EQ(x.decision.message, y.decision.message);
      EXPECT_EQ(x.interactor_result, y.interactor_result);
      EXPECT_EQ(x.passes, y.passes);
      EXPECT_EQ(x.containment, y.containment);
      EXPECT_EQ(x.submission_stderr, y.submission_stderr);
    }
  }
}

TEST(BatchFacts, DefaultRecordRoundTrips) {
  const TestRecord original{};
  const TestRecord back = record_from_json(record_to_json(original));
  EXPECT_EQ(record_to_json(back), record_to_json(original));
  EXPECT_FALSE(back.transcript.has_value());
  TestRecord one_pass;
  one_pass.passes.emplace_back();
  const TestRecord again = record_from_json(record_to_json(one_pass));
  EXPECT_FALSE(again.passes.at(0).checker.has_value());
  EXPECT_FALSE(again.passes.at(0).facts.report.reason.has_value());
  EXPECT_FALSE(again.passes.at(0).facts.report.score.has_value());
}

TEST(BatchFacts, AJournalFromBeforeRepeatsAndTheJudgesDelaysStillReads) {
  nlohmann::json json = record_to_json(full_record());
  json.erase("repeats");
  json["passes"][0]["facts"].erase("judge_max_gap_ms");
  const TestRecord back = record_from_json(json);
  EXPECT_TRUE(back.repeats.empty());
  EXPECT_EQ(back.passes.at(0).facts.judge_max_gap_ms, -1);
}

TEST(BatchFacts, AJournalFromBeforeTheCmsOutputLimitStillReads) {
  nlohmann::json json = record_to_json(full_record());
  json["passes"][0]["facts"]["submission"].erase("hit_output_limit");
  json["passes"][0]["facts"]["interactor"].erase("alone_from_ms");
  const TestRecord back = record_from_json(json);
  EXPECT_FALSE(back.passes.at(0).facts.submission.hit_output_limit);
  EXPECT_EQ(back.passes.at(0).facts.interactor.alone_from_ms, -1);
  EXPECT_TRUE(record_from_json(record_to_json(full_record())).passes.at(0).facts.submission.hit_output_limit);
}

// A journal written before the outer memory limit was recorded: none known.
TEST(BatchFacts, AJournalFromBeforeTheOuterMemoryLimitStillReads) {
  nlohmann::json json = record_to_json(full_record());
  json["passes"][0]["facts"]["submission"].erase("outer_memory_limit_kib");
  EXPECT_EQ(record_from_json(json).passes.at(0).facts.submission.outer_memory_limit_kib, -1);
}

// A journal written before the wait for a CPU was recorded: unknown, so a tighter
// limit moves by nothing, as before.
TEST(BatchFacts, AJournalFromBeforeTheWaitForACpuStillReads) {
  nlohmann::json json = record_to_json(full_record());
  EXPECT_EQ(json["passes"][0]["facts"]["waited_for_cpu_ms"], 456);
  json["passes"][0]["facts"].erase("waited_for_cpu_ms");
  EXPECT_EQ(record_from_json(json).passes.at(0).facts.waited_for_cpu_ms, -1);
}

TEST(BatchFacts, AMissingKeyOrAnUnknownVerdictIsNamed) {
  nlohmann::json json = record_to_json(full_record());
  json["passes"][0]["facts"]["submission"].erase("hit_cpu_limit");
  try {
    record_from_json(json);
    FAIL() << "expected an error";
  } catch (const JudgeFault& error) {
    EXPECT_NE(std::string(error.what()).find("hit_cpu_limit"), std::string::npos) << error.what();
  }
  json = record_to_json(full_record());
  json["passes"][0]["facts"]["report"]["reason"] = "XYZ";
  try {
    record_from_json(json);
    FAIL() << "expected an error";
  } catch (const JudgeFault& error) {
    EXPECT_NE(std::string(error.what()).find("XYZ"), std::string::npos) << error.what();
  }
}

// A guard: the journal must keep every fact grading reads. When one of these sizes
// changes, a field was added or removed: list it in batch/facts.cpp's macros (and set
// it in full_pass above), then update the size here.
TEST(BatchFacts, EveryFieldIsSerialized) {
  EXPECT_EQ(sizeof(Limits), 64u) << "Limits changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(ExitFacts), 40u) << "ExitFacts changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(EndFacts), 80u) << "EndFacts changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(InteractorReport), 176u) << "InteractorReport changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(TestFacts), 488u) << "TestFacts changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(CheckerFacts), 80u) << "CheckerFacts changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(ProcessRecord), 160u) << "ProcessRecord changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(PassRecord), 752u) << "PassRecord changed: update batch/facts.cpp";
  EXPECT_EQ(sizeof(TestRecord), 160u) << "TestRecord changed: update batch/facts.cpp";
}

}  // namespace
}  // namespace judge
