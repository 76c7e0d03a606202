#include "verify/expectations.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

using V = Verdict;

ExpectationRule rule(std::set<V> permitted, std::set<V> required,
                     VerdictScheme scheme = VerdictScheme::icpc_classes) {
  ExpectationRule made;
  made.origin = "folder x/";
  made.permitted = std::move(permitted);
  made.required = std::move(required);
  made.scheme = scheme;
  return made;
}

ExampleSubmission with(std::vector<ExpectationRule> rules, double max_score = 100) {
  ExampleSubmission submission;
  submission.name = "x/s.cpp";
  submission.rules = std::move(rules);
  submission.max_score = max_score;
  return submission;
}

std::vector<TestVerdict> run(std::initializer_list<V> verdicts) {
  std::vector<TestVerdict> tests;
  int i = 0;
  for (V verdict : verdicts) tests.push_back({"secret/" + std::to_string(++i), verdict, ""});
  return tests;
}

bool passes(const ExampleSubmission& submission, const std::vector<TestVerdict>& tests,
            std::optional<double> score = std::nullopt) {
  return check_expectation(submission, tests, score).passed;
}

TEST(IcpcClass, MapsFineVerdictsToTheFourClasses) {
  EXPECT_EQ(icpc_class(V::AC), V::AC);
  for (V verdict : {V::WA, V::PE, V::QLE}) EXPECT_EQ(icpc_class(verdict), V::WA);
  for (V verdict : {V::TLE, V::ILE}) EXPECT_EQ(icpc_class(verdict), V::TLE);
  for (V verdict : {V::RTE, V::MLE, V::OLE}) EXPECT_EQ(icpc_class(verdict), V::RTE);
  EXPECT_EQ(icpc_class(V::CE), V::CE);
  EXPECT_EQ(icpc_class(V::JE), V::JE);
}

TEST(CheckExpectation, IcpcWrongAnswerFolderTable) {
  const ExampleSubmission wrong_answer = with({rule({V::AC, V::WA}, {V::WA})});
  struct Case {
    std::vector<TestVerdict> tests;
    bool passed;
  };
  const std::vector<Case> cases = {
      {run({V::AC, V::WA}), true},
      {run({V::WA, V::WA}), true},
      {run({V::AC, V::PE}), true},    // PE is of class WA
      {run({V::QLE}), true},          // so is QLE
      {run({V::AC, V::AC}), false},   // no WA
      {run({V::WA, V::TLE}), false},  // TLE not permitted
      {run({V::WA, V::MLE}), false},  // MLE is of class RTE
      {run({V::WA, V::JE}), false},   // a JE never meets an expectation
      {run({V::CE}), false},
      {{}, false},                    // nothing ran: no WA
  };
  for (std::size_t i = 0; i < cases.size(); ++i)
    EXPECT_EQ(passes(wrong_answer, cases[i].tests), cases[i].passed) << "case " << i;
}

TEST(CheckExpectation, ReasonsNameTheTestTheVerdictAndTheRule) {
  const ExampleSubmission accepted = with({rule({V::AC}, {})});
  const CheckResult result = check_expectation(accepted, run({V::AC, V::PE}), std::nullopt);
  EXPECT_FALSE(result.passed);
  EXPECT_EQ(result.reason, "test secret/2 got PE (class WA), but folder x/ permits only AC");
  const CheckResult ok = check_expectation(accepted, run({V::AC, V::AC}), std::nullopt);
  EXPECT_TRUE(ok.passed);
  EXPECT_EQ(ok.reason, "2 AC as folder x/ expects");
  auto tests = run({V::AC});
  tests[0].verdict = V::JE;
  tests[0].judgemessage = "the validator exited with 1";
  EXPECT_NE(check_expectation(accepted, tests, std::nullopt).reason.find("JE"), std::string::npos);
}

