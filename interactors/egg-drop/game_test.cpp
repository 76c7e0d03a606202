#include "game.hpp"

#include <string>

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace egg_drop {
namespace {

using interactor::Finish;
using interactor::Outcome;
using interactor::Session;
using interactor::SessionOptions;
using interactor::Verdict;
using interactor::testing_support::Fd;
using interactor::testing_support::finish_of;
using interactor::testing_support::open_for_reading;
using interactor::testing_support::open_for_writing;
using interactor::testing_support::read_text;
using interactor::testing_support::TempDir;
using interactor::testing_support::write_text;

// The statement's sample: p = [2, 1, 3]; here P = 3.
const EggTest kSample{.penalty = 3, .shatter_floor = {2, 1, 3}};
const std::string kSampleQueries = "? 2 1\n? 1 3\n? 3 2\n";

// Plays against a contestant whose whole output is prepared in advance (the game only
// reads it line by line) and returns the verdict.
class GameTest : public ::testing::Test {
 protected:
  Finish play_with(const EggTest& test, std::string_view contestant_output) {
    write_text(dir_ / "test.in", "unused\n");
    write_text(dir_ / "from_contestant", contestant_output);
    Fd from = open_for_reading(dir_ / "from_contestant");
    Fd to = open_for_writing(dir_ / "to_contestant");
    session_.emplace(SessionOptions{dir_ / "test.in", "/dev/null", from.get(), to.get(), {}});
    return finish_of([&] { play(*session_, test); });
  }
  std::string sent() const { return read_text(dir_ / "to_contestant"); }
  nlohmann::json facts() const { return session_->feedback(Finish{}).facts; }
  // The message of a PE, checking that the contestant was told -1 after `answers`.
  std::string refused(std::string_view contestant_output, std::string_view answers) {
    const Finish finish = play_with(kSample, contestant_output);
    EXPECT_EQ(finish.outcome, Outcome::reject);
    EXPECT_EQ(finish.verdict, Verdict::PE) << finish.message;
    EXPECT_FALSE(finish.contestant_eof);
    EXPECT_EQ(sent(), std::string(answers) + "-1\n");
    return finish.message;
  }

  TempDir dir_;
  std::optional<Session> session_;
};

TEST_F(GameTest, TheSampleIsAcceptedWithItsMoves) {
  const Finish finish = play_with(kSample, kSampleQueries + "! 2 1 3\n");
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(finish.message,
            "found p for N = 3 with 9 moves: 3 drops, 3 floors travelled, 1 direction changes at P = 3");
  EXPECT_EQ(sent(), "3\n1\n1\n0\n");
  EXPECT_EQ(session_->queries(), 3);
  EXPECT_EQ(session_->query_limit(), 200000);
  EXPECT_EQ(facts(), (nlohmann::json{{"moves", 9}, {"drops", 3}, {"floors_travelled", 3}, {"direction_changes", 1}}));
}

TEST_F(GameTest, AnswersAreOneExactlyFromTheShatterFloorUp) {
  const EggTest test{.penalty = 0, .shatter_floor = {3, 1, 2}};
  EXPECT_EQ(play_with(test, "? 1 1\n? 1 2\n? 1 3\n? 2 1\n? 3 1\n? 3 2\n! 3 1 2\n").outcome, Outcome::accept);
  EXPECT_EQ(sent(), "3\n0\n0\n1\n1\n0\n1\n");
}

TEST_F(GameTest, AnswerWithoutQueriesIsJudgedOnItsMerits) {
  EXPECT_EQ(play_with(kSample, "! 2 1 3\n").outcome, Outcome::accept);
  EXPECT_EQ(facts()["moves"], 0);
  const EggTest single{.penalty = 1, .shatter_floor = {1}};
  EXPECT_EQ(play_with(single, "! 1\n").outcome, Outcome::accept);
}

TEST_F(GameTest, WrongPermutationNamesTheFirstWrongEgg) {
  const Finish finish = play_with(kSample, kSampleQueries + "! 2 3 1\n");
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_FALSE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "wrong answer: egg 2 shatters from floor 1, you said 3");
  EXPECT_EQ(facts()["moves"], 9);
  EXPECT_EQ(sent(), "3\n1\n1\n0\n");  // no -1 after an answer
}

TEST_F(GameTest, AnswerThatIsNotAPermutationIsAPresentationError) {
  const auto message_of = [&](std::string answer) {
    const Finish finish = play_with(kSample, answer + "\n");
    EXPECT_EQ(finish.verdict, Verdict::PE) << finish.message;
    EXPECT_EQ(sent(), "3\n");
    return finish.message;
  };
  EXPECT_EQ(message_of("! 2 1 4"), "line 1: expected '! p_1 ... p_N' with 1 <= p_3 <= 3, got '! 2 1 4'");
  EXPECT_EQ(message_of("! 2 1 1"),
            "line 1: expected '! p_1 ... p_N', got '! 2 1 1' (floor 1 is given to egg 2 and to egg 3)");
  EXPECT_EQ(message_of("! 2 1"), "line 1: expected '! p_1 ... p_N', got '! 2 1' (2 floors for 3 eggs)");
  EXPECT_EQ(message_of("!"), "line 1: expected '! p_1 ... p_N', got '!' (0 floors for 3 eggs)");
  EXPECT_EQ(message_of("! 2 1 3 4"),
            "line 1: expected '! p_1 ... p_N', got '! 2 1 3 4' (more than 3 floors for 3 eggs)");
  EXPECT_EQ(message_of("! 2 1 3 "),
            "line 1: expected '! p_1 ... p_N', got '! 2 1 3 ' (a space at the end of the line)");
}

TEST_F(GameTest, MalformedQueriesAreRefusedWithMinusOne) {
  EXPECT_EQ(refused("? 2 1\n? 1 0\n", "3\n1\n"), "line 2: expected '? e f' with 1 <= f <= 3, got '? 1 0'");
  EXPECT_EQ(facts()["moves"], 1);  // the refused query costs nothing
  EXPECT_EQ(refused("? 4 1\n", "3\n"), "line 1: expected '? e f' with 1 <= e <= 3, got '? 4 1'");
  EXPECT_EQ(refused("? 1\n", "3\n"), "line 1: expected '? e f' with 1 <= f <= 3, got '? 1' (f is missing)");
  EXPECT_EQ(refused("? 1 2 3\n", "3\n"), "line 1: expected '? e f', got '? 1 2 3' (extra text after f)");
  EXPECT_EQ(refused("?1 2\n", "3\n"),
            "line 1: expected '? e f' or '! p_1 ... p_N', got '?1 2' ('?1' is neither '?' nor '!')");
  // The answer without its '!': the first token is not '?' either.
  EXPECT_EQ(refused("? 2 1\n2 1 3\n", "3\n1\n"),
            "line 2: expected '? e f' or '! p_1 ... p_N', got '2 1 3' ('2' is neither '?' nor '!')");
  EXPECT_EQ(refused("\n", "3\n"), "line 1: expected '? e f' or '! p_1 ... p_N', got '' (the line is empty)");
  EXPECT_EQ(refused("? 1 2\r\n", "3\n"),
            "line 1: expected '? e f' with 1 <= f <= 3, got '? 1 2\\r' (f '2\\r' is not a decimal integer)");
}

TEST_F(GameTest, OneQueryTooManyIsRefusedWithMinusOneAndNotCounted) {
  std::string queries;
  for (int i = 0; i < 200001; ++i) queries += i % 2 == 0 ? "? 1 2\n" : "? 1 1\n";
  const Finish finish = play_with(kSample, queries + "! 2 1 3\n");
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::QLE);
  EXPECT_FALSE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "line 200001: query 200001 is over the limit of 200000 queries");
  const std::string to_contestant = sent();
  EXPECT_TRUE(to_contestant.ends_with("\n1\n0\n-1\n"));
  EXPECT_EQ(std::count(to_contestant.begin(), to_contestant.end(), '\n'), 1 + 200000 + 1);
  // 200000 drops alternating floors 2 and 1: 200000 floors, 199999 reversals at P = 3.
  EXPECT_EQ(facts(), (nlohmann::json{{"moves", 200000 + 200000 + 3 * 199999}, {"drops", 200000},
                                     {"floors_travelled", 200000}, {"direction_changes", 199999}}));
}

TEST_F(GameTest, ExactlyTheLimitIsFine) {
  std::string queries;
  for (int i = 0; i < 200000; ++i) queries += "? 1 1\n";
  EXPECT_EQ(play_with(kSample, queries + "! 2 1 3\n").outcome, Outcome::accept);
  EXPECT_EQ(facts()["moves"], 200000);
}

TEST_F(GameTest, EndOfOutputBeforeTheAnswerIsNotAnsweredWithMinusOne) {
  const Finish finish = play_with(kSample, "? 2 1\n");
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_TRUE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "your program's output ended before the answer '! p_1 ... p_N' (after 1 lines)");
  EXPECT_EQ(sent(), "3\n1\n");
  EXPECT_EQ(facts()["moves"], 1);
  const Finish unterminated = play_with(kSample, "? 2 1");
  EXPECT_EQ(unterminated.verdict, Verdict::PE);
  EXPECT_TRUE(unterminated.contestant_eof);
  EXPECT_EQ(sent(), "3\n");
}

}  // namespace
}  // namespace egg_drop
