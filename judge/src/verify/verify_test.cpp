// judge verify's flow without processes: a fake executor hands out facts per
// submission, a fake prepare makes (or refuses) submissions.
#include "verify/verify.hpp"

#include <algorithm>
#include <map>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

TestFacts facts_with(std::int64_t cpu_ms, int interactor_exit = 42) {
  TestFacts facts;
  facts.submission.exit.cpu_ms = cpu_ms;
  facts.interactor.exit.exit_code = interactor_exit;
  if (interactor_exit == 43) facts.report.contestant_eof_reported = true;
  facts.exited_first = Side::submission;
  return facts;
}

// Each submission (by its command) takes the same CPU time on every test; "wrong"
// ones are rejected, "je" ones meet a broken interactor.
class VerifyFakeExecutor : public TestExecutor {
 public:
  std::map<std::string, std::int64_t> cpu_ms;
  // CPU times per run, in order, taken before cpu_ms (--repeat).
  std::map<std::string, std::vector<std::int64_t>> cpu_ms_runs;
  std::map<std::string, std::int64_t> sleep_ms;  // wall time beyond the CPU time
  std::vector<std::int64_t> limits_seen;
  std::vector<std::int64_t> wall_limits_seen;
  TestRecord run_test(const Problem&, const Submission& submission, const TestCase& test,
                      const RunOptions& options) override {
    limits_seen.push_back(options.limits.cpu_ms);
    wall_limits_seen.push_back(options.limits.wall_ms);
    const std::string& name = submission.command.at(0);
    TestRecord record;
    record.name = test.name;
    const int exit = name.find("wrong") != std::string::npos ? 43 : name.find("je") != std::string::npos ? 1 : 42;
    std::int64_t used = 0;
    if (auto& runs = cpu_ms_runs[name]; !runs.empty()) {
      used = runs.front();
      runs.erase(runs.begin());
    } else {
      used = cpu_ms.at(name);
    }
    PassRecord pass;
    TestFacts& facts = pass.facts;
    // Stopped at the limit when over it, as the watchdog does.
    const std::int64_t cpu_used_ms = std::min(used, options.limits.cpu_ms + 1);
    facts = facts_with(cpu_used_ms, exit);
    facts.limits = options.limits;
    if (used > options.limits.cpu_ms) facts.submission.hit_cpu_limit = true;
    // As the watchdog does: a run still going at the wall limit is stopped there.
    const std::int64_t wall_ms = cpu_used_ms + (sleep_ms.contains(name) ? sleep_ms.at(name) : 0);
    facts.submission.exit.wall_ms = std::min(wall_ms, options.limits.wall_ms);
    if (wall_ms > options.limits.wall_ms) {
      facts.submission.hit_wall_limit = facts.submission.killed_by_judge = true;
      facts.submission.exit.signaled = true;
      facts.submission.exit.signal = 9;
    }
    record.passes.push_back(pass);
    return record;
  }
};

ExpectationRule verify_rule(std::set<Verdict> permitted, std::set<Verdict> required, const char* origin) {
  ExpectationRule rule;
  rule.origin = origin;
  rule.permitted = std::move(permitted);
  rule.required = std::move(required);
  return rule;
}

ExampleSubmission example(const char* name, ExpectationRule expectation) {
  ExampleSubmission submission;
  submission.path = name;
  submission.name = name;
  submission.rules = {std::move(expectation)};
  return submission;
}

Problem package(bool infer) {
  Problem problem;
  problem.name = "p";
  problem.format = ProblemFormat::icpc;
  problem.scoring = {{"type", "all_or_nothing"}, {"max_score", 100}};
  problem.limits.cpu_ms = infer ? 10000 : 1000;
  for (const char* name : {"sample/1", "secret/1", "secret/2"}) {
    TestCase test;
    test.name = name;
    problem.tests.push_back(test);
  }
  if (infer) problem.time_limit_rule = TimeLimitRule{};
  return problem;
}

