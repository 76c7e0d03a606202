#include "generate/generated_files.hpp"

#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class GeneratedFiles : public testing::Test {
 protected:
  void write(const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
  }
  // tests/ of a task, owning *.in and mapping.
  std::vector<OwnedFolder> folders() {
    return {{"tests", temp.path() / "task" / "tests", temp.path() / "made",
             [](const std::string& name) { return name == "mapping" || fs::path(name).extension() == ".in"; }}};
  }
  // What check_generated printed, and its exit status.
  std::pair<int, std::string> checked() {
    std::ostringstream out;
    std::streambuf* old = std::cout.rdbuf(out.rdbuf());
    const int status = check_generated(folders(), "gen/data", "task");
    std::cout.rdbuf(old);
    return {status, out.str()};
  }
  TempDir temp{"generated-files-test-"};
};

TEST_F(GeneratedFiles, CheckNamesEachDifferenceOfTheOwnedFilesOnly) {
  write(temp.path() / "made/1.in", "1\n");
  write(temp.path() / "made/2.in", "2\n");
  write(temp.path() / "made/mapping", "s 1\ns 2\n");
  write(temp.path() / "task/tests/1.in", "1\n");
  write(temp.path() / "task/tests/2.in", "two\n");
  write(temp.path() / "task/tests/3.in", "3\n");
  write(temp.path() / "task/tests/README", "not ours\n");
  const auto [status, text] = checked();
  EXPECT_EQ(status, exit_not_accepted);
  EXPECT_NE(text.find("  changed  tests/2.in\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  missing  tests/mapping\n"), std::string::npos) << text;
  EXPECT_NE(text.find("  extra    tests/3.in (not made from gen/data)\n"), std::string::npos) << text;
  EXPECT_EQ(text.find("1.in"), std::string::npos) << text;  // the same
  EXPECT_EQ(text.find("README"), std::string::npos) << text;
  EXPECT_NE(text.find("run: judge generate task\n"), std::string::npos) << text;
}

TEST_F(GeneratedFiles, WriteReplacesTheOwnedFilesAndKeepsTheRest) {
  write(temp.path() / "made/1.in", "1\n");
  write(temp.path() / "made/mapping", "s 1\n");
  write(temp.path() / "task/tests/1.in", "old\n");
  write(temp.path() / "task/tests/3.in", "3\n");
  write(temp.path() / "task/tests/README", "not ours\n");
  std::ostringstream out;
  std::streambuf* old = std::cout.rdbuf(out.rdbuf());
  write_generated(folders(), "gen/data");
  std::cout.rdbuf(old);
  EXPECT_EQ(read_file(temp.path() / "task/tests/1.in"), "1\n");
  EXPECT_EQ(read_file(temp.path() / "task/tests/mapping"), "s 1\n");
  EXPECT_FALSE(fs::exists(temp.path() / "task/tests/3.in"));
  EXPECT_EQ(read_file(temp.path() / "task/tests/README"), "not ours\n");
  EXPECT_EQ(out.str(), "removed tests/3.in (not made from gen/data)\n");
  EXPECT_EQ(checked().first, exit_all_accepted);
}

}  // namespace
}  // namespace judge
