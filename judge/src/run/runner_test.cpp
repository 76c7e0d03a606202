// The flow of a run, without processes: a fake executor hands out prepared facts.
#include "run/runner.hpp"

#include <signal.h>

#include <map>
#include <stdexcept>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

class FakeExecutor : public TestExecutor {
 public:
  std::map<std::string, TestFacts> facts_by_test;
  // Facts per run of a test, in order (--repeat), taken before facts_by_test.
  std::map<std::string, std::vector<TestFacts>> runs_of_test;
  std::vector<std::string> ran;
  std::string fault_on;  // this test throws JudgeFault
  std::size_t fault_at_call = 0;  // > 0: this call of run_test (1-based) throws JudgeFault
  // What the runner said, in order: "next NAME" / "next -" (expect_next), "run NAME",
  // "discard" (discard_started).
  std::vector<std::string> calls;
  void expect_next(const TestCase* next) override { calls.push_back("next " + (next ? next->name : "-")); }
  void discard_started() override { calls.push_back("discard"); }
  TestRecord run_test(const Problem&, const Submission&, const TestCase& test, const RunOptions&) override {
    ran.push_back(test.name);
    calls.push_back("run " + test.name);
    if (test.name == fault_on || ran.size() == fault_at_call)
      throw JudgeFault("cannot start the interactor: no such file");
    TestRecord record;
    record.name = test.name;
    PassRecord pass;
    auto& runs = runs_of_test[test.name];
    if (!runs.empty()) {
      pass.facts = runs.front();
      runs.erase(runs.begin());
    } else {
      pass.facts = facts_by_test.at(test.name);
    }
    pass.interactor_result = {{"queries", 5}, {"query_limit", 10}};
    record.passes.push_back(pass);
    return record;
  }
};

TestFacts ok() {
  TestFacts facts;
  facts.submission.exit.exit_code = 0;
  facts.interactor.exit.exit_code = 42;
  facts.limits.cpu_ms = 1000;
  facts.limits.wall_ms = 3000;
  return facts;
}

TestFacts wrong() {
  TestFacts facts = ok();
  facts.interactor.exit.exit_code = 43;
  facts.report.reason = Verdict::WA;
  facts.report.message = "nut 3 fits bolt 4, not 5";
  return facts;
}

TestFacts crashed() {
  TestFacts facts = ok();
  facts.submission.exit.signaled = true;
  facts.submission.exit.signal = SIGSEGV;
  return facts;
}

Submission runnable(const char* name) {
  Submission submission;
  submission.display = name;
  submission.command = {name};
  return submission;
}

Problem problem_of() {
  Problem problem;
  problem.name = "p";
  problem.scoring = {{"type", "per_test"}, {"max_score", 100}};
  return problem;
}

std::vector<TestCase> tests_named(std::initializer_list<const char*> names) {
  std::vector<TestCase> tests;
  for (const char* name : names) tests.push_back({name, name, "/dev/null"});
  return tests;
}

TEST(Runner, OverallVerdictIsTheFirstFailureInTestOrder) {
  FakeExecutor executor;
  executor.facts_by_test = {{"a", ok()}, {"b", crashed()}, {"c", wrong()}};
  const Submission submission = runnable("sol");
  std::vector<std::string> seen;
  const RunResult result = run_submission(
      problem_of(), submission, tests_named({"a", "b", "c"}), {}, executor,
      [&](const TestOutcome& test, std::size_t, std::size_t) { seen.push_back(test.name); });
  EXPECT_EQ(result.verdict, Verdict::RTE);
  EXPECT_NE(result.message.find("test b"), std::string::npos);
  EXPECT_EQ(seen, (std::vector<std::string>{"a", "b", "c"}));
  ASSERT_EQ(result.tests.size(), 3u);
  EXPECT_EQ(result.tests[2].decision.verdict, Verdict::WA);
  EXPECT_NEAR(result.score.score, 100.0 / 3, 1e-9);
  EXPECT_EQ(exit_status_for(result), 1);
}

TEST(Runner, TheExecutorHearsOfEachNextTestAndDropsWhatIsStartedOnceTheRunEnds) {
  FakeExecutor executor;
  executor.facts_by_test = {{"a", ok()}, {"b", wrong()}, {"c", ok()}};
  run_submission(problem_of(), runnable("s"), tests_named({"a", "b", "c"}), {}, executor);
  EXPECT_EQ(executor.calls, (std::vector<std::string>{"next b", "run a", "next c", "run b", "next -", "run c",
                                                      "discard"}));
}