Submission verify_runnable(const std::filesystem::path& path) {
  if (path.extension() == ".kt") throw ConfigError("kotlin: the language is not installed (apt-get install kotlin)");
  Submission submission;
  submission.display = path.string();
  submission.command = {path.string()};
  return submission;
}

TEST(Verify, FoldersAreCheckedAndAMissingLanguageIsSkippedNotFailed) {
  VerifyFakeExecutor executor;
  executor.cpu_ms = {{"accepted/fast.cpp", 100}, {"wrong_answer/wrong.cpp", 100}, {"accepted/Main.kt", 100}};
  const std::vector<ExampleSubmission> submissions{
      example("accepted/fast.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/")),
      example("wrong_answer/wrong.cpp", verify_rule({Verdict::AC, Verdict::WA}, {Verdict::WA}, "folder wrong_answer/")),
      example("accepted/Main.kt", verify_rule({Verdict::AC}, {}, "folder accepted/"))};
  const VerifyReport report = verify_problem(package(false), submissions, {}, executor, verify_runnable);
  ASSERT_EQ(report.submissions.size(), 3u);
  EXPECT_EQ(report.submissions[0].status, VerifyStatus::ok);
  EXPECT_EQ(report.submissions[1].status, VerifyStatus::ok);
  EXPECT_EQ(report.submissions[2].status, VerifyStatus::skipped);
  EXPECT_NE(report.submissions[2].reason.find("not installed"), std::string::npos);
  EXPECT_EQ(exit_status_for(report), 0);
}

TEST(Verify, ASubmissionThatMissesItsExpectationFails) {
  VerifyFakeExecutor executor;
  executor.cpu_ms = {{"accepted/wrong.cpp", 100}};
  const VerifyReport report = verify_problem(
      package(false), {example("accepted/wrong.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/"))}, {}, executor,
      verify_runnable);
  EXPECT_EQ(report.submissions[0].status, VerifyStatus::fail);
  EXPECT_EQ(exit_status_for(report), 1);
}

TEST(Verify, AJudgeErrorMakesExitStatusThree) {
  VerifyFakeExecutor executor;
  executor.cpu_ms = {{"accepted/je.cpp", 100}};
  const VerifyReport report =
      verify_problem(package(false), {example("accepted/je.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/"))},
                     {}, executor, verify_runnable);
  EXPECT_EQ(exit_status_for(report), 3);
}

// No time limit in the package: the accepted submission runs first (with the
// placeholder), its slowest test times ac_to_time_limit gives the limit, and the
// time_limit_exceeded one runs at limit * time_limit_to_tle, then is judged at the
// limit.
TEST(Verify, ATimeLimitIsInferredFromTheAcceptedSubmissionsFirst) {
  VerifyFakeExecutor executor;
  executor.cpu_ms = {{"time_limit_exceeded/slow.cpp", 5000}, {"accepted/fast.cpp", 300}};
  const std::vector<ExampleSubmission> submissions{
      example("time_limit_exceeded/slow.cpp",
              verify_rule({Verdict::AC, Verdict::TLE}, {Verdict::TLE}, "folder time_limit_exceeded/")),
      example("accepted/fast.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/"))};
  const VerifyReport report = verify_problem(package(true), submissions, {}, executor, verify_runnable);
  EXPECT_TRUE(report.time_limit_inferred);
  EXPECT_EQ(report.time_limit_ms, 1000);  // 0.3 s x 2, rounded up to a whole second
  ASSERT_EQ(executor.limits_seen.size(), 4u);  // 3 tests, then the slow one stops at its first TLE
  EXPECT_EQ(executor.limits_seen.front(), 10000);  // the accepted one, with the placeholder
  EXPECT_EQ(executor.limits_seen.back(), 1500);    // the slow one, at 1000 ms x 1.5
  EXPECT_EQ(report.submissions[0].name, "time_limit_exceeded/slow.cpp");  // listed in order
  EXPECT_EQ(report.submissions[0].status, VerifyStatus::ok);
  EXPECT_EQ(report.submissions[0].run->limits.cpu_ms, 1000);
  EXPECT_EQ(report.submissions[1].status, VerifyStatus::ok);
}

