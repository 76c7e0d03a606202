#include "skeleton/skeleton.hpp"

#include <gtest/gtest.h>

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