TEST(Runner, ARunThatMayStopAfterAnyTestNamesNoNextTest) {
  for (const bool at_first_failure : {true, false}) {
    FakeExecutor executor;
    executor.facts_by_test = {{"a", ok()}, {"b", ok()}};
    RunOptions options;
    options.stop_at_first_failure = at_first_failure;
    options.stop_after_time_limit = !at_first_failure;
    run_submission(problem_of(), runnable("s"), tests_named({"a", "b"}), options, executor);
    EXPECT_EQ(executor.calls, (std::vector<std::string>{"next -", "run a", "next -", "run b", "discard"}));
  }
}

TEST(Runner, AJudgeFaultOrAnExceptionFromTheObserverDropsTheTestStartedAhead) {
  FakeExecutor faulting;
  faulting.facts_by_test = {{"a", ok()}, {"c", ok()}};
  faulting.fault_on = "b";
  run_submission(problem_of(), runnable("s"), tests_named({"a", "b", "c"}), {}, faulting);
  EXPECT_EQ(faulting.calls, (std::vector<std::string>{"next b", "run a", "next c", "run b", "discard"}));

  FakeExecutor interrupted;
  interrupted.facts_by_test = {{"a", ok()}, {"b", ok()}};
  EXPECT_THROW(run_submission(problem_of(), runnable("s"), tests_named({"a", "b"}), {}, interrupted,
                              [](const TestOutcome&, std::size_t, std::size_t) {
                                throw std::runtime_error("a stop signal came");
                              }),
               std::runtime_error);
  EXPECT_EQ(interrupted.calls, (std::vector<std::string>{"next b", "run a", "discard"}));
}

TestFacts over_time() {
  TestFacts facts = ok();
  facts.submission.exit.cpu_ms = 1010;
  return facts;
}

// --repeat 3: each test runs three times, each run announced as the next one; the
// verdict is the first run's, every run is graded, and a change makes it unstable.
TEST(Runner, RepeatRunsEachTestKTimesAndGradesEveryRun) {
  FakeExecutor executor;
  executor.runs_of_test = {{"a", {ok(), over_time(), ok()}}, {"b", {wrong(), wrong(), wrong()}}};
  RunOptions options;
  options.repeat = 3;
  const RunResult result = run_submission(problem_of(), runnable("s"), tests_named({"a", "b"}), options, executor);
  EXPECT_EQ(executor.calls, (std::vector<std::string>{"next a", "run a", "next a", "run a", "next b", "run a",
                                                      "next b", "run b", "next b", "run b", "next -", "run b",
                                                      "discard"}));
  ASSERT_EQ(result.tests.size(), 2u);
  const TestOutcome& a = result.tests[0];
  EXPECT_EQ(a.decision.verdict, Verdict::AC);
  ASSERT_EQ(a.repeats.size(), 3u);
  EXPECT_EQ(a.repeats[1].verdict, Verdict::TLE);
  EXPECT_EQ(a.repeats[1].cpu_ms, 1010);
  EXPECT_FALSE(a.stable);
  EXPECT_TRUE(result.tests[1].stable);
  EXPECT_EQ(result.tests[1].repeats.size(), 3u);
  EXPECT_EQ(result.verdict, Verdict::WA);  // b's first run: the repeats do not change the verdict
}

TEST(Runner, ARepeatTheJudgeFailsOnEndsTheRun) {
  FakeExecutor executor;
  executor.facts_by_test = {{"a", ok()}, {"b", ok()}};
  executor.fault_at_call = 2;  // a's second run
  RunOptions options;
  options.repeat = 3;
  const RunResult result = run_submission(problem_of(), runnable("s"), tests_named({"a", "b"}), options, executor);
  EXPECT_EQ(executor.ran, (std::vector<std::string>{"a", "a"}));
  ASSERT_EQ(result.tests.size(), 1u);
  ASSERT_EQ(result.tests[0].repeats.size(), 2u);
  EXPECT_EQ(result.tests[0].repeats[1].verdict, Verdict::JE);
  EXPECT_FALSE(result.tests[0].stable);
  EXPECT_EQ(result.verdict, Verdict::AC) << "the verdict is the first run's";
  EXPECT_EQ(exit_status_for(result), 3) << "a repeat the judge failed on is a judge error";
}

TEST(Runner, AllAcceptedExitsZero) {
  FakeExecutor executor;
  executor.facts_by_test = {{"a", ok()}, {"b", ok()}};
  const RunResult result = run_submission(problem_of(), runnable("s"),
                                          tests_named({"a", "b"}), {}, executor);
  EXPECT_EQ(result.verdict, Verdict::AC);
  EXPECT_EQ(result.score.score, 100);
  EXPECT_EQ(exit_status_for(result), 0);
}

