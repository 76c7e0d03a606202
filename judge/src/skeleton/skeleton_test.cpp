#include "skeleton/skeleton.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

TEST(Skeleton, WritesEveryFileNamedInProblemJson) {
  const TempDir scratch("skeleton-test-");
  const auto written = write_skeleton(scratch.path() / "guess");
  EXPECT_EQ(written.size(), skeleton_files("x").size());
  for (const auto& path : written) EXPECT_TRUE(fs::is_regular_file(path)) << path;
  const auto json = read_file(scratch.path() / "guess" / "problem.json");
  ASSERT_TRUE(json);
  EXPECT_NE(json->find("\"name\": \"guess\""), std::string::npos);
  for (const char* named : {"interactor.cpp", "generator.py", "input_validator.py"}) {
    EXPECT_NE(json->find(named), std::string::npos) << named;
    EXPECT_TRUE(fs::is_regular_file(scratch.path() / "guess" / named)) << named;
  }
  EXPECT_TRUE(fs::is_regular_file(scratch.path() / "guess" / "submissions" / "accepted" / "binary_search.py"));
  EXPECT_TRUE(fs::is_regular_file(scratch.path() / "guess" / "submissions" / "wrong_answer" / "off_by_one.py"));
}

// The name is the folder's, whatever it holds: problem.json stays JSON, the statement
// takes it as it is, and no file keeps the template's mark.
TEST(Skeleton, TheFoldersNameIsInProblemJsonAsJsonAndNoMarkIsLeft) {
  const std::string name = "quote\" back\\slash";
  for (const auto& [path, text] : skeleton_files(name)) {
    EXPECT_EQ(text.find("@NAME@"), std::string::npos) << path;
    if (path == "problem.json") {
      EXPECT_EQ(nlohmann::json::parse(text).at("name"), name);
    }
    if (path == "statement.md") {
      EXPECT_TRUE(text.starts_with("# " + name + "\n")) << text;
    }
  }
  EXPECT_EQ(skeleton_files(name).size(), 8u);
}

TEST(Skeleton, AnEmptyFolderIsFilledAFullOneRefused) {
  const TempDir scratch("skeleton-test-");
  fs::create_directories(scratch.path() / "empty");
  EXPECT_NO_THROW(write_skeleton(scratch.path() / "empty"));
  try {
    write_skeleton(scratch.path() / "empty");
    FAIL() << "a folder with files was overwritten";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("not an empty folder"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace judge
