#include "game.hpp"

#include <string>

#include <gtest/gtest.h>

#include "query_limit.hpp"
#include "testing_support.hpp"

namespace nuts_bolts {
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

// The statement's sample: nut sizes 1 2 5 4 3, bolt sizes 3 5 2 1 4.
const Sizes kSample{{1, 2, 5, 4, 3}, {3, 5, 2, 1, 4}};
const std::string kSampleQueries =
    "? 1 1\n? 2 2\n? 3 3\n? 4 4\n? 5 5\n? 1 4\n? 2 3\n? 3 2\n? 4 5\n? 5 1\n";

// Plays against a contestant whose whole output is prepared in advance (the game only
// reads it line by line) and returns the verdict.
class GameTest : public ::testing::Test {
 protected:
  Finish play_with(const Sizes& sizes, std::string_view contestant_output) {
    write_text(dir_ / "test.in", "unused\n");
    write_text(dir_ / "from_contestant", contestant_output);
    Fd from = open_for_reading(dir_ / "from_contestant");
    Fd to = open_for_writing(dir_ / "to_contestant");
    session_.emplace(SessionOptions{dir_ / "test.in", "/dev/null", from.get(), to.get(), {}});
    FixedOracle oracle(sizes);
    return finish_of([&] { play(*session_, oracle); });
  }
  std::string sent() const { return read_text(dir_ / "to_contestant"); }
  nlohmann::json facts() const { return session_->feedback(Finish{}).facts; }

  TempDir dir_;
  std::optional<Session> session_;
};

TEST_F(GameTest, TheSampleIsAccepted) {
  const Finish finish = play_with(kSample, kSampleQueries + "! 4 3 2 5 1\n");
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(finish.message, "matched 5 nuts and bolts with 10 queries (limit 58)");
  EXPECT_EQ(sent(), "5\n<\n<\n>\n>\n<\n=\n=\n=\n=\n=\n");
  EXPECT_EQ(session_->queries(), 10);
  EXPECT_EQ(facts(), (nlohmann::json{{"nuts", {1, 2, 5, 4, 3}}, {"bolts", {3, 5, 2, 1, 4}}}));
}

TEST_F(GameTest, AnswerWithoutQueriesIsJudgedOnItsMerits) {
  EXPECT_EQ(play_with(kSample, "! 4 3 2 5 1\n").outcome, Outcome::accept);
}

TEST_F(GameTest, WrongMatchingNamesTheFirstWrongNut) {
  const Finish finish = play_with(kSample, "! 4 3 5 2 1\n");
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_FALSE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "wrong matching: nut 3 does not fit bolt 5 (sizes 5 and 4)");
  EXPECT_EQ(facts()["nuts"], (nlohmann::json{1, 2, 5, 4, 3}));
}

TEST_F(GameTest, AnswerMustBeAPermutation) {
  EXPECT_EQ(play_with(kSample, "! 4 3 2 5 6\n").message,
            "line 1: expected '! p_1 ... p_n' with 1 <= p_5 <= 5, got '! 4 3 2 5 6'");
  EXPECT_EQ(play_with(kSample, "! 4 3 2 4 1\n").message,
            "line 1: expected '! p_1 ... p_n', got '! 4 3 2 4 1' (bolt 4 is given to nut 1 and to nut 4)");
  EXPECT_EQ(play_with(kSample, "! 4 3 2\n").message,
            "line 1: expected '! p_1 ... p_n', got '! 4 3 2' (3 bolts for 5 nuts)");
  EXPECT_EQ(play_with(kSample, "!\n").message, "line 1: expected '! p_1 ... p_n', got '!' (0 bolts for 5 nuts)");
  EXPECT_EQ(play_with(kSample, "! 4 3 2 5 1 6\n").message,
            "line 1: expected '! p_1 ... p_n', got '! 4 3 2 5 1 6' (more than 5 bolts for 5 nuts)");
  const Finish finish = play_with(kSample, "! 4 3 2 5 1 \n");
  EXPECT_EQ(finish.verdict, Verdict::PE);
  EXPECT_EQ(finish.message, "line 1: expected '! p_1 ... p_n', got '! 4 3 2 5 1 ' (a space at the end of the line)");
}

TEST_F(GameTest, MalformedQueriesArePresentationErrors) {
  const auto message_of = [&](std::string line) {
    const Finish finish = play_with(kSample, "? 1 1\n" + line + "\n");
    EXPECT_EQ(finish.verdict, Verdict::PE) << finish.message;
    return finish.message;
  };
  EXPECT_EQ(message_of("?1 2"), "line 2: expected '? i j' or '! p_1 ... p_n', got '?1 2' ('?1' is neither '?' nor '!')");
  EXPECT_EQ(message_of("? 1"), "line 2: expected '? i j' with 1 <= j <= 5, got '? 1' (j is missing)");
  EXPECT_EQ(message_of("? 1 6"), "line 2: expected '? i j' with 1 <= j <= 5, got '? 1 6'");
  EXPECT_EQ(message_of("? 1 2 3"), "line 2: expected '? i j', got '? 1 2 3' (extra text after j)");
  EXPECT_EQ(message_of(""), "line 2: expected '? i j' or '! p_1 ... p_n', got '' (the line is empty)");
  EXPECT_EQ(message_of("? 1 2\r"),
            "line 2: expected '? i j' with 1 <= j <= 5, got '? 1 2\\r' (j '2\\r' is not a decimal integer)");
}

TEST_F(GameTest, QueryLimitIsEnforcedAndTheExtraQueryNotAnswered) {
  const Sizes sizes{{1, 2}, {2, 1}};
  std::string queries;
  for (int i = 0; i < 11; ++i) queries += "? 1 1\n";
  const Finish finish = play_with(sizes, queries + "! 2 1\n");
  EXPECT_EQ(finish.outcome, Outcome::reject);
  EXPECT_EQ(finish.verdict, Verdict::QLE);
  EXPECT_EQ(finish.message, "line 11: query 11 is over the limit of 10 queries");
  std::string answers = "2\n";
  for (int i = 0; i < 10; ++i) answers += "<\n";
  EXPECT_EQ(sent(), answers);  // n, then 10 answers: the 11th query got none
  EXPECT_EQ(facts()["bolts"], (nlohmann::json{2, 1}));
}

TEST_F(GameTest, ExactlyTheLimitIsFine) {
  const Sizes sizes{{1, 2}, {2, 1}};
  std::string queries;
  for (int i = 0; i < 10; ++i) queries += "? 2 1\n";
  EXPECT_EQ(play_with(sizes, queries + "! 2 1\n").outcome, Outcome::accept);
}

TEST_F(GameTest, EndOfOutputBeforeTheAnswer) {
  const Finish finish = play_with(kSample, "? 1 1\n");
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_TRUE(finish.contestant_eof);
  EXPECT_EQ(finish.message, "your program's output ended before the answer '! p_1 ... p_n' (after 1 lines)");
  EXPECT_EQ(facts()["nuts"], (nlohmann::json{1, 2, 5, 4, 3}));
}

}  // namespace
}  // namespace nuts_bolts