TEST(Runner, StopAtFirstFailureSkipsTheRest) {
  FakeExecutor executor;
  executor.facts_by_test = {{"a", wrong()}, {"b", ok()}};
  RunOptions options;
  options.stop_at_first_failure = true;
  const RunResult result = run_submission(problem_of(), runnable("s"),
                                          tests_named({"a", "b"}), options, executor);
  EXPECT_EQ(executor.ran, std::vector<std::string>{"a"});
  EXPECT_EQ(result.verdict, Verdict::WA);
  EXPECT_EQ(result.tests_planned, 2u);
  EXPECT_EQ(result.score.score, 0);
}

TEST(Runner, JudgeErrorMakesExitStatusThree) {
  FakeExecutor executor;
  TestFacts broken = ok();
  broken.interactor.exit.exit_code = 1;
  executor.facts_by_test = {{"a", wrong()}, {"b", broken}};
  const RunResult result = run_submission(problem_of(), runnable("s"),
                                          tests_named({"a", "b"}), {}, executor);
  EXPECT_EQ(result.verdict, Verdict::WA);
  EXPECT_EQ(result.tests[1].decision.verdict, Verdict::JE);
  EXPECT_EQ(exit_status_for(result), 3);
}

TEST(Runner, CompileErrorRunsNothing) {
  FakeExecutor executor;
  Submission submission;
  submission.display = "bad.cpp";
  submission.compile_failed = true;
  submission.compile_message = "bad.cpp:1: error: expected ';'";
  const RunResult result =
      run_submission(problem_of(), submission, tests_named({"a"}), {}, executor);
  EXPECT_TRUE(executor.ran.empty());
  EXPECT_EQ(result.verdict, Verdict::CE);
  EXPECT_NE(result.message.find("expected ';'"), std::string::npos);
  EXPECT_EQ(exit_status_for(result), 1);
}

TEST(Runner, TheResultCarriesTheLimitsItRanUnder) {
  FakeExecutor executor;
  executor.facts_by_test = {{"a", ok()}};
  RunOptions options;
  options.limits.cpu_ms = 4000;
  options.limits.memory_kib = 64 * 1024;
  const RunResult result = run_submission(problem_of(), runnable("s"), tests_named({"a"}), options, executor);
  EXPECT_EQ(result.limits.cpu_ms, 4000);
  EXPECT_EQ(result.limits.memory_kib, 64 * 1024);
}

// The judge fails during the third test (it cannot start a process, make a pipe or a
// folder): the two tests before it keep their verdicts, the third is JE with the
// reason, nothing after it runs, and the run's exit status is 3.
TEST(Runner, AJudgeFaultKeepsTheTestsJudgedBeforeIt) {
  FakeExecutor executor;
  executor.facts_by_test = {{"a", ok()}, {"b", wrong()}, {"d", ok()}};
  executor.fault_on = "c";
  const RunResult result = run_submission(problem_of(), runnable("s"),
                                          tests_named({"a", "b", "c", "d"}), {}, executor);
  EXPECT_EQ(executor.ran, (std::vector<std::string>{"a", "b", "c"}));
  ASSERT_EQ(result.tests.size(), 3u);
  EXPECT_EQ(result.tests[0].decision.verdict, Verdict::AC);
  EXPECT_EQ(result.tests[1].decision.verdict, Verdict::WA);
  EXPECT_EQ(result.tests[2].decision.verdict, Verdict::JE);
  EXPECT_NE(result.tests[2].decision.message.find("cannot start the interactor"), std::string::npos);
  EXPECT_EQ(result.verdict, Verdict::WA);
  EXPECT_EQ(result.tests_planned, 4u);
  EXPECT_EQ(result.score.score, 0);
  EXPECT_EQ(exit_status_for(result), 3);
}

// From issue 29: an ICPC package's tests are named secret/01; their transcripts go
// into DIR/secret/, and no name leaves DIR.
TEST(TranscriptFile, KeepsATestsFoldersInsideTheTranscriptFolder) {
  EXPECT_EQ(transcript_file("/t", "secret/easy/1"), std::filesystem::path("/t/secret/easy/1.interaction"));
  EXPECT_EQ(transcript_file("/t", "01-sample"), std::filesystem::path("/t/01-sample.interaction"));
  for (const char* outside : {"../x", "secret/../../x", "/etc/x", "", "./a"})
    EXPECT_THROW(transcript_file("/t", outside), JudgeFault) << outside;
}

}  // namespace
}  // namespace judge
