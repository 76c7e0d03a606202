// The box's filter of the calls that would be channels between boxes
// (channel_filter.hpp), in a forked child: locks and watches are refused with the
// errno the header names, and everything else about a file still works.
#include "channel_filter.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/inotify.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <string>

#include <gtest/gtest.h>

namespace judge_box {
namespace {

// Runs `check` in a child under the filter; its exit code is the first failed
// check's number (0: all held).
int under_filter(int (*check)()) {
  const pid_t child = ::fork();
  if (child == 0) {
    if (!install_channel_filter(channel_filter()).empty()) ::_exit(100);
    ::_exit(check());
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 200;
}

int locks_are_refused() {
  const int fd = ::open("/usr/bin/env", O_RDONLY | O_CLOEXEC);  // a file every box shares
  if (fd < 0) return 1;
  if (::flock(fd, LOCK_SH | LOCK_NB) != -1 || errno != ENOLCK) return 2;
  struct flock lock {};
  lock.l_type = F_RDLCK;
  lock.l_whence = SEEK_SET;
  for (const int command : {F_SETLK, F_SETLKW, F_GETLK, F_OFD_SETLK, F_OFD_GETLK})
    if (::fcntl(fd, command, &lock) != -1 || errno != ENOLCK) return 3;
  if (::fcntl(fd, F_SETLEASE, F_RDLCK) != -1 || errno != EPERM) return 4;
  // What a program needs of fcntl still works.
  if (::fcntl(fd, F_GETFL) < 0 || ::fcntl(fd, F_SETFD, FD_CLOEXEC) != 0) return 5;
  const int copy = ::fcntl(fd, F_DUPFD_CLOEXEC, 10);
  if (copy < 10) return 6;
  char byte = 0;
  if (::read(copy, &byte, 1) != 1) return 7;
  return 0;
}

int watches_are_refused() {
  if (::inotify_init1(IN_CLOEXEC) != -1 || errno != ENOSYS) return 1;
  const int dir = ::open("/tmp", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (dir < 0) return 2;
  if (::fcntl(dir, F_NOTIFY, DN_ACCESS) != -1 || errno != EPERM) return 3;
  return 0;
}

TEST(ChannelFilter, LocksOnASharedFileAreRefusedAndTheRestOfFcntlWorks) {
  EXPECT_EQ(under_filter(locks_are_refused), 0);
}

TEST(ChannelFilter, InotifyAndDirectoryNotificationsAreRefused) { EXPECT_EQ(under_filter(watches_are_refused), 0); }

// Without the filter the same calls succeed: the checks above can fail.
TEST(ChannelFilter, WithoutItTheSameCallsSucceed) {
  const int fd = ::open("/usr/bin/env", O_RDONLY | O_CLOEXEC);
  ASSERT_GE(fd, 0);
  EXPECT_EQ(::flock(fd, LOCK_SH | LOCK_NB), 0);
  ::close(fd);
  const int watch = ::inotify_init1(IN_CLOEXEC);
  EXPECT_GE(watch, 0);
  ::close(watch);
}

}  // namespace
}  // namespace judge_box
