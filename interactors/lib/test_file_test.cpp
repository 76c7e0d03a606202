#include "test_file.hpp"

#include <gtest/gtest.h>

#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::finish_of;
using testing_support::TempDir;
using testing_support::write_text;

class TestFileTest : public ::testing::Test {
 protected:
  std::filesystem::path file_with(std::string_view text) {
    write_text(dir_ / "t.in", text);
    return dir_ / "t.in";
  }
  TempDir dir_;
};

TEST_F(TestFileTest, ReadsLinesAndEnds) {
  TestFile test(file_with("5\nfixed\n1 2 3 4 5\n"));
  Line first = test.read_line("n");
  EXPECT_EQ(first.number(), 1);
  EXPECT_EQ(first.read_int(2, 1000, "n"), 5);
  first.expect_end();
  Line mode = test.read_line("the mode");
  EXPECT_EQ(mode.read_token("mode"), "fixed");
  EXPECT_FALSE(test.at_eof());
  Line sizes = test.read_line("the nut sizes");
  EXPECT_EQ(sizes.text(), "1 2 3 4 5");
  EXPECT_TRUE(test.at_eof());
  test.expect_eof();
}

TEST_F(TestFileTest, EveryErrorIsAJudgeError) {
  const auto path = file_with("1001\n");
  const Finish range = finish_of([&] {
    TestFile test(path);
    test.read_line("n").read_int(2, 1000, "n");
  });
  EXPECT_EQ(range.outcome, Outcome::judge_error);
  EXPECT_EQ(range.message, "test file " + path.string() + ": line 1: expected n with 2 <= n <= 1000, got '1001'");

  const Finish missing = finish_of([&] {
    TestFile test(path);
    test.read_line("n");
    test.read_line("the mode");
  });
  EXPECT_EQ(missing.outcome, Outcome::judge_error);
  EXPECT_EQ(missing.message, "test file " + path.string() + ": ended after 1 lines, before the mode");
}

TEST_F(TestFileTest, MissingFinalNewlineIsAJudgeError) {
  const auto path = file_with("5\nfixed");
  const Finish finish = finish_of([&] {
    TestFile test(path);
    test.read_line("n");
    test.read_line("the mode");
  });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
  EXPECT_NE(finish.message.find("line 2 (the mode) does not end with a newline"), std::string::npos) << finish.message;
}

TEST_F(TestFileTest, TrailingLinesAreAJudgeError) {
  const auto path = file_with("5\n\n");
  const Finish finish = finish_of([&] {
    TestFile test(path);
    test.read_line("n");
    test.expect_eof();
  });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
  EXPECT_EQ(finish.message, "test file " + path.string() + ": line 2: expected the end of the file, got ''");
}

TEST_F(TestFileTest, UnreadableFileIsAJudgeError) {
  const Finish finish = finish_of([&] { TestFile test(dir_ / "missing.in"); });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
  EXPECT_NE(finish.message.find("cannot open test file"), std::string::npos);
}

TEST_F(TestFileTest, DevNullIsAnEmptyFile) {
  TestFile answer("/dev/null");
  EXPECT_TRUE(answer.at_eof());
  answer.expect_eof();
}

// The seam of the test-format fuzz targets: the same reads over text in memory.
TEST(TestFileFromTextTest, ReadsLikeAFile) {
  TestFile test = TestFile::from_text("memory.in", "5\nfixed");
  EXPECT_EQ(test.name(), "memory.in");
  Line first = test.read_line("n");
  EXPECT_EQ(first.read_int(1, 9, "n"), 5);
  first.expect_end();
  const Finish finish = finish_of([&] { test.read_line("the mode"); });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
  EXPECT_EQ(finish.message, "test file memory.in: line 2 (the mode) does not end with a newline: 'fixed'");
}

TEST(TestFileFromTextTest, AnIntLineHoldsOneIntegerInItsRange) {
  TestFile test = TestFile::from_text("n.in", "5\n12\n5 6\n");
  EXPECT_EQ(test.read_int_line({1, 9}, "n"), 5);
  Finish finish = finish_of([&] { test.read_int_line({1, 9}, "P"); });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
  EXPECT_NE(finish.message.find("P"), std::string::npos) << finish.message;
  EXPECT_NE(finish.message.find("12"), std::string::npos) << finish.message;
  finish = finish_of([&] { test.read_int_line({1, 9}, "n"); });
  EXPECT_EQ(finish.outcome, Outcome::judge_error);
}

TEST(TestFileFromTextTest, AnIntLineMayStillBeReadWithItsBoundsApart) {
  TestFile test = TestFile::from_text("n.in", "7\n");
  EXPECT_EQ(test.read_int_line(1, 9, "n"), 7);  // the form before IntRange
}

}  // namespace
}  // namespace interactor
