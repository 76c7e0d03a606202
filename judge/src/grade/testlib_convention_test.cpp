#include "grade/testlib_convention.hpp"

#include <gtest/gtest.h>

namespace judge {
namespace {

ExitFacts exited_with(int code) {
  ExitFacts exit;
  exit.exit_code = code;
  return exit;
}

// A test where the submission ended cleanly first, then the interactor ended with
// `code` and `stderr_text`: the verdict decide_verdict gives.
Decision decided(int code, const std::string& stderr_text, bool own_reason = false) {
  TestFacts facts;
  facts.exited_first = Side::submission;
  facts.interactor.exit = exited_with(code);
  apply_testlib_outcome(classify_testlib_exit(facts.interactor.exit, stderr_text), "interactor", own_reason,
                        facts.interactor, facts.report);
  return decide_verdict(facts);
}

TEST(TestlibConvention, ArgumentsAreInputToutAnswer) {
  EXPECT_EQ(testlib_argv({"/p/interactor", "-x"}, "/t/1.in", "/f/tout.txt", "/t/1.ans"),
            (std::vector<std::string>{"/p/interactor", "-x", "/t/1.in", "/f/tout.txt", "/t/1.ans"}));
}

TEST(TestlibConvention, EveryExitCodeHasItsVerdict) {
  struct Row {
    int code;
    std::string stderr_text;
    Verdict verdict;
    std::string message_part;
  };
  const std::vector<Row> rows{
      {0, "ok 5 queries\n", Verdict::AC, "ok 5 queries"},
      {1, "wrong answer expected 7, found 8\n", Verdict::WA, "expected 7, found 8"},
      {2, "wrong output format Unexpected end of file - int32 expected\n", Verdict::PE, "Unexpected end of file"},
      {4, "wrong output format Extra information in the output file\n", Verdict::PE, "Extra information"},
      {3, "FAIL answer file is broken\n", Verdict::JE, "testlib FAIL, exit 3): FAIL answer file is broken"},
      {5, "", Verdict::JE, "no testlib verdict"},
      {250, "", Verdict::JE, "no testlib verdict"},  // past _pc(200)
      {7, "points 0.25 used too many queries\n", Verdict::AC, "points 0.25"},
      {7, "no number here\n", Verdict::JE, "no testlib verdict"},
      {7, "points 1", Verdict::AC, "points 1"},  // quitp() with no message
      {7, "points nan\n", Verdict::JE, "no testlib verdict"},
      {7, "points 1e999 overflow\n", Verdict::JE, "no testlib verdict"},
      {7, "points 0.5abc\n", Verdict::JE, "no testlib verdict"},
      {16 + 40, "partially correct (40)\n", Verdict::AC, "partially correct"},
  };
  for (const Row& row : rows) {
    const Decision decision = decided(row.code, row.stderr_text);
    EXPECT_EQ(decision.verdict, row.verdict) << "exit " << row.code;
    EXPECT_NE(decision.message.find(row.message_part), std::string::npos)
        << "exit " << row.code << ": " << decision.message;
  }
}

TEST(TestlibConvention, PointsBecomeTheTestsScore) {
  TestFacts facts;
  facts.interactor.exit = exited_with(7);
  apply_testlib_outcome(classify_testlib_exit(facts.interactor.exit, "points 12.5 ok\n"), "interactor", false,
                        facts.interactor, facts.report);
  ASSERT_TRUE(facts.report.score);
  EXPECT_DOUBLE_EQ(*facts.report.score, 12.5);
  TestFacts partial;
  partial.interactor.exit = exited_with(16 + 3);
  apply_testlib_outcome(classify_testlib_exit(partial.interactor.exit, ""), "interactor", false, partial.interactor,
                        partial.report);
  EXPECT_DOUBLE_EQ(partial.report.score.value_or(-1), 3);
}

// testlib's PE for an unexpected end of file is a consequence when the submission
// crashed: the crash is the verdict (the pipe rules deliver the end only once the
// submission has been reaped).
TEST(TestlibConvention, ACrashBeforeTheInteractorsEndOfFilePeIsRte) {
  TestFacts facts;
  facts.exited_first = Side::submission;
  facts.submission.exit.signaled = true;
  facts.submission.exit.signal = 11;
  facts.interactor.exit = exited_with(2);
  apply_testlib_outcome(classify_testlib_exit(facts.interactor.exit, "wrong output format Unexpected end of file\n"),
                        "interactor", false, facts.interactor, facts.report);
  EXPECT_EQ(decide_verdict(facts).verdict, Verdict::RTE);
}

TEST(TestlibConvention, AKilledInteractorKeepsItsSignal) {
  TestFacts facts;
  facts.interactor.exit.signaled = true;
  facts.interactor.exit.signal = 6;
  apply_testlib_outcome(classify_testlib_exit(facts.interactor.exit, ""), "interactor", false, facts.interactor,
                        facts.report);
  const Decision decision = decide_verdict(facts);
  EXPECT_EQ(decision.verdict, Verdict::JE);
  EXPECT_NE(decision.message.find("killed by SIGABRT"), std::string::npos) << decision.message;
}

TEST(TestlibConvention, ACheckersRejectAfterACleanEndIsItsOwnReason) {
  EXPECT_EQ(decided(1, "wrong answer 3 is not sorted\n", true).verdict, Verdict::WA);
}

}  // namespace
}  // namespace judge
