#include "submission/submission.hpp"

#include <stdlib.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class SubmissionTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "submission-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
  }
  void TearDown() override { fs::remove_all(dir); }
  fs::path dir;
};

TEST_F(SubmissionTest, CompilesOnceThenHitsTheCache) {
  std::ofstream(dir / "ok.c") << "int main(void) { return 0; }\n";
  const Submission first = prepare_submission(dir / "ok.c", dir / "cache");
  EXPECT_TRUE(first.compiled);
  EXPECT_FALSE(first.compile_failed);
  ASSERT_EQ(first.command.size(), 1u);
  EXPECT_TRUE(fs::exists(first.command[0]));
  const Submission second = prepare_submission(dir / "ok.c", dir / "cache");
  EXPECT_FALSE(second.compiled);
  EXPECT_EQ(second.command, first.command);
}

TEST_F(SubmissionTest, ChangedSourceIsCompiledAgain) {
  std::ofstream(dir / "a.c") << "int main(void) { return 0; }\n";
  const Submission first = prepare_submission(dir / "a.c", dir / "cache");
  std::ofstream(dir / "a.c") << "int main(void) { return 1; }\n";
  const Submission second = prepare_submission(dir / "a.c", dir / "cache");
  EXPECT_TRUE(second.compiled);
  EXPECT_NE(second.command, first.command);
}

TEST_F(SubmissionTest, CompileErrorIsReportedNotThrown) {
  std::ofstream(dir / "bad.cpp") << "int main() { return undeclared_name; }\n";
  const Submission submission = prepare_submission(dir / "bad.cpp", dir / "cache");
  EXPECT_TRUE(submission.compile_failed);
  EXPECT_NE(submission.compile_message.find("undeclared_name"), std::string::npos);
  EXPECT_TRUE(submission.command.empty());
}

TEST_F(SubmissionTest, PythonRunsThroughPython3) {
  std::ofstream(dir / "s.py") << "print(1)\n";
  const Submission submission = prepare_submission(dir / "s.py", dir / "cache");
  ASSERT_EQ(submission.command.size(), 2u);
  EXPECT_EQ(submission.command[0], "/usr/bin/python3");
}

TEST_F(SubmissionTest, MissingOrNotExecutableIsAConfigError) {
  EXPECT_THROW(prepare_submission(dir / "nope", dir / "cache"), ConfigError);
  std::ofstream(dir / "data.txt") << "x";
  EXPECT_THROW(prepare_submission(dir / "data.txt", dir / "cache"), ConfigError);
}

}  // namespace
}  // namespace judge
