#include "game.hpp"

#include <algorithm>
#include <filesystem>
#include <string>

#include <fmt/format.h>

#include <gtest/gtest.h>

#include "lazy_oracle.hpp"
#include "query_limit.hpp"
#include "test_format.hpp"
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
  Finish play_with(const Sizes& sizes, std::string_view contestant_output, const GameOptions& options = {}) {
    FixedOracle oracle(sizes);
    return play_against(oracle, contestant_output, options);
  }
  Finish play_against(SizeOracle& oracle, std::string_view contestant_output, const GameOptions& options = {}) {
    write_text(dir_ / "test.in", "unused\n");
    write_text(dir_ / "from_contestant", contestant_output);
    Fd from = open_for_reading(dir_ / "from_contestant");
    Fd to = open_for_writing(dir_ / "to_contestant");
    session_.emplace(SessionOptions{dir_ / "test.in", "/dev/null", from.get(), to.get(), {}});
    return finish_of([&] { play(*session_, oracle, options); });
  }
  GameOptions strict() const {
    GameOptions options;
    options.strict = true;
    return options;
  }
  GameOptions probe() const {
    GameOptions options;
    options.next_pass = dir_ / "nextpass.in";
    return options;
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

// ---- strict judging
TEST_F(GameTest, StrictAcceptsAForcedAnswer) {
  const Finish finish = play_with(kSample, kSampleQueries + "! 4 3 2 5 1\n", strict());
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(finish.message, "matched 5 nuts and bolts with 10 queries (limit 58), forced by the replies");
  EXPECT_EQ(facts()["strict_check"], "forced");
}

TEST_F(GameTest, StrictRejectsARightGuessWithAWitness) {
  const Sizes sorted{{1, 2}, {1, 2}};
  const Finish finish = play_with(sorted, "! 1 2\n", strict());  // right, but a guess
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_EQ(finish.message,
            "the replies do not force your matching: they also fit sizes where nut 1 fits bolt 2 and nut 2 fits "
            "bolt 1 (you gave them bolts 1 and 2); those sizes are the witness in result.json");
  EXPECT_EQ(facts()["strict_check"], "not_forced");
  EXPECT_EQ(facts()["witness"], (nlohmann::json{{"nuts", {1, 2}}, {"bolts", {2, 1}}}));
  EXPECT_EQ(facts()["nuts"], (nlohmann::json{1, 2}));  // the interactor's own sizes stay
  // The same answer after one query is forced: nut 1 < bolt 2 leaves only bolt 1 for it.
  EXPECT_EQ(play_with(sorted, "? 1 2\n! 1 2\n", strict()).outcome, Outcome::accept);
}

TEST_F(GameTest, StrictNamesTheReplyAnAnswerContradicts) {
  const Finish finish = play_with(kSample, "? 1 1\n! 1 3 2 5 4\n", strict());
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_EQ(finish.message, "wrong matching: you gave nut 1 bolt 1, but '? 1 1' got '<' (query 1)");
  EXPECT_EQ(facts()["strict_check"], "contradicted");
  EXPECT_EQ(facts()["witness"]["nuts"], (nlohmann::json{1, 2, 5, 4, 3}));
}

TEST_F(GameTest, StrictOverItsBudgetFallsBackToTheSizes) {
  const Sizes sorted{{1, 2, 3}, {1, 2, 3}};
  GameOptions options = strict();
  options.forcing.budget = 0;
  Finish finish = play_with(sorted, "! 1 2 3\n", options);
  EXPECT_EQ(finish.outcome, Outcome::accept);
  EXPECT_EQ(finish.message, "matched 3 nuts and bolts with 0 queries (limit 23) (strict check over its budget: "
                            "judged against the interactor's sizes)");
  EXPECT_EQ(facts()["strict_check"], "over_budget");
  finish = play_with(sorted, "! 2 1 3\n", options);
  EXPECT_EQ(finish.verdict, Verdict::WA);
  EXPECT_EQ(finish.message, "wrong matching: nut 1 does not fit bolt 2 (sizes 1 and 2) (strict check over its "
                            "budget: judged against the interactor's sizes)");
}

// ---- probe passes
TEST_F(GameTest, ProbeStopsAtTheQueryOverTheLimitAndWritesTheNextPass) {
  LazyOracle oracle(2, 9, SplitRule::worst);
  std::string queries;
  for (int i = 0; i < 11; ++i) queries += "? 1 1\n";
  const Finish finish = play_against(oracle, queries, probe());
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(finish.message, "probe pass: 10 queries against the worst adversary, then a query over the limit; "
                            "the next pass replays its sizes (strict)");
  EXPECT_EQ(facts()["probe"], true);
  EXPECT_EQ(session_->queries(), 10);
  const std::string sent_lines = sent();
  EXPECT_EQ(std::count(sent_lines.begin(), sent_lines.end(), '\n'), 11);  // n and 10 replies
  const Sizes sizes{facts()["nuts"].get<std::vector<int>>(), facts()["bolts"].get<std::vector<int>>()};
  EXPECT_EQ(read_text(dir_ / "nextpass.in"), fixed_test_text(sizes, true));
  EXPECT_FALSE(std::filesystem::exists(dir_ / "nextpass.in.tmp"));
}

TEST_F(GameTest, ProbeEndsAtTheAnswerToo) {
  LazyOracle oracle(3, 1, SplitRule::worst);
  GameOptions options = probe();
  options.next_pass_strict = false;
  const Finish finish = play_against(oracle, "? 1 1\n! 1 2 3\n", options);
  EXPECT_EQ(finish.outcome, Outcome::accept) << finish.message;
  EXPECT_EQ(finish.message, "probe pass: 1 queries against the worst adversary, then the answer; "
                            "the next pass replays its sizes");
  EXPECT_EQ(read_text(dir_ / "nextpass.in").substr(0, 8), "3\nfixed\n");
}

// The graded pass replays the probe's sizes: a contestant that asks the same queries
// gets the same replies, and with them the same query over the limit.
TEST_F(GameTest, TheReplayRepeatsEveryReply) {
  LazyOracle oracle(10, 4, SplitRule::worst);
  std::string queries;
  for (int i = 0; i < 167; ++i) queries += fmt::format("? {} {}\n", i % 10 + 1, i * 7 % 10 + 1);
  ASSERT_EQ(play_against(oracle, queries, probe()).outcome, Outcome::accept);
  const std::string probe_replies = sent();
  write_text(dir_ / "replay.in", read_text(dir_ / "nextpass.in"));
  interactor::TestFile file(dir_ / "replay.in");
  TestSetup replay = read_test(file);
  EXPECT_TRUE(replay.strict);
  GameOptions options;
  options.strict = replay.strict;
  const Finish finish = play_against(*replay.oracle, queries, options);
  EXPECT_EQ(finish.verdict, Verdict::QLE);
  EXPECT_EQ(sent(), probe_replies);
}

}  // namespace
}  // namespace nuts_bolts
