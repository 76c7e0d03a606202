#include "base/private_folder.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// A base folder of the test's own, and a "victim": a 0700 folder that must never be
// changed by way of a name planted where the judge looks.
class PrivateFolder : public testing::Test {
 protected:
  void SetUp() override {
    fs::create_directory(base / "victim");
    ::chmod((base / "victim").c_str(), 0700);
  }
  std::string refusal(const std::string& name) {
    try {
      open_private_path(base, name);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "";
  }
  void expect_victim_untouched() {
    struct stat st {};
    ASSERT_EQ(::stat((base / "victim").c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 07777, 0700u);
    EXPECT_TRUE(fs::is_empty(base / "victim"));
  }
  const TempDir scratch{"private-folder-test-"};
  const fs::path base = scratch.path();
};

TEST_F(PrivateFolder, AMissingFolderIsMadeTheJudgesOwnAndFoundAgain) {
  const UniqueFd made = open_private_path(base, "locks/inner");
  EXPECT_TRUE(made.valid());
  struct stat st {};
  ASSERT_EQ(::stat((base / "locks" / "inner").c_str(), &st), 0);
  EXPECT_EQ(st.st_uid, ::geteuid());
  EXPECT_EQ(st.st_mode & 07777, 0700u);
  EXPECT_EQ(why_not_private(made.get()), "");
  EXPECT_TRUE(open_private_path(base, "locks/inner").valid());
}

// Issue 28: /tmp/judge-cpu-locks planted as a link to a 0700 folder was made 1777 and
// written into by a root judge.
TEST_F(PrivateFolder, APlantedLinkIsRefusedAndWhatItPointsToIsUntouched) {
  fs::create_directory_symlink(base / "victim", base / "locks");
  const std::string why = refusal("locks");
  EXPECT_NE(why.find("a symbolic link"), std::string::npos) << why;
  EXPECT_NE(why.find((base / "locks").string()), std::string::npos) << why;
  expect_victim_untouched();
}

TEST_F(PrivateFolder, AFolderWritableByOthersIsRefused) {
  fs::create_directory(base / "open");
  ::chmod((base / "open").c_str(), 01777);
  EXPECT_NE(refusal("open").find("writable by others (mode 1777)"), std::string::npos);
}

TEST_F(PrivateFolder, SomeoneElsesFolderIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "making a folder of another uid needs root";
  fs::create_directory(base / "theirs");
  ASSERT_EQ(::chown((base / "theirs").c_str(), 65534, 65534), 0);
  ::chmod((base / "theirs").c_str(), 0700);
  EXPECT_NE(refusal("theirs").find("owned by uid 65534"), std::string::npos);
}

TEST_F(PrivateFolder, ABaseOthersCanWriteMustBeSticky) {
  fs::create_directory(base / "shared");
  ::chmod((base / "shared").c_str(), 0777);
  EXPECT_THROW(open_base_folder(base / "shared"), ConfigError);
  ::chmod((base / "shared").c_str(), 01777);  // as /tmp
  EXPECT_TRUE(open_base_folder(base / "shared").valid());
  EXPECT_TRUE(open_private_path(base / "shared", "mine").valid());
}

}  // namespace
}  // namespace judge
