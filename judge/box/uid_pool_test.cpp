// The uids of boxes that run at once (uid_pool.hpp): two leases never share a uid, a
// lease ends with its descriptor, and a slot folder someone else could write is
// refused. Root only (the folder must be root's).
#include "uid_pool.hpp"

#include <linux/keyctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cstdlib>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace judge_box {
namespace {

class UidPoolTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (::geteuid() != 0) GTEST_SKIP() << "the slot folder must be root's: root only";
    char pattern[] = "/tmp/uid-pool-test-XXXXXX";
    ASSERT_NE(::mkdtemp(pattern), nullptr);
    dir_ = pattern;
  }
  void TearDown() override {
    if (!dir_.empty()) std::system(("rm -rf '" + dir_ + "'").c_str());
  }
  std::string dir_;
};

TEST_F(UidPoolTest, BoxesThatRunAtOnceNeverShareAUid) {
  const std::string folder = dir_ + "/uids";
  std::set<uid_t> held;
  std::vector<uid_t> uids;
  std::vector<int> locks;
  for (int box = 0; box < 4; ++box) {
    const UidLease lease = lease_uid(folder, 5000, 4);
    ASSERT_EQ(lease.failure, "") << "box " << box;
    EXPECT_GE(lease.uid, 5000U);
    EXPECT_LT(lease.uid, 5004U);
    EXPECT_TRUE(held.insert(lease.uid).second) << "uid " << lease.uid << " leased twice";
    uids.push_back(lease.uid);
    locks.push_back(lease.lock_fd);
  }
  // All four held: a fifth box gets none, and says why.
  const UidLease none = lease_uid(folder, 5000, 4);
  EXPECT_EQ(none.lock_fd, -1);
  EXPECT_NE(none.failure.find("all 4 uids are held"), std::string::npos) << none.failure;
  // A box that ends gives its uid back.
  ::close(locks[2]);
  const UidLease again = lease_uid(folder, 5000, 4);
  ASSERT_EQ(again.failure, "");
  EXPECT_EQ(again.uid, uids[2]);  // the only one free
  ::close(again.lock_fd);
  for (int fd : {locks[0], locks[1], locks[3]}) ::close(fd);
  struct stat st {};
  ASSERT_EQ(::stat(folder.c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0700U);
}

// A uid that still owns a key (a box that ended, its keys not yet collected) is not
// leased: its next box would see them.
TEST_F(UidPoolTest, AUidThatStillOwnsAKeyIsPassedOver) {
  const uid_t keyed = 5100;
  const long key = ::syscall(SYS_add_key, "user", "uid-pool-test", "x", 1, KEY_SPEC_PROCESS_KEYRING);
  ASSERT_GE(key, 0);
  ASSERT_EQ(::syscall(SYS_keyctl, KEYCTL_CHOWN, key, keyed, -1), 0);
  for (int round = 0; round < 8; ++round) {
    const UidLease lease = lease_uid(dir_ + "/uids", keyed, 2);
    ASSERT_EQ(lease.failure, "");
    EXPECT_EQ(lease.uid, keyed + 1);
    ::close(lease.lock_fd);
  }
  ::syscall(SYS_keyctl, KEYCTL_INVALIDATE, key);
}

TEST_F(UidPoolTest, AFolderOthersMayWriteIsRefused) {
  const std::string folder = dir_ + "/open";
  ASSERT_EQ(::mkdir(folder.c_str(), 0777), 0);
  ASSERT_EQ(::chmod(folder.c_str(), 0777), 0);
  const UidLease lease = lease_uid(folder, 5000, 4);
  EXPECT_EQ(lease.lock_fd, -1);
  EXPECT_NE(lease.failure.find("is not root's alone"), std::string::npos) << lease.failure;
  ASSERT_EQ(::chmod(folder.c_str(), 0700), 0);
  ASSERT_EQ(::chown(folder.c_str(), 65534, 65534), 0);
  EXPECT_NE(lease_uid(folder, 5000, 4).failure.find("owner 65534"), std::string::npos);
}

}  // namespace
}  // namespace judge_box