TEST(CheckExpectation, ExactFoldersOfProblemJsonCompareFineVerdicts) {
  const ExampleSubmission wrong_answer = with({rule({V::AC, V::WA}, {V::WA}, VerdictScheme::exact)});
  EXPECT_TRUE(passes(wrong_answer, run({V::AC, V::WA})));
  EXPECT_FALSE(passes(wrong_answer, run({V::AC, V::PE})));  // PE is not WA here
  const ExampleSubmission compile_error = with({rule({V::CE}, {V::CE}, VerdictScheme::exact)});
  EXPECT_TRUE(passes(compile_error, run({V::CE})));
  EXPECT_FALSE(passes(compile_error, run({V::AC})));
}

TEST(CheckExpectation, ScoresRangesAndBelowTheMaximum) {
  ExpectationRule ranged = rule({V::AC}, {}, VerdictScheme::exact);
  ranged.score = std::pair{10.0, 60.0};
  const ExampleSubmission partial = with({ranged});
  EXPECT_TRUE(passes(partial, run({V::AC}), 30));
  EXPECT_TRUE(passes(partial, run({V::AC}), 60));
  EXPECT_FALSE(passes(partial, run({V::AC}), 70));
  EXPECT_FALSE(passes(partial, run({V::AC})));        // no score at all
  EXPECT_FALSE(passes(partial, run({V::WA}), 30));
  ExpectationRule below = rule({V::AC}, {});
  below.score_below_max = true;
  EXPECT_TRUE(passes(with({below}, 100), run({V::AC}), 99.5));
  EXPECT_FALSE(passes(with({below}, 100), run({V::AC}), 100));
}

TEST(CheckExpectation, GroupRulesOnlySeeTheirTests) {
  ExpectationRule strict = rule({V::AC, V::WA}, {V::WA});
  strict.tests = {"secret/strict"};
  ExpectationRule loose = rule({V::AC}, {});
  loose.tests = {"secret/loose", "sample"};
  const ExampleSubmission submission = with({strict, loose});
  const std::vector<TestVerdict> good = {{"sample/1", V::AC, ""},
                                         {"secret/loose/04", V::AC, ""},
                                         {"secret/strict/01", V::WA, ""},
                                         {"secret/strict/02", V::AC, ""}};
  EXPECT_TRUE(passes(submission, good));
  auto bad = good;
  bad[2].verdict = V::AC;  // no WA left in secret/strict
  EXPECT_FALSE(passes(submission, bad));
  bad = good;
  bad[1].verdict = V::WA;  // a WA where only AC is permitted
  EXPECT_FALSE(passes(submission, bad));
  // A group rule whose glob matches no test cannot meet its requirement.
  ExpectationRule nowhere = rule({V::AC, V::WA}, {V::WA});
  nowhere.tests = {"secret/typo"};
  EXPECT_NE(check_expectation(with({nowhere}), good, std::nullopt).reason.find("no test is in the scope"),
            std::string::npos);
}

TEST(CheckExpectation, MessageMustAppearInAJudgeMessageOfItsTests) {
  ExpectationRule said = rule({V::AC, V::WA}, {V::WA});
  said.message = "more than 10 guesses";
  const ExampleSubmission submission = with({said});
  std::vector<TestVerdict> tests = {{"secret/1", V::WA, "used more than 10 guesses (11)"}};
  EXPECT_TRUE(passes(submission, tests));
  tests[0].judgemessage = "More Than 10 Guesses";  // case-sensitive
  EXPECT_FALSE(passes(submission, tests));
}

TEST(CheckExpectation, NoRulesAcceptsAnythingButJEAndCE) {
  const ExampleSubmission anything = with({});
  EXPECT_TRUE(passes(anything, run({V::WA, V::TLE})));
  EXPECT_FALSE(passes(anything, run({V::JE})));
  EXPECT_FALSE(passes(anything, run({V::CE})));
}

TEST(CheckExpectation, CompileErrorIsCheckedAgainstEveryRuleWhateverItsTests) {
  ExpectationRule grouped = rule({V::AC}, {});
  grouped.tests = {"secret/g1"};
  // The lead's CE has one entry not named like a test: the group rule still sees it.
  EXPECT_FALSE(passes(with({grouped}), {{"compile", V::CE, "error: ..."}}));
}

}  // namespace
}  // namespace judge