// A time_limit_exceeded submission at 1.2 x the limit: TLE at 1000 ms, as expected,
// but AC at 1000 x time_limit_to_tle (1.5): "sensitive to time limit", a warning that
// --strict makes a failure (exit 2). An accepted one at 0.6 x the limit is close to it
// (over 1000 / ac_to_time_limit 2).
TEST(Verify, ASubmissionAtOnePointTwoTimesTheLimitIsSensitiveToIt) {
  const std::vector<ExampleSubmission> submissions{
      example("time_limit_exceeded/slowish.cpp",
              verify_rule({Verdict::AC, Verdict::TLE}, {Verdict::TLE}, "folder time_limit_exceeded/")),
      example("accepted/close.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/"))};
  for (const bool strict : {false, true}) {
    VerifyFakeExecutor executor;
    executor.cpu_ms = {{"time_limit_exceeded/slowish.cpp", 1200}, {"accepted/close.cpp", 600}};
    VerifyOptions options;
    options.strict = strict;
    const VerifyReport report = verify_problem(package(false), submissions, options, executor, verify_runnable);
    EXPECT_EQ(executor.limits_seen.front(), 1500) << "run once, at the limit x time_limit_to_tle";
    const VerifiedSubmission& slowish = report.submissions[0];
    ASSERT_TRUE(slowish.sensitivity.has_value());
    EXPECT_TRUE(slowish.sensitivity->sensitive);
    EXPECT_EQ(slowish.run->verdict, Verdict::TLE) << "judged at the limit";
    EXPECT_EQ(sensitivity_warning(*slowish.sensitivity), "sensitive to time limit: 1000 ms -> TLE, 1500 ms -> AC");
    EXPECT_TRUE(report.submissions[1].sensitivity->close_to_limit);
    EXPECT_EQ(slowish.status, strict ? VerifyStatus::fail : VerifyStatus::ok);
    EXPECT_EQ(exit_status_for(report), strict ? 2 : 0);
    EXPECT_NE(format_verify_row(slowish, 20).find("sensitive to time limit"), std::string::npos);
    EXPECT_NE(format_verify_summary(report).find("1 sensitive to time limit, 1 close to the limit"), std::string::npos);
    EXPECT_EQ(verify_to_json(report)["submissions"][0]["time_sensitivity"]["sensitive"], true);
  }
}

// --repeat 3 with a CPU time that varies around the limit: FLAKY, not as expected.
TEST(Verify, AFlakySubmissionIsNotAsExpected) {
  VerifyFakeExecutor executor;
  executor.cpu_ms_runs = {{"accepted/wobbly.cpp", {900, 1100, 950}}};
  executor.cpu_ms = {{"accepted/wobbly.cpp", 900}};
  VerifyOptions options;
  options.repeat = 3;
  const VerifyReport report = verify_problem(
      package(false), {example("accepted/wobbly.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/"))}, options,
      executor, verify_runnable);
  const VerifiedSubmission& wobbly = report.submissions[0];
  EXPECT_EQ(wobbly.status, VerifyStatus::fail);
  EXPECT_EQ(wobbly.flaky, "FLAKY on sample/1: AC x2, TLE x1");
  EXPECT_EQ(exit_status_for(report), 1);
}

