// solutions.json's verdicts as expectations: each TPS verdict, per subtask with
// "except", checked on runs of a task with subtasks samples (0 points), small (30)
// and full (70), the way `tps invoke` would judge the same runs.
#include "verify/tps_solutions.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {

using V = Verdict;

const std::vector<TpsSubtask> invoke_subtasks{
    {"samples", 0, 0, {"0-01"}}, {"small", 1, 30, {"0-01", "1-01"}}, {"full", 2, 70, {"0-01", "1-01", "2-01"}}};

// A run: the verdicts of tests 0-01, 1-01, 2-01.
std::vector<TestVerdict> invoke_run(V sample, V small, V full) {
  return {{"0-01", sample, ""}, {"1-01", small, ""}, {"2-01", full, ""}};
}

bool invoke_passes(const std::string& verdict, const std::map<std::string, std::string>& except,
                   const std::vector<TestVerdict>& tests, double score) {
  ExampleSubmission submission;
  submission.name = "solution/x.cpp";
  submission.max_score = 100;
  std::vector<std::string> notes;
  submission.rules = tps_solution_rules(verdict, except, invoke_subtasks, 100, notes);
  return check_expectation(submission, tests, score).passed;
}

TEST(TpsSolutions, EachVerdictAsTpsInvokeJudgesIt) {
  struct InvokeCase {
    const char* what;
    std::string verdict;
    std::map<std::string, std::string> except;
    std::vector<TestVerdict> tests;
    double score;
    bool passed;
  };
  const std::vector<InvokeCase> cases{
      {"model solution, all AC", "model_solution", {}, invoke_run(V::AC, V::AC, V::AC), 100, true},
      {"correct, a WA", "correct", {}, invoke_run(V::AC, V::AC, V::WA), 30, false},
      {"correct, all AC but part of the score", "correct", {}, invoke_run(V::AC, V::AC, V::AC), 65, false},
      {"incorrect, a WA", "incorrect", {}, invoke_run(V::WA, V::AC, V::AC), 0, true},
      {"incorrect, all AC", "incorrect", {}, invoke_run(V::AC, V::AC, V::AC), 100, false},
      {"incorrect, only TLE", "incorrect", {}, invoke_run(V::TLE, V::TLE, V::TLE), 0, false},
      {"time_limit, TLE", "time_limit", {}, invoke_run(V::TLE, V::AC, V::AC), 0, true},
      {"time_limit, WA", "time_limit", {}, invoke_run(V::WA, V::AC, V::AC), 0, false},
      {"memory_limit, MLE (RTE's class, TPS's Runtime Error)",
       "memory_limit",
       {},
       invoke_run(V::MLE, V::AC, V::AC),
       0,
       true},
      {"runtime_error, RTE", "runtime_error", {}, invoke_run(V::RTE, V::RTE, V::RTE), 0, true},
      {"time_limit_and_runtime_error, TLE",
       "time_limit_and_runtime_error",
       {},
       invoke_run(V::TLE, V::AC, V::AC),
       0,
       true},
      {"failed, WA on the sample (in every subtask)", "failed", {}, invoke_run(V::WA, V::AC, V::AC), 0, true},
      {"failed, but the samples subtask passes (TPS flags it too)",
       "failed",
       {},
       invoke_run(V::AC, V::WA, V::AC),
       0,
       false},
      {"failed, all AC", "failed", {}, invoke_run(V::AC, V::AC, V::AC), 100, false},
      {"partially_correct, AC below the maximum", "partially_correct", {}, invoke_run(V::AC, V::AC, V::AC), 60, true},
      {"partially_correct, the maximum", "partially_correct", {}, invoke_run(V::AC, V::AC, V::AC), 100, false},
      {"partially_correct, a WA", "partially_correct", {}, invoke_run(V::AC, V::WA, V::AC), 0, false},
      {"one subtask: correct on small, incorrect on full",
       "incorrect",
       {{"samples", "correct"}, {"small", "correct"}},
       invoke_run(V::AC, V::AC, V::WA),
       30,
       true},
      {"the same with the wrong score",
       "incorrect",
       {{"samples", "correct"}, {"small", "correct"}},
       invoke_run(V::AC, V::AC, V::WA),
       100,
       false},
      {"the same, failing small",
       "incorrect",
       {{"samples", "correct"}, {"small", "correct"}},
       invoke_run(V::AC, V::WA, V::WA),
       0,
       false},
      {"time_limit except samples: TLE on full only",
       "time_limit",
       {{"samples", "correct"}},
       invoke_run(V::AC, V::TLE, V::TLE),
       0,
       true},
      {"a compile error meets nothing", "incorrect", {}, {{"compile", V::CE, ""}}, 0, false},
  };
  for (const InvokeCase& c : cases) EXPECT_EQ(invoke_passes(c.verdict, c.except, c.tests, c.score), c.passed) << c.what;
}

TEST(TpsSolutions, UnknownVerdictsAndSubtasksAreRefused) {
  std::vector<std::string> notes;
  EXPECT_THROW(tps_solution_rules("accepted", {}, invoke_subtasks, 100, notes), ConfigError);
  EXPECT_THROW(tps_solution_rules("correct", {{"big", "incorrect"}}, invoke_subtasks, 100, notes), ConfigError);
  try {
    tps_solution_rules("correct", {{"small", "wrong"}}, invoke_subtasks, 100, notes);
    FAIL() << "no error";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("\"wrong\" is not a TPS verdict (TPS's are model_solution, correct"),
              std::string::npos)
        << error.what();
  }
}

TEST(TpsSolutions, ProtocolViolationIsNotedNotChecked) {
  std::vector<std::string> notes;
  const auto rules = tps_solution_rules("protocol_violation", {}, invoke_subtasks, 100, notes);
  ASSERT_FALSE(notes.empty());
  EXPECT_NE(notes[0].find("protocol_violation is not checked"), std::string::npos);
  for (const ExpectationRule& rule : rules) EXPECT_TRUE(rule.required.empty() && !rule.score);
}

TEST(TpsSolutions, WithoutSubtasksTheRuleCoversEveryTest) {
  std::vector<std::string> notes;
  const auto rules = tps_solution_rules("correct", {}, {}, 100, notes);
  ASSERT_EQ(rules.size(), 1u);
  EXPECT_TRUE(rules[0].tests.empty());
  ASSERT_TRUE(rules[0].score.has_value());
  EXPECT_EQ(rules[0].score->first, 100);
}

}  // namespace
}  // namespace judge
