#include "test_format.hpp"

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace twin_cookies {
namespace {

using interactor::Finish;
using interactor::Outcome;
using interactor::TestFile;
using interactor::testing_support::finish_of;
using interactor::testing_support::TempDir;
using interactor::testing_support::write_text;

class TestFormatTest : public ::testing::Test {
 protected:
  TestSetup read(std::string_view text) {
    write_text(dir_ / "t.in", text);
    TestFile file(dir_ / "t.in");
    return read_test(file);
  }
  // The judge error message of reading `text`, without the "test file PATH: " prefix.
  std::string error_of(std::string_view text) {
    const Finish finish = finish_of([&] { read(text); });
    EXPECT_EQ(finish.outcome, Outcome::judge_error) << finish.message;
    const std::string prefix = "test file " + (dir_ / "t.in").string() + ": ";
    EXPECT_EQ(finish.message.substr(0, prefix.size()), prefix);
    return finish.message.substr(std::min(prefix.size(), finish.message.size()));
  }
  TempDir dir_;
};

TEST_F(TestFormatTest, EveryStrategy) {
  for (std::string_view name : {"random", "min", "max", "first", "last", "spoiler"}) {
    TestSetup setup = read("25\n" + std::string(name) + " 7\n");
    EXPECT_EQ(setup.n, 25);
    EXPECT_EQ(strategy_name(setup.strategy), name);
    EXPECT_EQ(setup.seed, 7u);
    ASSERT_NE(setup.courier, nullptr);
    EXPECT_EQ(setup.facts, (nlohmann::json{{"strategy", name}, {"seed", 7}}));
  }
}

TEST_F(TestFormatTest, Extremes) {
  TestSetup setup = read("5000\nrandom 18446744073709551615\n");
  EXPECT_EQ(setup.n, 5000);
  EXPECT_EQ(setup.seed, 18446744073709551615ULL);
  EXPECT_EQ(read("1\nmin 0\n").n, 1);
}

TEST_F(TestFormatTest, EveryProblemIsAJudgeError) {
  EXPECT_EQ(error_of("0\nrandom 1\n"), "line 1: expected n with 1 <= n <= 5000, got '0'");
  EXPECT_EQ(error_of("5001\nrandom 1\n"), "line 1: expected n with 1 <= n <= 5000, got '5001'");
  EXPECT_EQ(error_of("5\n"), "ended after 1 lines, before the strategy");
  EXPECT_EQ(error_of("5\nrandom\n"),
            "line 2: expected 'STRATEGY SEED' with 0 <= SEED <= 18446744073709551615, got 'random' (SEED is missing)");
  EXPECT_EQ(error_of("5\nmin\n"),
            "line 2: expected 'STRATEGY SEED' with 0 <= SEED <= 18446744073709551615, got 'min' (SEED is missing)");
  EXPECT_EQ(error_of("5\nadaptive 1\n"),
            "line 2: expected 'STRATEGY SEED', got 'adaptive 1' "
            "(unknown strategy 'adaptive' (known: random, min, max, first, last, spoiler))");
  EXPECT_EQ(error_of("5\nrandom 1 2\n"), "line 2: expected 'STRATEGY SEED', got 'random 1 2' (extra text after SEED)");
  EXPECT_EQ(error_of("5\nrandom 1\n\n"), "line 3: expected the end of the file, got ''");
  EXPECT_EQ(error_of("5\nrandom 1"), "line 2 (the strategy) does not end with a newline: 'random 1'");
}

}  // namespace
}  // namespace twin_cookies
