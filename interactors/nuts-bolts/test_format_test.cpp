#include "test_format.hpp"

#include <gtest/gtest.h>

#include "random_sizes.hpp"
#include "testing_support.hpp"

namespace nuts_bolts {
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
  // The judge error message of reading `text`.
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
  TestSetup setup = read("5\nfixed\n1 2 5 4 3\n3 5 2 1 4\n");
  EXPECT_EQ(setup.facts, (nlohmann::json{{"mode", "fixed"}}));
  ASSERT_EQ(setup.oracle->n(), 5);
  EXPECT_EQ(setup.oracle->commit({}), (Sizes{{1, 2, 5, 4, 3}, {3, 5, 2, 1, 4}}));
  EXPECT_TRUE(setup.oracle->compare(0, 3) == 0);  // nut 1 (size 1) fits bolt 4 (size 1)
  EXPECT_TRUE(setup.oracle->compare(0, 0) < 0);
  EXPECT_TRUE(setup.oracle->compare(2, 2) > 0);
}

TEST_F(TestFormatTest, Random) {
  TestSetup setup = read("1000\nrandom 18446744073709551615\n");
  EXPECT_EQ(setup.facts, (nlohmann::json{{"mode", "random"}, {"seed", 18446744073709551615ULL}}));
  EXPECT_EQ(setup.oracle->commit({}), random_sizes(1000, 18446744073709551615ULL));
}

TEST_F(TestFormatTest, EveryProblemIsAJudgeError) {
  EXPECT_EQ(error_of("1\nrandom 1\n"), "line 1: expected n with 2 <= n <= 1000, got '1'");
  EXPECT_EQ(error_of("1001\nrandom 1\n"), "line 1: expected n with 2 <= n <= 1000, got '1001'");
  EXPECT_EQ(error_of("05\nrandom 1\n"), "line 1: expected n with 2 <= n <= 1000, got '05' (n has leading zeros)");
  EXPECT_EQ(error_of("5\n"), "ended after 1 lines, before the mode");
  EXPECT_EQ(error_of("5\nshuffled 3\n"), "line 2: expected 'fixed' or 'random SEED', got 'shuffled 3' "
                                         "(unknown mode 'shuffled')");
  EXPECT_EQ(error_of("5\nrandom\n"), "line 2: expected 'fixed' or 'random SEED' with 0 <= SEED <= "
                                     "18446744073709551615, got 'random' (SEED is missing)");
  EXPECT_EQ(error_of("5\nrandom -1\n"), "line 2: expected 'fixed' or 'random SEED' with 0 <= SEED <= "
                                        "18446744073709551615, got 'random -1' (SEED '-1' is not a decimal integer)");
  EXPECT_EQ(error_of("5\nrandom 1 2\n"), "line 2: expected 'fixed' or 'random SEED', got 'random 1 2' "
                                         "(extra text after SEED)");
  EXPECT_EQ(error_of("5\nfixed 1\n"), "line 2: expected 'fixed' or 'random SEED', got 'fixed 1' "
                                      "(extra text after the mode)");
  EXPECT_EQ(error_of("5\nrandom 1\n\n"), "line 3: expected the end of the file, got ''");
  EXPECT_EQ(error_of("5\nfixed\n1 2 5 4 3\n"), "ended after 3 lines, before the bolt sizes");
  EXPECT_EQ(error_of("5\nfixed\n1 2 5 4 3\n3 5 2 1 4\n1\n"), "line 5: expected the end of the file, got '1'");
  EXPECT_EQ(error_of("5\nfixed\n1 2 5 4 3\n3 5 2 1 4"),
            "line 4 (the bolt sizes) does not end with a newline: '3 5 2 1 4'");
}

TEST_F(TestFormatTest, PermutationsAreChecked) {
  EXPECT_EQ(error_of("3\nfixed\n1 2 2\n1 2 3\n"),
            "line 3: expected the nut sizes (a_1 ... a_3, a permutation of 1..3), got '1 2 2' "
            "(2 appears as a_2 and as a_3)");
  EXPECT_EQ(error_of("3\nfixed\n1 2 3\n1 2 4\n"),
            "line 4: expected the bolt sizes (b_1 ... b_3, a permutation of 1..3) with 1 <= b_3 <= 3, got '1 2 4'");
  EXPECT_EQ(error_of("3\nfixed\n1 2\n1 2 3\n"),
            "line 3: expected the nut sizes (a_1 ... a_3, a permutation of 1..3) with 1 <= a_3 <= 3, got '1 2' "
            "(a_3 is missing)");
  EXPECT_EQ(error_of("3\nfixed\n1 2 3 1\n1 2 3\n"),
            "line 3: expected the nut sizes (a_1 ... a_3, a permutation of 1..3), got '1 2 3 1' "
            "(extra text after a_3)");
}

}  // namespace
}  // namespace nuts_bolts
