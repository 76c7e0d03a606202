#include "submission/cache_dir.hpp"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "base/errors.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class CacheDirTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "cache-dir-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
  }
  void TearDown() override { fs::remove_all(dir); }
  std::string refusal(const fs::path& path) {
    try {
      checked_cache_dir(path);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "accepted";
  }
  fs::path dir;
};

TEST_F(CacheDirTest, AMissingCacheIsMadePrivate) {
  EXPECT_EQ(checked_cache_dir(dir / "a" / "cache"), dir / "a" / "cache");
  struct stat st {};
  ASSERT_EQ(::stat((dir / "a" / "cache").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 0777, 0700u);
}

// Issue 28, hole 8: a cache someone else made, one others may write, or a planted link
// is refused; the judge does not repair it.
TEST_F(CacheDirTest, ACacheOthersOwnOrMayWriteOrALinkIsRefused) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to make a folder of another user";
  fs::create_directory(dir / "theirs");
  ASSERT_EQ(::chown((dir / "theirs").c_str(), 65534, 65534), 0);
  EXPECT_NE(refusal(dir / "theirs").find("owned by uid 65534"), std::string::npos);
  fs::create_directory(dir / "open");
  ASSERT_EQ(::chmod((dir / "open").c_str(), 0777), 0);
  EXPECT_NE(refusal(dir / "open").find("other users may write it (mode 0777)"), std::string::npos);
  fs::create_directory(dir / "mine");
  fs::create_directory_symlink(dir / "mine", dir / "planted");
  EXPECT_NE(refusal(dir / "planted").find("a symbolic link is not taken"), std::string::npos);
  // Above it: a folder of another user, or one everybody may write (not sticky).
  fs::create_directories(dir / "up" / "cache");
  ASSERT_EQ(::chown((dir / "up").c_str(), 65534, 65534), 0);
  EXPECT_NE(refusal(dir / "up" / "cache").find("above it is owned by another user"), std::string::npos);
  ASSERT_EQ(::chown((dir / "up").c_str(), 0, 0), 0);
  ASSERT_EQ(::chmod((dir / "up").c_str(), 0777), 0);
  EXPECT_NE(refusal(dir / "up" / "cache").find("writable by other users"), std::string::npos);
  ASSERT_EQ(::chmod((dir / "up").c_str(), 01777), 0);  // sticky, as /tmp
  EXPECT_EQ(refusal(dir / "up" / "cache"), "accepted");
}

// With no HOME, no XDG_CACHE_HOME and no JUDGE_CACHE_DIR, root's cache is never in /tmp.
TEST_F(CacheDirTest, WithoutAHomeRootsCacheIsNotInTmp) {
  if (::geteuid() != 0) GTEST_SKIP() << "root's fallback";
  const char* names[] = {"JUDGE_CACHE_DIR", "XDG_CACHE_HOME", "HOME"};
  std::string saved[3];
  bool had[3];
  for (int i = 0; i < 3; ++i) {
    const char* value = std::getenv(names[i]);
    had[i] = value != nullptr;
    saved[i] = value ? value : "";
    ::unsetenv(names[i]);
  }
  const fs::path fallback = default_cache_dir();
  for (int i = 0; i < 3; ++i)
    if (had[i]) ::setenv(names[i], saved[i].c_str(), 1);
  EXPECT_EQ(fallback, "/var/cache/judge");
}

}  // namespace
}  // namespace judge