// BAPCtools' guess_close_stdout_1: little CPU, a 10 s sleep, then exit 0. With the
// placeholder's wall limit (21 s) it would end and be judged by the interactor; at the
// inferred limit (1 s, run at 1.5 s) its wall limit is 2 * 1.5 + 1 = 4 s: ILE.
TEST(Verify, EveryRunHasTheWallLimitOfItsTimeLimitNeverThePlaceholders) {
  VerifyFakeExecutor executor;
  executor.cpu_ms = {{"time_limit_exceeded/sleeper.cpp", 1}, {"accepted/fast.cpp", 300}, {"accepted/dawdler.cpp", 300}};
  executor.sleep_ms = {{"time_limit_exceeded/sleeper.cpp", 10000}, {"accepted/dawdler.cpp", 5000}};
  Problem problem = package(true);
  problem.limits.wall_ms = default_wall_ms(problem.limits.cpu_ms);  // the placeholder's, 21 s
  const std::vector<ExampleSubmission> submissions{
      example("time_limit_exceeded/sleeper.cpp",
              verify_rule({Verdict::AC, Verdict::TLE}, {Verdict::TLE}, "folder time_limit_exceeded/")),
      example("accepted/fast.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/")),
      example("accepted/dawdler.cpp", verify_rule({Verdict::AC}, {}, "folder accepted/"))};
  const VerifyReport report = verify_problem(problem, submissions, {}, executor, verify_runnable);
  EXPECT_EQ(report.time_limit_ms, 1000);
  EXPECT_EQ(executor.wall_limits_seen.back(), 4000);
  ASSERT_TRUE(report.submissions[0].run.has_value());
  EXPECT_EQ(report.submissions[0].run->verdict, Verdict::ILE);
  EXPECT_EQ(report.submissions[0].status, VerifyStatus::ok);
  // Measured with the placeholder (5.3 s of wall time), judged at the limit: past
  // its 3 s wall limit, so not AC there.
  ASSERT_TRUE(report.submissions[2].run.has_value());
  EXPECT_EQ(report.submissions[2].run->verdict, Verdict::ILE);
  EXPECT_EQ(report.submissions[2].status, VerifyStatus::fail);
}

TEST(Verify, ASubmissionStopsAtItsFirstTimeLimitUnlessAllTestsAreAsked) {
  VerifyFakeExecutor executor;
  executor.cpu_ms = {{"time_limit_exceeded/slow.cpp", 5000}};
  const auto submissions = std::vector<ExampleSubmission>{
      example("time_limit_exceeded/slow.cpp",
              verify_rule({Verdict::AC, Verdict::TLE}, {Verdict::TLE}, "folder time_limit_exceeded/"))};
  verify_problem(package(false), submissions, {}, executor, verify_runnable);
  EXPECT_EQ(executor.limits_seen.size(), 1u);
  VerifyOptions all;
  all.all_tests = true;
  verify_problem(package(false), submissions, all, executor, verify_runnable);
  EXPECT_EQ(executor.limits_seen.size(), 4u);
}

// A CMS task's partial outcome is AC: verify's row says which test earned part and
// what the manager said of it (issue 48: only "AC x4" was shown).
TEST(Verify, ACmsRowShowsThePartialOutcomeAndTheManagersMessage) {
  RunResult run;
  run.verdict = Verdict::AC;
  for (const auto& [name, outcome] : {std::pair{"000", 1.0}, {"001", 0.5}, {"002", 0.25}}) {
    TestOutcome test;
    test.name = name;
    test.decision = {Verdict::AC, outcome < 1 ? "found with 7 questions; 4 are enough" : "translate:success"};
    test.interactor_result = {{"outcome", outcome}};
    run.tests.push_back(test);
  }
  VerifiedSubmission submission;
  submission.name = "partially_accepted/linear.cpp";
  submission.status = VerifyStatus::ok;
  submission.run = run;
  const std::string row = format_verify_row(submission, 30);
  EXPECT_NE(row.find("AC x3, 0.5 on 001 (+1 partial)"), std::string::npos) << row;
  EXPECT_NE(row.find("[001: found with 7 questions; 4 are enough]"), std::string::npos) << row;
  run.tests[1].interactor_result = {{"outcome", 1.0}};
  run.tests[2].interactor_result = nullptr;  // not a CMS task: nothing added
  submission.run = run;
  EXPECT_EQ(format_verify_row(submission, 30).find(" on 00"), std::string::npos);
  EXPECT_EQ(format_verify_row(submission, 30).find("questions"), std::string::npos);
}

}  // namespace
}  // namespace judge
