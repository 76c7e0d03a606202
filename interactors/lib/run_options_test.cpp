#include "run_options.hpp"

#include <stdexcept>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::Args;

RunOptions parse(std::vector<std::string> words) {
  words.insert(words.begin(), {"interactor", "in", "ans", "feedback/"});
  Args argv(words);
  return parse_run_options(argv.argc(), argv.argv(), 4);
}

TEST(RunOptions, NoneByDefault) {
  const RunOptions options = parse({});
  EXPECT_FALSE(options.score_from_metric);
  EXPECT_FALSE(options.new_second_before_next_pass);
}

TEST(RunOptions, BothOptions) {
  const RunOptions options =
      parse({"--score-from-metric", "moves", "300000", "1e9", "100", "--new-second-before-next-pass"});
  ASSERT_TRUE(options.score_from_metric);
  EXPECT_EQ(options.score_from_metric->fact, "moves");
  EXPECT_EQ(options.score_from_metric->full_at, 300000);
  EXPECT_EQ(options.score_from_metric->zero_at, 1e9);
  EXPECT_EQ(options.score_from_metric->max_score, 100);
  EXPECT_TRUE(options.new_second_before_next_pass);
}

TEST(RunOptions, MistakesAreRefusedWithTheReason) {
  const auto refused = [](std::vector<std::string> words, const std::string& expected) {
    try {
      parse(std::move(words));
      ADD_FAILURE() << "accepted; expected: " << expected;
    } catch (const std::invalid_argument& error) {
      EXPECT_NE(std::string(error.what()).find(expected), std::string::npos) << error.what();
    }
  };
  refused({"--verbose"}, "unknown argument '--verbose'");
  refused({"--score-from-metric", "moves", "1", "2"}, "needs NAME FULL_AT ZERO_AT MAX_SCORE");
  refused({"--score-from-metric", "moves", "1", "2x", "100"}, "ZERO_AT must be a number, got '2x'");
  refused({"--score-from-metric", "moves", "5", "2", "100"}, "0 < FULL_AT < ZERO_AT");
}

}  // namespace
}  // namespace interactor
