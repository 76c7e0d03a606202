#include "box/net_namespace.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

namespace judge {
namespace {

ino_t namespace_inode(const std::string& path) {
  struct stat info {};
  return ::stat(path.c_str(), &info) == 0 ? info.st_ino : 0;
}

TEST(SharedNetNamespace, RootGetsANamespaceOtherThanItsOwnAndTheSameOneEachTime) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can make a network namespace";
  SharedNetNamespace shared(true);
  const std::string path = shared.path();
  ASSERT_FALSE(path.empty());
  EXPECT_EQ(path.rfind("/proc/" + std::to_string(::getpid()) + "/fd/", 0), 0U) << path;
  const ino_t made = namespace_inode(path);
  ASSERT_NE(made, 0U) << path;
  // The judge itself stays in its own namespace: only the maker thread moved.
  EXPECT_NE(made, namespace_inode("/proc/self/ns/net"));
  EXPECT_EQ(shared.path(), path);
  EXPECT_EQ(namespace_inode(shared.path()), made);
}

TEST(SharedNetNamespace, NoneIsMadeWhenNotAsked) {
  SharedNetNamespace none(false);
  EXPECT_EQ(none.path(), "");
}

TEST(SharedNetNamespace, EachOneMakesANamespaceOfItsOwn) {
  if (::geteuid() != 0) GTEST_SKIP() << "only root can make a network namespace";
  SharedNetNamespace first(true);
  SharedNetNamespace second(true);
  EXPECT_NE(namespace_inode(first.path()), namespace_inode(second.path()));
}

}  // namespace
}  // namespace judge
