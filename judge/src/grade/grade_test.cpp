// Grading from recorded facts alone: every rule that is not decide_verdict's own
// (verdict_rules_test.cpp pins those) is pinned here, without a process or a file.
#include "grade/grade.hpp"

#include <signal.h>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/icpc_exit.hpp"

namespace judge {
namespace {

PassRecord pass_with_exit(int interactor_exit) {
  PassRecord pass;
  pass.facts.interactor.exit.exit_code = interactor_exit;
  pass.facts.exited_first = Side::submission;
  pass.facts.limits.cpu_ms = 1000;
  pass.facts.limits.wall_ms = 3000;
  pass.facts.limits.interactor_cpu_ms = 5000;
  pass.facts.limits.passes = 2;
  return pass;
}

PassRecord accepted() { return pass_with_exit(icpc_accept_exit); }

PassRecord rejected(const std::string& message) {
  PassRecord pass = pass_with_exit(icpc_reject_exit);
  pass.facts.report.message = message;
  return pass;
}

TestRecord test_of(const std::string& name, std::vector<PassRecord> passes) {
  TestRecord record;
  record.name = name;
  record.passes = std::move(passes);
  return record;
}

GradingSpec spec_of(InteractorConvention convention = InteractorConvention::icpc) {
  return {"p", convention, {{"type", "per_test"}, {"max_score", 100}}, {}};
}

Decision decision_of(const TestRecord& record, InteractorConvention convention = InteractorConvention::icpc) {
  return grade_test(spec_of(convention), record, {}).decision;
}

// A multi-pass record: pass 1 accepts and asks for pass 2 (nextpass.in).
PassRecord asking_for_another(bool probe) {
  PassRecord pass = accepted();
  pass.wrote_nextpass = true;
  pass.probe_marked = probe;
  return pass;
}

TEST(Grade, TheOverallVerdictIsTheFirstTestNotAcAndTheScoreCountsEveryTest) {
  SubmissionRecord submission;
  submission.display = "sol.cpp";
  submission.tests = {test_of("a", {accepted()}), test_of("b", {rejected("3 != 4")}), test_of("c", {accepted()})};
  submission.tests_planned = 3;
  const RunResult result = grade(spec_of(), submission);
  EXPECT_EQ(result.verdict, Verdict::WA);
  EXPECT_EQ(result.message, "test b: 3 != 4");
  EXPECT_NEAR(result.score.score, 200.0 / 3, 1e-9);
  EXPECT_EQ(result.submission, "sol.cpp");
  EXPECT_EQ(exit_status_for(result), exit_not_accepted);
}

TEST(Grade, ARunThatStoppedEarlyEarnsNoScore) {
  SubmissionRecord submission;
  submission.tests = {test_of("a", {accepted()})};
  submission.tests_planned = 2;
  const RunResult result = grade(spec_of(), submission);
  EXPECT_EQ(result.verdict, Verdict::AC);
  EXPECT_EQ(result.score.score, 0);
  EXPECT_EQ(result.tests_planned, 2u);
}

// A legacy Kattis package whose graders accept past a rejected test
// (accept_if_any_accepted): the graded verdict is the run's, and the message and
// the exit status say so.
TEST(Grade, AGradedVerdictStandsForTheFirstFailingTests) {
  auto group = [](const std::string& name, nlohmann::json items, const std::string& flags) {
    return nlohmann::json{
        {"name", name},        {"on_reject", "continue"}, {"grading", "default"},        {"grader_flags", flags},
        {"accept_score", 1.0}, {"reject_score", 0.0},     {"range", {nullptr, nullptr}}, {"items", std::move(items)}};
  };
  GradingSpec spec = spec_of();
  spec.scoring = {{"type", "kattis_legacy"},
                  {"max_score", 2},
                  {"unbounded", false},
                  {"objective", "max"},
                  {"root", group("data", {group("secret", {"secret/a", "secret/b"}, "accept_if_any_accepted")}, "")}};
  SubmissionRecord submission;
  submission.tests = {test_of("secret/a", {rejected("3 != 4")}), test_of("secret/b", {accepted()})};
  submission.tests_planned = 2;
  RunResult result = grade(spec, submission);
  EXPECT_EQ(result.verdict, Verdict::AC);
  EXPECT_EQ(result.score.score, 1);
  EXPECT_EQ(result.message, "accepted by the test data groups' graders (grader_flags), although test secret/a: 3 != 4");
  EXPECT_EQ(exit_status_for(result), exit_all_accepted);
  // Without the flag the graders reject it, as the first failing test does.
  spec.scoring["root"]["items"][0]["grader_flags"] = "";
  result = grade(spec, submission);
  EXPECT_EQ(result.verdict, Verdict::WA);
  EXPECT_EQ(result.message, "test secret/a: 3 != 4");
  EXPECT_EQ(exit_status_for(result), exit_not_accepted);
}

TEST(Grade, ACompileErrorIsCeWithTheCompilersMessageAndNoTest) {
  SubmissionRecord submission;
  submission.compile_error = "x.cpp:1: error: expected ';'";
  submission.tests = {test_of("a", {accepted()})};
  const RunResult result = grade(spec_of(), submission);
  EXPECT_EQ(result.verdict, Verdict::CE);
  EXPECT_EQ(result.message, "x.cpp:1: error: expected ';'");
  EXPECT_TRUE(result.tests.empty());
  EXPECT_EQ(result.score.score, 0);
}

TEST(Grade, AJudgeFaultIsJeWithItsReasonAndTheRunsLimits) {
  TestRecord record = test_of("a", {});
  record.judge_fault = "cannot start the interactor: no such file";
  Limits limits;
  limits.cpu_ms = 4321;
  const TestOutcome outcome = grade_test(spec_of(), record, limits);
  EXPECT_EQ(outcome.decision.verdict, Verdict::JE);
  EXPECT_EQ(outcome.decision.message, "the judge failed: cannot start the interactor: no such file");
  EXPECT_EQ(outcome.facts.limits.cpu_ms, 4321);
  SubmissionRecord submission;
  submission.tests = {record};
  EXPECT_EQ(exit_status_for(grade(spec_of(), submission)), exit_judge_error);
}

TEST(Grade, AnInteractorThatFailedWithoutAMessageIsExplainedByItsStderr) {
  PassRecord pass = pass_with_exit(1);
  pass.interactor_stderr = "terminate called after throwing std::out_of_range\n";
  const Decision decision = decision_of(test_of("a", {pass}));
  EXPECT_EQ(decision.verdict, Verdict::JE);
  EXPECT_NE(decision.message.find("std::out_of_range"), std::string::npos) << decision.message;
}

TEST(Grade, TheFeedbackFoldersScoresJoinTheResultFigures) {
  PassRecord pass = accepted();
  pass.interactor_result = {{"queries", 3}};
  pass.facts.report.score = 0.75;
  const TestOutcome outcome = grade_test(spec_of(), test_of("a", {pass}), {});
  EXPECT_EQ(outcome.interactor_result["score"], 0.75);
  EXPECT_EQ(outcome.interactor_result["queries"], 3);
  EXPECT_TRUE(outcome.record.passes.at(0).interactor_result.value("score", nlohmann::json()).is_null())
      << "the record keeps what the folder held, as it was";
}

TEST(Grade, AnOfflineSubmissionNotValidatedGetsTheVerdictOfItsOwnEnd) {
  PassRecord crashed = pass_with_exit(0);
  crashed.interactor_ran = false;
  crashed.facts.submission.exit.signaled = true;
  crashed.facts.submission.exit.signal = SIGSEGV;
  EXPECT_EQ(decision_of(test_of("a", {crashed})).verdict, Verdict::RTE);
  PassRecord nonzero = pass_with_exit(0);
  nonzero.interactor_ran = false;
  nonzero.facts.submission.exit.exit_code = 3;
  const TestOutcome outcome = grade_test(spec_of(), test_of("a", {nonzero}), {});
  EXPECT_EQ(outcome.decision.verdict, Verdict::RTE);
  EXPECT_EQ(outcome.facts.report.message, "not validated: the submission did not end cleanly");
}

// testlib: the interactor's own codes, then the checker's, read as ICPC endings.
TEST(Grade, TestlibEndingsAreReadByTheirOwnCodes) {
  const auto testlib = InteractorConvention::testlib;
  PassRecord ok = pass_with_exit(0);
  EXPECT_EQ(decision_of(test_of("a", {ok}), testlib).verdict, Verdict::AC);
  EXPECT_EQ(decision_of(test_of("a", {ok})).verdict, Verdict::JE) << "0 is no ICPC ending";
  PassRecord wrong = pass_with_exit(1);
  wrong.interactor_stderr = "wrong answer 3 != 4\n";
  const Decision wa = decision_of(test_of("a", {wrong}), testlib);
  EXPECT_EQ(wa.verdict, Verdict::WA);
  EXPECT_EQ(wa.message, "wrong answer 3 != 4");
  PassRecord fail = pass_with_exit(3);
  EXPECT_EQ(decision_of(test_of("a", {fail}), testlib).verdict, Verdict::JE);
}

TEST(Grade, ATestlibCheckersEndingStandsInForTheInteractorsOk) {
  const auto testlib = InteractorConvention::testlib;
  PassRecord pass = pass_with_exit(0);
  pass.checker = CheckerFacts{{false, 1, 0, 3, 100, 4}, true, "wrong answer expected 5\n"};
  const Decision wa = decision_of(test_of("a", {pass}), testlib);
  EXPECT_EQ(wa.verdict, Verdict::WA);
  EXPECT_EQ(wa.message, "wrong answer expected 5");
  pass.checker = CheckerFacts{{false, 0, 0, 3, 100, 4}, true, "ok\n"};
  EXPECT_EQ(decision_of(test_of("a", {pass}), testlib).verdict, Verdict::AC);
  pass.checker = CheckerFacts{{false, 0, 0, 5000, 100, 5100}, false, ""};
  const Decision slow = decision_of(test_of("a", {pass}), testlib);
  EXPECT_EQ(slow.verdict, Verdict::JE);
  EXPECT_NE(slow.message.find("checker took longer than 5000 ms"), std::string::npos) << slow.message;
  EXPECT_EQ(pass.facts.interactor.exit.exit_code, 0) << "grading reads the record, never rewrites it";
}

TEST(Grade, TheCheckerIsDueOnlyAfterAnOkAndACleanSubmission) {
  PassRecord pass = pass_with_exit(0);
  EXPECT_TRUE(testlib_checker_due(pass.facts));
  pass.facts.submission.exit.exit_code = 1;
  EXPECT_FALSE(testlib_checker_due(pass.facts));
  pass = pass_with_exit(1);
  EXPECT_FALSE(testlib_checker_due(pass.facts));
  pass = pass_with_exit(0);
  pass.facts.submission.killed_by_judge = true;
  EXPECT_FALSE(testlib_checker_due(pass.facts));
}

TEST(Grade, InteractorAcceptsByItsConvention) {
  const ExitFacts icpc{false, icpc_accept_exit, 0, 0, 0, 0}, zero{false, 0, 0, 0, 0, 0}, points{false, 7, 0, 0, 0, 0},
      wrong{false, 1, 0, 0, 0, 0}, killed{true, 0, SIGKILL, 0, 0, 0};
  EXPECT_TRUE(interactor_accepts(icpc, InteractorConvention::icpc));
  EXPECT_FALSE(interactor_accepts(zero, InteractorConvention::icpc));
  EXPECT_FALSE(interactor_accepts(killed, InteractorConvention::icpc));
  EXPECT_TRUE(interactor_accepts(zero, InteractorConvention::testlib));
  EXPECT_TRUE(interactor_accepts(points, InteractorConvention::testlib));
  EXPECT_FALSE(interactor_accepts(wrong, InteractorConvention::testlib));
  EXPECT_FALSE(interactor_accepts(killed, InteractorConvention::testlib));
}

TEST(Grade, AProbeThenAGradedPassIsGradedByTheSecond) {
  PassRecord second = rejected("probe saw a different answer");
  second.facts.submission.exit.cpu_ms = 17;
  const TestOutcome outcome = grade_test(spec_of(), test_of("a", {asking_for_another(true), second}), {});
  EXPECT_EQ(outcome.decision.verdict, Verdict::WA);
  ASSERT_TRUE(outcome.passes.is_array());
  EXPECT_EQ(outcome.passes[0]["verdict"], "probe");
  EXPECT_EQ(outcome.passes[1]["verdict"], "WA");
  EXPECT_EQ(outcome.passes[1]["cpu_ms"], 17);
  EXPECT_EQ(outcome.facts.report.message, "probe saw a different answer");
}

TEST(Grade, ThePassProtocolDecidesWhereTheLastPassDoesNot) {
  // nextpass.in with a reject: the interactor is broken.
  PassRecord reject_with_nextpass = rejected("no");
  reject_with_nextpass.wrote_nextpass = true;
  EXPECT_EQ(decision_of(test_of("a", {reject_with_nextpass})).verdict, Verdict::JE);
  // More passes than allowed (2): WA.
  const Decision too_many =
      decision_of(test_of("a", {asking_for_another(false), asking_for_another(false)}));
  EXPECT_EQ(too_many.verdict, Verdict::WA);
  EXPECT_NE(too_many.message.find("pass limit is 2"), std::string::npos);
  // A record that ends where the protocol asked for another pass, or goes on after
  // the last: the judge's own mistake, said so.
  EXPECT_EQ(decision_of(test_of("a", {asking_for_another(false)})).verdict, Verdict::JE);
  EXPECT_EQ(decision_of(test_of("a", {accepted(), accepted()})).verdict, Verdict::JE);
}

TEST(Grade, PassStepAsksForAnotherPassFromTheFactsAlone) {
  EXPECT_EQ(pass_step(InteractorConvention::icpc, {accepted()}).step, PassStep::final_pass);
  EXPECT_EQ(pass_step(InteractorConvention::icpc, {asking_for_another(false)}).step, PassStep::next_pass);
  EXPECT_EQ(pass_step(InteractorConvention::icpc, {asking_for_another(false), asking_for_another(false)}).step,
            PassStep::too_many_passes);
}

TEST(Grade, OtherLimitsGradeTheSameFactsAgain) {
  PassRecord pass = accepted();
  pass.facts.submission.exit.cpu_ms = 1500;
  pass.facts.limits.cpu_ms = 2000;
  const TestRecord record = test_of("a", {pass});
  EXPECT_EQ(decision_of(record).verdict, Verdict::AC);
  Limits tighter = pass.facts.limits;
  tighter.cpu_ms = 1000;
  EXPECT_EQ(decision_of(with_limits({record}, tighter).front()).verdict, Verdict::TLE);
}

// judge verify infers the time limit after the runs (made under a generous one): a
// run that took longer than the new wall limit is idle there, unless what it and its
// interactor waited for a CPU would have moved that limit, as it moves a running
// test's (up to 4 wall limits in all).
TEST(Grade, ATighterWallLimitCountsTheWaitForACpuAsTheRunningTestWould) {
  PassRecord pass = accepted();
  pass.facts.submission.exit.cpu_ms = 1;
  pass.facts.submission.exit.wall_ms = 3600;
  pass.facts.limits.cpu_ms = 5000;
  pass.facts.limits.wall_ms = 10000;
  Limits tighter = pass.facts.limits;
  tighter.cpu_ms = 1000;
  tighter.wall_ms = 3000;
  const auto regraded = [&](std::int64_t waited_ms) {
    PassRecord run = pass;
    run.facts.waited_for_cpu_ms = waited_ms;
    return with_limits({test_of("a", {run})}, tighter).front();
  };
  EXPECT_EQ(decision_of(regraded(-1)).verdict, Verdict::ILE);   // unknown (an older journal): as before
  EXPECT_EQ(decision_of(regraded(500)).verdict, Verdict::ILE);  // 3500 ms: still over
  const TestRecord waited = regraded(700);
  EXPECT_EQ(decision_of(waited).verdict, Verdict::AC);
  EXPECT_EQ(waited.passes.front().facts.wall_limit_extended_ms, 700);
  // Never past the running test's bound: 4 x 3000 ms.
  pass.facts.submission.exit.wall_ms = 12500;
  EXPECT_EQ(decision_of(regraded(20000)).verdict, Verdict::ILE);
  pass.facts.submission.exit.wall_ms = 11500;
  EXPECT_EQ(decision_of(regraded(20000)).verdict, Verdict::AC);
}

// A submission that answers wrong and then spins: the interactor rejected first. Under
// icpc the reject wins; the same facts decide TLE under limits-first, and the outcome
// says so.
TEST(Grade, TheOutcomeNamesThePresetsUnderWhichTheVerdictWouldDiffer) {
  PassRecord pass = rejected("nut 3 does not fit bolt 4");
  pass.facts.exited_first = Side::interactor;
  pass.facts.submission.exit.signaled = true;
  pass.facts.submission.exit.signal = SIGKILL;
  pass.facts.submission.exit.cpu_ms = 1010;
  pass.facts.submission.killed_by_judge = pass.facts.submission.hit_cpu_limit = true;
  const TestOutcome icpc = grade_test(spec_of(), test_of("a", {pass}), {});
  EXPECT_EQ(icpc.decision.verdict, Verdict::WA);
  EXPECT_EQ(icpc.decision.rule, "rejected_first");
  ASSERT_EQ(icpc.verdict_under.size(), 1u);
  EXPECT_EQ(icpc.verdict_under[0].first, RulePreset::limits_first);
  EXPECT_EQ(icpc.verdict_under[0].second, Verdict::TLE);
  GradingSpec limits_first = spec_of();
  limits_first.rules = RulePreset::limits_first;
  const TestOutcome other = grade_test(limits_first, test_of("a", {pass}), {});
  EXPECT_EQ(other.decision.verdict, Verdict::TLE);
  EXPECT_EQ(other.verdict_under.size(), 2u);  // icpc and domjudge: WA
  EXPECT_TRUE(grade_test(spec_of(), test_of("a", {accepted()}), {}).verdict_under.empty());
}

TEST(Grade, EveryDecisionSaysWhyEvenTheJudgesOwnFailure) {
  TestRecord record = test_of("a", {});
  record.judge_fault = "cannot make a pipe";
  const TestOutcome outcome = grade_test(spec_of(), record, {});
  EXPECT_EQ(outcome.decision.rule, "judge_fault");
  EXPECT_FALSE(outcome.decision.why.empty());
  const TestOutcome passes =
      grade_test(spec_of(), test_of("a", {asking_for_another(false), asking_for_another(false)}), {});
  EXPECT_EQ(passes.decision.rule, "too_many_passes");
  EXPECT_FALSE(passes.decision.why.empty());
}

TEST(Grade, RepeatsAreGradedLikeTheFirstRunAndAChangeIsUnstable) {
  PassRecord slow = accepted();
  slow.facts.submission.exit.cpu_ms = 1010;  // over the 1000 ms limit
  TestRecord record = test_of("a", {accepted()});
  record.repeats = {test_of("a", {accepted()}), test_of("a", {slow})};
  const TestOutcome outcome = grade_test(spec_of(), record, {});
  EXPECT_EQ(outcome.decision.verdict, Verdict::AC);
  ASSERT_EQ(outcome.repeats.size(), 3u);
  EXPECT_EQ(outcome.repeats[2].verdict, Verdict::TLE);
  EXPECT_EQ(outcome.repeats[2].cpu_ms, 1010);
  EXPECT_FALSE(outcome.stable);
  record.repeats.pop_back();
  EXPECT_TRUE(grade_test(spec_of(), record, {}).stable);
  // Other limits reach the repeats too.
  Limits generous = slow.facts.limits;
  generous.cpu_ms = 2000;
  record.repeats.push_back(test_of("a", {slow}));
  EXPECT_TRUE(grade_test(spec_of(), with_limits({record}, generous).front(), {}).stable);
}

TEST(Grade, ExitStatusesCombineWithAJudgeErrorWinning) {
  EXPECT_EQ(exit_status_for_verdict(Verdict::AC), exit_all_accepted);
  EXPECT_EQ(exit_status_for_verdict(Verdict::WA), exit_not_accepted);
  EXPECT_EQ(exit_status_for_verdict(Verdict::JE), exit_judge_error);
  EXPECT_EQ(exit_status_for_verdict(std::nullopt), exit_judge_error);
  EXPECT_EQ(combined_exit_status(exit_not_accepted, exit_all_accepted), exit_not_accepted);
  EXPECT_EQ(combined_exit_status(exit_judge_error, exit_not_accepted), exit_judge_error);
}

}  // namespace
}  // namespace judge
