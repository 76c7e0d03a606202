#include "test_format.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include "random_sizes.hpp"
#include "testing_support.hpp"

namespace nuts_bolts {
namespace {

// How failure messages describe the mode line.
constexpr const char* kModeShape =
    "'fixed [strict]', 'random SEED [strict]', 'punish SEED [plain]' or 'probe SEED [plain]'";

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
  EXPECT_EQ(setup.facts, (nlohmann::json{{"mode", "fixed"}, {"strict", false}}));
  EXPECT_FALSE(setup.strict);
  EXPECT_FALSE(setup.probe);
  ASSERT_EQ(setup.oracle->n(), 5);
  EXPECT_EQ(setup.oracle->commit({}), (Sizes{{1, 2, 5, 4, 3}, {3, 5, 2, 1, 4}}));
  EXPECT_TRUE(setup.oracle->compare(0, 3) == 0);  // nut 1 (size 1) fits bolt 4 (size 1)
  EXPECT_TRUE(setup.oracle->compare(0, 0) < 0);
  EXPECT_TRUE(setup.oracle->compare(2, 2) > 0);
}

TEST_F(TestFormatTest, Random) {
  TestSetup setup = read("1000\nrandom 18446744073709551615\n");
  EXPECT_EQ(setup.facts, (nlohmann::json{{"mode", "random"}, {"seed", 18446744073709551615ULL}, {"strict", false}}));
  EXPECT_EQ(setup.oracle->commit({}), random_sizes(1000, 18446744073709551615ULL));
}

TEST_F(TestFormatTest, StrictIsAnOptionOfFixedAndRandom) {
  TestSetup fixed = read("3\nfixed strict\n1 2 3\n3 2 1\n");
  EXPECT_TRUE(fixed.strict);
  EXPECT_EQ(fixed.facts, (nlohmann::json{{"mode", "fixed"}, {"strict", true}}));
  EXPECT_EQ(fixed.oracle->commit({}), (Sizes{{1, 2, 3}, {3, 2, 1}}));
  TestSetup random = read("7\nrandom 5 strict\n");
  EXPECT_TRUE(random.strict);
  EXPECT_FALSE(random.probe);
  EXPECT_EQ(random.oracle->commit({}), random_sizes(7, 5));
}

TEST_F(TestFormatTest, PunishAndProbeAreStrictUnlessPlain) {
  TestSetup punish = read("1000\npunish 42\n");
  EXPECT_TRUE(punish.strict);
  EXPECT_FALSE(punish.probe);
  EXPECT_EQ(punish.facts, (nlohmann::json{{"mode", "punish"}, {"seed", 42}, {"strict", true}}));
  EXPECT_EQ(punish.oracle->n(), 1000);
  TestSetup plain = read("10\npunish 42 plain\n");
  EXPECT_FALSE(plain.strict);
  TestSetup probe = read("100\nprobe 7\n");
  EXPECT_TRUE(probe.strict);
  EXPECT_TRUE(probe.probe);
  EXPECT_EQ(probe.facts, (nlohmann::json{{"mode", "probe"}, {"seed", 7}, {"strict", true}}));
  EXPECT_FALSE(read("100\nprobe 7 plain\n").strict);
}

// The lazy modes decide sizes from the seed and the queries alone.
TEST_F(TestFormatTest, LazyModesAreReproducible) {
  for (const char* mode : {"punish", "probe"}) {
    std::vector<Sizes> runs;
    for (int run = 0; run < 2; ++run) {
      TestSetup setup = read(fmt::format("50\n{} 3\n", mode));
      for (int k = 0; k < 200; ++k) setup.oracle->compare(k * 7 % 50, k * 13 % 50);
      runs.push_back(setup.oracle->commit({}));
    }
    EXPECT_EQ(runs[0], runs[1]) << mode;
  }
}

TEST_F(TestFormatTest, FixedTestTextReadsBack) {
  const Sizes sizes{{2, 1, 3}, {3, 1, 2}};
  EXPECT_EQ(fixed_test_text(sizes, false), "3\nfixed\n2 1 3\n3 1 2\n");
  EXPECT_EQ(fixed_test_text(sizes, true), "3\nfixed strict\n2 1 3\n3 1 2\n");
  TestSetup setup = read(fixed_test_text(sizes, true));
  EXPECT_TRUE(setup.strict);
  EXPECT_EQ(setup.oracle->commit({}), sizes);
}

TEST_F(TestFormatTest, EveryProblemIsAJudgeError) {
  EXPECT_EQ(error_of("1\nrandom 1\n"), "line 1: expected n with 2 <= n <= 1000, got '1'");
  EXPECT_EQ(error_of("1001\nrandom 1\n"), "line 1: expected n with 2 <= n <= 1000, got '1001'");
  EXPECT_EQ(error_of("05\nrandom 1\n"), "line 1: expected n with 2 <= n <= 1000, got '05' (n has leading zeros)");
  EXPECT_EQ(error_of("5\n"), "ended after 1 lines, before the mode");
  const std::string modes = std::string("line 2: expected ") + kModeShape;
  EXPECT_EQ(error_of("5\nshuffled 3\n"), modes + ", got 'shuffled 3' (unknown mode 'shuffled')");
  EXPECT_EQ(error_of("5\nrandom\n"),
            modes + " with 0 <= SEED <= 18446744073709551615, got 'random' (SEED is missing)");
  EXPECT_EQ(error_of("5\nrandom -1\n"), modes + " with 0 <= SEED <= 18446744073709551615, got 'random -1' "
                                                "(SEED '-1' is not a decimal integer)");
  EXPECT_EQ(error_of("5\nrandom 1 2\n"), modes + ", got 'random 1 2' ('2' is not 'strict')");
  EXPECT_EQ(error_of("5\nfixed 1\n"), modes + ", got 'fixed 1' ('1' is not 'strict')");
  EXPECT_EQ(error_of("5\nfixed strict strict\n"), modes + ", got 'fixed strict strict' (extra text after strict)");
  EXPECT_EQ(error_of("5\npunish 1 strict\n"), modes + ", got 'punish 1 strict' ('strict' is not 'plain')");
  EXPECT_EQ(error_of("5\nprobe\n"),
            modes + " with 0 <= SEED <= 18446744073709551615, got 'probe' (SEED is missing)");
  EXPECT_EQ(error_of("5\nprobe 1\n\n"), "line 3: expected the end of the file, got ''");
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
