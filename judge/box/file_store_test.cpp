// The judge-box server's store of large files (file_store.hpp): what it keeps, what it
// lets go when full, and what a box can bind from it. Needs root (the store is a tmpfs
// of its own); skipped otherwise.
#include "file_store.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <set>
#include <string>

#include <gtest/gtest.h>

namespace judge_box {
namespace {

class FileStoreTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0) GTEST_SKIP() << "the store is a tmpfs of its own: root only";
    char pattern[] = "/tmp/file-store-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    if (!dir_.empty()) std::system(("rm -rf '" + dir_ + "'").c_str());
  }
  // A file of `kib` KiB of `fill`, opened read-only as the judge opens a copy-in.
  int file(const std::string& name, int kib, char fill = 'x') {
    const std::string path = dir_ + "/" + name;
    const int out = ::open(path.c_str(), O_CREAT | O_TRUNC | O_WRONLY | O_CLOEXEC, 0755);
    const std::string block(1024, fill);
    for (int i = 0; i < kib; ++i) EXPECT_EQ(::write(out, block.data(), block.size()), 1024);
    ::close(out);
    return ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  }
  static struct stat described(int fd) {
    struct stat st {};
    EXPECT_EQ(::fstat(fd, &st), 0);
    return st;
  }
  // Whether a box could bind the store's copy of `fd`'s file now.
  static bool bindable(const FileStore& store, int fd) {
    const int tree = FileStore::clone(store.fd(), described(fd));
    if (tree < 0) return false;
    ::close(tree);
    return true;
  }
  std::string dir_;
};

TEST_F(FileStoreTest, KeepsAFileOnceAndBindsItReadOnly) {
  FileStore store;
  ASSERT_TRUE(store.valid());
  const int program = file("main", 256);
  EXPECT_FALSE(bindable(store, program));  // not stocked yet
  std::set<std::string> keep;
  store.stock(program, keep);
  EXPECT_EQ(keep, (std::set<std::string>{FileStore::key(described(program))}));
  const int tree = FileStore::clone(store.fd(), described(program));
  ASSERT_GE(tree, 0);
  // The mount is the copy: the same size, read-only for everyone, executable as the
  // original was.
  struct stat copy {};
  ASSERT_EQ(::fstatat(tree, "", &copy, AT_EMPTY_PATH), 0);
  EXPECT_EQ(copy.st_size, 256 * 1024);
  EXPECT_EQ(copy.st_mode & 07777, 0555u);
  // Even root cannot write through it: the mount is read-only before it is attached.
  const std::string through = "/proc/self/fd/" + std::to_string(tree);
  EXPECT_LT(::open(through.c_str(), O_WRONLY | O_CLOEXEC), 0);
  EXPECT_EQ(errno, EROFS);
  ::close(tree);
  // Changed after it was stocked: another version, which the store does not hold.
  ::close(file("main", 256, 'y'));
  const int changed = ::open((dir_ + "/main").c_str(), O_RDONLY | O_CLOEXEC);
  EXPECT_FALSE(bindable(store, changed));
  ::close(changed);
  ::close(program);
}

TEST_F(FileStoreTest, WhenFullTheLeastRecentlyStockedFileGoesButNotOneTheRequestUses) {
  FileStore store(3 << 20);  // three files of 1 MiB
  ASSERT_TRUE(store.valid());
  const int a = file("a", 1024);
  const int b = file("b", 1024);
  const int c = file("c", 1024);
  const int d = file("d", 1024);
  for (int fd : {a, b, c}) {
    std::set<std::string> keep;
    store.stock(fd, keep);
  }
  {
    std::set<std::string> keep;
    store.stock(a, keep);  // asked for again: now the most recent
  }
  {
    std::set<std::string> keep;
    store.stock(d, keep);  // full: b, the least recently asked for, goes
  }
  EXPECT_TRUE(bindable(store, a));
  EXPECT_FALSE(bindable(store, b));
  EXPECT_TRUE(bindable(store, c));
  EXPECT_TRUE(bindable(store, d));
  {
    // One request with c, d and b: b needs room, and only a is not this request's.
    std::set<std::string> keep;
    for (int fd : {c, d, b}) store.stock(fd, keep);
  }
  EXPECT_FALSE(bindable(store, a));
  EXPECT_TRUE(bindable(store, b));
  EXPECT_TRUE(bindable(store, c));
  EXPECT_TRUE(bindable(store, d));
  {
    // A request of four when three fit: the fourth is not stocked, rather than one the
    // same request's box is about to bind (a fifth's box copies it).
    std::set<std::string> keep;
    for (int fd : {b, c, d, a}) store.stock(fd, keep);
    EXPECT_EQ(keep.size(), 3u);
  }
  EXPECT_FALSE(bindable(store, a));
  EXPECT_TRUE(bindable(store, b));
  EXPECT_TRUE(bindable(store, c));
  EXPECT_TRUE(bindable(store, d));
  // Larger than the whole store: never stocked (its box copies it).
  const int huge = file("huge", 4 * 1024);
  std::set<std::string> keep;
  store.stock(huge, keep);
  EXPECT_FALSE(bindable(store, huge));
  EXPECT_TRUE(keep.empty());
  for (int fd : {a, b, c, d, huge}) ::close(fd);
}

}  // namespace
}  // namespace judge_box
