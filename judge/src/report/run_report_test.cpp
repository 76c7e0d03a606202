#include "report/run_report.hpp"

#include <signal.h>
#include <sys/stat.h>

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

namespace judge {
namespace {
namespace fs = std::filesystem;

RunResult sample_result() {
  RunResult result;
  result.problem = "nuts-bolts";
  result.submission = "sol.cpp";
  result.verdict = Verdict::RTE;
  result.score = {0, 100, nullptr, nlohmann::json::object(), nullptr, std::nullopt, ""};
  result.limits.cpu_ms = 2000;
  result.limits.wall_ms = 5000;
  result.limits.memory_kib = 262144;
  result.tests_planned = 1;
  TestOutcome test;
  test.name = "01-sample";
  test.decision = {Verdict::RTE, "killed by SIGSEGV"};
  test.facts.submission.exit.signaled = true;
  test.facts.submission.exit.signal = SIGSEGV;
  test.facts.submission.exit.cpu_ms = 12;
  test.facts.submission.exit.wall_ms = 15;
  test.facts.submission.exit.peak_kib = 3400;
  test.facts.interactor.exit.exit_code = 43;
  test.facts.interactor.exit.cpu_ms = 3;
  test.facts.exited_first = Side::submission;
  test.interactor_result = {{"queries", 7}, {"query_limit", 58}};
  result.tests.push_back(test);
  return result;
}

TEST(Report, HeadlineOfACompileErrorIsTheErrorNotItsPreamble) {
  const std::string gcc =
      "sol.cpp: In function 'int main()':\nsol.cpp:4:3: error: 'cout' was not declared in this scope\n"
      "    4 |   cout << 1;\n";
  EXPECT_EQ(message_headline(Verdict::CE, gcc), "sol.cpp:4:3: error: 'cout' was not declared in this scope");
  EXPECT_EQ(message_headline(Verdict::CE, "error[E0308]: mismatched types\n --> main.rs:2:5"),
            "error[E0308]: mismatched types");
  EXPECT_EQ(message_headline(Verdict::CE, "\nld returned 1 exit status\n"), "ld returned 1 exit status");
  // Not a CE: the first line, whatever it says.
  EXPECT_EQ(message_headline(Verdict::WA, "wrong matching\nerror: not this"), "wrong matching");
  EXPECT_EQ(message_headline(Verdict::WA, ""), "");
  EXPECT_EQ(message_headline(Verdict::WA, std::string(300, 'x')).size(), 160u);
}

TEST(Report, JsonHasEveryDocumentedKey) {
  const nlohmann::json json = to_json(sample_result());
  for (const char* key : {"problem", "submission", "verdict", "score", "max_score", "tests",
                          "time_limit_ms", "memory_limit_kib"})
    EXPECT_TRUE(json.contains(key)) << key;
  const auto& test = json["tests"][0];
  EXPECT_EQ(test["name"], "01-sample");
  EXPECT_EQ(test["verdict"], "RTE");
  EXPECT_EQ(test["cpu_ms"], 12);
  EXPECT_EQ(test["wall_ms"], 15);
  EXPECT_EQ(test["memory_kib"], 3400);
  EXPECT_EQ(test["queries"], 7);
  EXPECT_EQ(test["query_limit"], 58);
  EXPECT_EQ(test["exit"], (nlohmann::json{{"signal", "SIGSEGV"}}));
  EXPECT_EQ(test["interactor"]["exit"], (nlohmann::json{{"code", 43}}));
  EXPECT_EQ(test["interactor"]["cpu_ms"], 3);
  EXPECT_EQ(test["exited_first"], "submission");
  EXPECT_TRUE(test["transcript"].is_null());
}

TEST(Report, MetricsAndScoreFiguresReachTheJson) {
  RunResult result = sample_result();
  result.metrics = {"moves"};
  result.tests[0].interactor_result["moves"] = 1234;
  result.score.top_level = {{"max_moves", 1234}, {"max_moves_test", "01-sample"}};
  const nlohmann::json json = to_json(result);
  EXPECT_EQ(json["tests"][0]["moves"], 1234);
  EXPECT_EQ(json["max_moves"], 1234);
  EXPECT_EQ(json["max_moves_test"], "01-sample");
  EXPECT_NE(format_summary(result).find("max_moves 1234 (test 01-sample)"), std::string::npos);
}

TEST(Report, EveryTestSaysWhyAndCarriesTheSubmissionsStderr) {
  RunResult result = sample_result();
  result.tests[0].decision.rule = "crashed";
  result.tests[0].decision.why = "the submission was killed by SIGSEGV";
  // A tail that begins inside a character (the last bytes of "é") and holds a
  // terminal escape, a bad byte and a line of its own.
  result.tests[0].submission_stderr = std::string("\xa9 debug n=3\n\x1b[2Jbad \xff byte\nSegfault here\n");
  result.rules = RulePreset::domjudge;
  const nlohmann::json json = to_json(result);
  const auto& test = json["tests"][0];
  EXPECT_EQ(test["why"], "the submission was killed by SIGSEGV");
  EXPECT_EQ(test["rule"], "crashed");
  EXPECT_EQ(test["stderr"], " debug n=3\n\\x1b[2Jbad \\xff byte\nSegfault here\n");
  EXPECT_EQ(json["rules"], "domjudge");
  EXPECT_EQ(test["judge"]["starved"], false);
  EXPECT_FALSE(test.contains("repeats"));
  EXPECT_FALSE(test.contains("verdict_under"));
  EXPECT_NO_THROW(json.dump());  // valid UTF-8
  result.tests[0].submission_stderr.clear();
  EXPECT_EQ(to_json(result)["tests"][0]["stderr"], "");
}

TEST(Report, ALineThatIsNotAcShowsTheLastLineOfStderr) {
  RunResult result = sample_result();
  result.tests[0].submission_stderr = "Exception in thread \"main\" java.lang.Error: Could not find or load main class X\n\n";
  const std::string line = format_test_line(result.tests[0], 10);
  EXPECT_NE(line.find("[stderr: Exception in thread \"main\" java.lang.Error: Could not find or load main class X]"),
            std::string::npos)
      << line;
  result.tests[0].decision.verdict = Verdict::AC;
  EXPECT_EQ(format_test_line(result.tests[0], 10).find("stderr"), std::string::npos);
  EXPECT_EQ(stderr_last_line("only\tone line"), "only one line");
  EXPECT_EQ(stderr_last_line(" \n\n"), "");
}

TEST(Report, RepeatedTestsShowTheirCpuSpreadAndFlakyVerdicts) {
  RunResult result = sample_result();
  TestOutcome& test = result.tests[0];
  test.decision.verdict = Verdict::AC;
  test.repeats = {{Verdict::AC, 980, 990}, {Verdict::TLE, 1010, 1020}, {Verdict::AC, 950, 960}};
  test.stable = false;
  const std::string line = format_test_line(test, 10);
  EXPECT_NE(line.find("cpu 950/980/1010 ms (min/median/max of 3)"), std::string::npos) << line;
  EXPECT_NE(line.find("FLAKY: AC x2, TLE x1"), std::string::npos) << line;
  const nlohmann::json json = test_to_json(test);
  ASSERT_EQ(json["repeats"].size(), 3u);
  EXPECT_EQ(json["repeats"][1], (nlohmann::json{{"verdict", "TLE"}, {"cpu_ms", 1010}, {"wall_ms", 1020}}));
  EXPECT_EQ(json["stable"], false);
  test.verdict_under = {{RulePreset::limits_first, Verdict::TLE}};
  EXPECT_EQ(test_to_json(test)["verdict_under"], (nlohmann::json{{"limits-first", "TLE"}}));
  EXPECT_EQ(cpu_spread({{Verdict::AC, 10, 0}, {Verdict::AC, 30, 0}}).median_ms, 20);
}

TEST(Report, TestLineShowsVerdictFiguresAndMessage) {
  const RunResult result = sample_result();
  const std::string line = format_test_line(result.tests[0], 10);
  EXPECT_NE(line.find("01-sample"), std::string::npos);
  EXPECT_NE(line.find("RTE"), std::string::npos);
  EXPECT_NE(line.find("12 ms"), std::string::npos);
  EXPECT_NE(line.find("3.3 MiB"), std::string::npos);
  EXPECT_NE(line.find("7/58"), std::string::npos);
  EXPECT_NE(line.find("SIGSEGV"), std::string::npos);
  const std::string summary = format_summary(result);
  EXPECT_NE(summary.find("RTE"), std::string::npos);
  EXPECT_NE(summary.find("0/1 tests AC"), std::string::npos);
}

// Issue 28: a submission's path and an interactor's message cleared the screen and
// set the window title. The terminal gets them escaped (base/printable.hpp).
TEST(RunReport, TheTerminalGetsNoEscapeSequence) {
  RunResult result = sample_result();
  result.submission = "x\x1b[2J.py";
  result.tests[0].name = "01\x1b]0;owned\x07";
  result.tests[0].decision = {Verdict::WA, "got \x1b[31mred\xc2\x9b"};
  const std::string shown = format_test_line(result.tests[0], 10) + format_summary(result);
  EXPECT_EQ(shown.find('\x1b'), std::string::npos) << shown;
  EXPECT_EQ(shown.find('\x07'), std::string::npos) << shown;
  EXPECT_EQ(shown.find("\xc2\x9b"), std::string::npos) << shown;
  EXPECT_NE(shown.find("x\\x1b[2J.py"), std::string::npos) << shown;
  EXPECT_NE(shown.find("got \\x1b[31mred"), std::string::npos) << shown;
}

// A CMS task's test: its outcome on the terminal, and a partial one says why (the
// manager's message), as a failure does; a full one does not (issue 48).
TEST(Report, ACmsTestLineShowsItsOutcomeAndAPartialOnesMessage) {
  TestOutcome test;
  test.name = "000";
  test.decision = {Verdict::AC, "found with 7 questions; 4 are enough (outcome 0.5)"};
  test.interactor_result = {{"outcome", 0.5}};
  const std::string partial = format_test_line(test, 4);
  EXPECT_NE(partial.find("outcome 0.5  found with 7 questions; 4 are enough"), std::string::npos) << partial;
  EXPECT_EQ(partial.find("(outcome 0.5)"), std::string::npos) << partial;  // said once
  test.decision.message = "translate:success";
  test.interactor_result = {{"outcome", 1.0}};
  const std::string full = format_test_line(test, 4);
  EXPECT_NE(full.find("outcome 1"), std::string::npos) << full;
  EXPECT_EQ(full.find("translate:success"), std::string::npos) << full;
  test.interactor_result = {{"queries", 3}};  // not a CMS task: no outcome
  EXPECT_EQ(format_test_line(test, 4).find("outcome"), std::string::npos);
}

// Each test gets the score of the subtask that holds it beside its own: "score" keeps
// its meaning (a CMS test's outcome times its weight).
TEST(Report, EachTestGetsItsSubtasksScoreBesideItsOwn) {
  RunResult result = sample_result();
  result.tests[0].name = "000";
  result.tests[0].interactor_result = {{"outcome", 0.5}};
  result.tests[0].facts.report.score = 5.0;
  TestOutcome other = result.tests[0];
  other.name = "001";
  result.tests.push_back(other);
  result.score.top_level["subtasks"] = nlohmann::json::parse(R"([
      {"name": "1", "max_points": 10, "points": 5, "verdict": "partial", "tests": [{"name": "000"}]},
      {"name": "2", "max_points": 40, "points": 0, "verdict": "not earned", "tests": [{"name": "000"}]}])");
  const nlohmann::json json = to_json(result);
  const auto& first = json["tests"][0];
  EXPECT_EQ(first["outcome"], 0.5);
  EXPECT_EQ(first["score"], 5.0);
  EXPECT_EQ(first["subtask"], "1");  // the first subtask that holds it
  EXPECT_EQ(first["subtask_score"], 5);
  EXPECT_EQ(first["subtask_max_score"], 10);
  EXPECT_FALSE(json["tests"][1].contains("subtask"));  // in no subtask
}

}  // namespace
}  // namespace judge
