#include "test_format.hpp"

#include <gtest/gtest.h>

#include "random_permutation.hpp"
#include "testing_support.hpp"

namespace egg_drop {
namespace {

using interactor::Finish;
using interactor::Outcome;
using interactor::TestFile;
using interactor::testing_support::finish_of;
using interactor::testing_support::TempDir;
using interactor::testing_support::write_text;

class TestFormatTest : public ::testing::Test {
 protected:
  EggTest read(std::string_view text) {
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

TEST_F(TestFormatTest, Fixed) {
  const EggTest test = read("3\n3\nfixed\n2 1 3\n");
  EXPECT_EQ(test.n(), 3);
  EXPECT_EQ(test.penalty, 3);
  EXPECT_EQ(test.shatter_floor, (std::vector<int>{2, 1, 3}));
  EXPECT_EQ(test.facts, (nlohmann::json{{"n", 3}, {"penalty", 3}, {"mode", "fixed"}}));
}

TEST_F(TestFormatTest, Random) {
  const EggTest test = read("10000\n10000\nrandom 18446744073709551615\n");
  EXPECT_EQ(test.penalty, 10000);
  EXPECT_EQ(test.shatter_floor, random_permutation(10000, 18446744073709551615ULL));
  EXPECT_EQ(test.facts, (nlohmann::json{{"n", 10000}, {"penalty", 10000}, {"mode", "random"},
                                        {"seed", 18446744073709551615ULL}}));
}

TEST_F(TestFormatTest, Extremes) {
  EXPECT_EQ(read("1\n0\nfixed\n1\n").shatter_floor, (std::vector<int>{1}));
  EXPECT_EQ(read("1\n1000000000\nrandom 0\n").penalty, 1000000000);
}

TEST_F(TestFormatTest, EveryProblemIsAJudgeError) {
  EXPECT_EQ(error_of("0\n1\nrandom 1\n"), "line 1: expected N with 1 <= N <= 10000, got '0'");
  EXPECT_EQ(error_of("10001\n1\nrandom 1\n"), "line 1: expected N with 1 <= N <= 10000, got '10001'");
  EXPECT_EQ(error_of("3\n"), "ended after 1 lines, before P");
  EXPECT_EQ(error_of("3\n-1\nrandom 1\n"), "line 2: expected P with 0 <= P <= 1000000000, got '-1'");
  EXPECT_EQ(error_of("3\n1000000001\nrandom 1\n"),
            "line 2: expected P with 0 <= P <= 1000000000, got '1000000001'");
  EXPECT_EQ(error_of("3\n3 4\nrandom 1\n"), "line 2: extra text after P: '3 4'");
  EXPECT_EQ(error_of("3\n3\n"), "ended after 2 lines, before the mode");
  EXPECT_EQ(error_of("3\n3\nshuffled 3\n"),
            "line 3: expected 'fixed' or 'random SEED', got 'shuffled 3' (unknown mode 'shuffled')");
  EXPECT_EQ(error_of("3\n3\nrandom\n"), "line 3: expected 'fixed' or 'random SEED' with 0 <= SEED <= "
                                        "18446744073709551615, got 'random' (SEED is missing)");
  EXPECT_EQ(error_of("3\n3\nfixed 1\n2 1 3\n"),
            "line 3: expected 'fixed' or 'random SEED', got 'fixed 1' (extra text after the mode)");
  EXPECT_EQ(error_of("3\n3\nrandom 1\n\n"), "line 4: expected the end of the file, got ''");
  EXPECT_EQ(error_of("3\n3\nfixed\n"), "ended after 3 lines, before the permutation");
  EXPECT_EQ(error_of("3\n3\nfixed\n2 1 3\nx\n"), "line 5: expected the end of the file, got 'x'");
  EXPECT_EQ(error_of("3\n3\nfixed\n2 1 3"), "line 4 (the permutation) does not end with a newline: '2 1 3'");
}

TEST_F(TestFormatTest, ThePermutationIsChecked) {
  EXPECT_EQ(error_of("3\n3\nfixed\n1 2 2\n"),
            "line 4: expected the permutation (p_1 ... p_3, a permutation of 1..3), got '1 2 2' "
            "(2 appears as p_2 and as p_3)");
  EXPECT_EQ(error_of("3\n3\nfixed\n1 2 4\n"),
            "line 4: expected the permutation (p_1 ... p_3, a permutation of 1..3) with 1 <= p_3 <= 3, got '1 2 4'");
  EXPECT_EQ(error_of("3\n3\nfixed\n1 2\n"),
            "line 4: expected the permutation (p_1 ... p_3, a permutation of 1..3) with 1 <= p_3 <= 3, got '1 2' "
            "(p_3 is missing)");
  EXPECT_EQ(error_of("3\n3\nfixed\n1 2 3 1\n"),
            "line 4: expected the permutation (p_1 ... p_3, a permutation of 1..3), got '1 2 3 1' "
            "(extra text after p_3)");
}

}  // namespace
}  // namespace egg_drop
