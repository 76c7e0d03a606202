#include "process/private_tmpdir.hpp"

#include <fcntl.h>
#include <stdlib.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

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

// Issue 28: run folders of judges killed by SIGKILL stayed in /dev/shm for good. The
// next judge removes a folder of its user's whose lock it can take and that says a
// judge locked it (.judge-run-lock); a folder whose judge lives (its lock held), one
// without the marker (a judge of an older version, or one still being made) and one
// of another user are left alone.
TEST_F(TmpdirEnvironment, RunFoldersOfDeadJudgesAreSweptAndNoOthers) {
  auto make_run_folder = [&](const std::string& name, bool marker) {
    fs::create_directory(base / name);
    ::chmod((base / name).c_str(), 0711);
    if (marker) std::ofstream(base / name / ".judge-run-lock");
    std::ofstream(base / name / "left.o") << "object";
  };
  make_run_folder("judge-run-dead01", true);
  make_run_folder("judge-run-alive1", true);
  make_run_folder("judge-run-oldver", false);
  make_run_folder("not-a-run-folder", true);
  const UniqueFd alive(::open((base / "judge-run-alive1").c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  ASSERT_EQ(::flock(alive.get(), LOCK_EX), 0);  // as a living judge holds it
  if (::geteuid() == 0) {
    make_run_folder("judge-run-theirs", true);
    ASSERT_EQ(::chown((base / "judge-run-theirs").c_str(), 65534, 65534), 0);
  }
  fs::path made;
  {
    const PrivateTmpdir tmpdir;  // sweeps as it is made
    made = tmpdir.path();
    EXPECT_TRUE(fs::exists(made / ".judge-run-lock"));
    EXPECT_FALSE(fs::exists(base / "judge-run-dead01"));
    for (const char* kept : {"judge-run-alive1", "judge-run-oldver", "not-a-run-folder"})
      EXPECT_TRUE(fs::exists(base / kept / "left.o")) << kept;
    if (::geteuid() == 0) {
      EXPECT_TRUE(fs::exists(base / "judge-run-theirs" / "left.o"));
    }
    // A second judge meanwhile leaves the first one's folder alone.
    const UniqueFd base_fd(::open(base.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
    EXPECT_EQ(sweep_dead_run_folders(base_fd, base), 0);
    EXPECT_TRUE(fs::exists(made));
  }
  EXPECT_FALSE(fs::exists(made));
}

// The run folder is made under a base folder only when nobody else can rename what is
// made in it (sticky, or not writable by others): else the judge refuses.
TEST_F(TmpdirEnvironment, ABaseOthersCanRenameInIsRefused) {
  ::chmod(base.c_str(), 0777);
  EXPECT_THROW(PrivateTmpdir(), ConfigError);
  ::chmod(base.c_str(), 01777);
  EXPECT_NO_THROW(PrivateTmpdir());
  ::chmod(base.c_str(), 0700);
}

}  // namespace
}  // namespace judge
