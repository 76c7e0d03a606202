#include "process/private_tmpdir.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>
#include <initializer_list>
#include <string>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// Sets TMPDIR for one test and puts it back.
class TmpdirEnvironment : public testing::Test {
 protected:
  void SetUp() override {
    if (const char* value = std::getenv("TMPDIR")) saved = value;
    std::string pattern = (fs::temp_directory_path() / "tmpdir-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    base = pattern;
    ::setenv("TMPDIR", base.c_str(), 1);
  }
  void TearDown() override {
    if (saved.empty()) ::unsetenv("TMPDIR");
    else ::setenv("TMPDIR", saved.c_str(), 1);
    fs::remove_all(base);
  }
  std::string saved;
  fs::path base;
};

TEST_F(TmpdirEnvironment, TheFolderIsTmpdirWhileItLivesAndGoesWithWhatItHolds) {
  fs::path made;
  {
    const PrivateTmpdir tmpdir;
    made = tmpdir.path();
    EXPECT_EQ(made.parent_path(), base);
    EXPECT_EQ(made.filename().string().rfind("judge-run-", 0), 0u) << made;
    EXPECT_EQ(std::string(std::getenv("TMPDIR")), made.string());
    struct stat st {};
    ASSERT_EQ(::stat(made.c_str(), &st), 0);
    EXPECT_EQ(st.st_mode & 0777, 0711u);
    // What a killed compiler would leave behind.
    fs::create_directories(made / "cc" / "deep");
    std::ofstream(made / "cc" / "deep" / "ccXXXX.o") << "object";
  }
  EXPECT_FALSE(fs::exists(made));
  EXPECT_EQ(std::string(std::getenv("TMPDIR")), base.string());
}

TEST_F(TmpdirEnvironment, TheBaseIsTmpdirElseATmpfs) {
  EXPECT_EQ(temp_base(), base);
  for (const char* unset : std::initializer_list<const char*>{"", nullptr}) {
    if (unset == nullptr) ::unsetenv("TMPDIR");
    else ::setenv("TMPDIR", unset, 1);
    const fs::path chosen = temp_base();
    EXPECT_TRUE(chosen == "/dev/shm" || chosen == "/tmp") << chosen;
    EXPECT_TRUE(fs::is_directory(chosen)) << chosen;
  }
}

TEST_F(TmpdirEnvironment, AnUnwritableTmpdirIsAConfigErrorThatSaysWhatToSet) {
  ::setenv("TMPDIR", (base / "missing").c_str(), 1);
  try {
    const PrivateTmpdir tmpdir;
    FAIL() << "made " << tmpdir.path();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("TMPDIR"), std::string::npos) << error.what();
  }
}

}  // namespace
}  // namespace judge
