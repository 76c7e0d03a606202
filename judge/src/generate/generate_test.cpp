#include "generate/generate.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"

namespace judge {
namespace {

void put(const std::filesystem::path& path, const std::string& text) { std::ofstream(path) << text; }

TEST(GenerateCheck, ChangedMissingAndExtraInputsAreNamed) {
  const TempDir generated("generate-test-"), committed("generate-test-");
  put(generated.path() / "01.in", "5\n");
  put(committed.path() / "01.in", "5\n");
  put(generated.path() / "02.in", "6\n");
  put(committed.path() / "02.in", "6 \n");  // one byte more
  put(generated.path() / "03.in", "7\n");
  put(committed.path() / "04.in", "8\n");
  put(committed.path() / "notes.txt", "not a test");
  const DataDifference difference = compare_test_files(generated.path(), committed.path());
  EXPECT_EQ(difference.changed, std::vector<std::string>{"02.in"});
  EXPECT_EQ(difference.missing, std::vector<std::string>{"03.in"});
  EXPECT_EQ(difference.extra, std::vector<std::string>{"04.in"});
  EXPECT_TRUE(compare_test_files(generated.path(), generated.path()).empty());
}

TEST(GenerateCheck, AnswersAreComparedOnlyWhenGenerated) {
  const TempDir generated("generate-test-"), committed("generate-test-");
  put(generated.path() / "01.in", "5\n");
  put(committed.path() / "01.in", "5\n");
  put(committed.path() / "01.ans", "hand-written\n");
  // No answer generator: a committed .ans is the setter's, neither extra nor checked.
  EXPECT_TRUE(compare_test_files(generated.path(), committed.path()).empty());
  put(generated.path() / "01.ans", "10\n");
  const DataDifference difference = compare_test_files(generated.path(), committed.path(), {".in", ".ans"});
  EXPECT_EQ(difference.changed, std::vector<std::string>{"01.ans"});
}

}  // namespace
}  // namespace judge
