#include "base/memory_file.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <string>

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(MemoryFile, HoldsWhatIsWrittenAndGivesItsTail) {
  const UniqueFd file = make_memory_file("test");
  ASSERT_TRUE(file.valid());
  EXPECT_EQ(read_tail(file, 100), "");
  const std::string text = "line 1\nline 2\n";
  ASSERT_EQ(::write(file.get(), text.data(), text.size()), static_cast<ssize_t>(text.size()));
  EXPECT_EQ(read_tail(file, 100), text);
  EXPECT_EQ(read_tail(file, 7), "line 2\n");
  EXPECT_EQ(::fcntl(file.get(), F_GETFD) & FD_CLOEXEC, FD_CLOEXEC);
}

// Issue 28: on a disk file system `fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, 2 GiB)` on a
// stderr file took 2 GiB although RLIMIT_FSIZE was the output limit. A memory file
// checks the limit for it: the writer gets EFBIG (and SIGXFSZ, which kills it: OLE).
// Within the limit it works as on any file.
TEST(MemoryFile, FallocateBeyondTheOutputLimitIsRefusedKeepSizeOrNot) {
  const UniqueFd file = make_memory_file("stderr");
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    ::signal(SIGXFSZ, SIG_IGN);  // to see the error instead of the signal
    const rlimit limit{8 << 20, 8 << 20};
    ::setrlimit(RLIMIT_FSIZE, &limit);
    const bool beyond_refused = ::fallocate(file.get(), FALLOC_FL_KEEP_SIZE, 0, 512LL << 20) != 0 && errno == EFBIG;
    const bool within_works = ::fallocate(file.get(), FALLOC_FL_KEEP_SIZE, 0, 1 << 20) == 0;
    ::_exit(beyond_refused && within_works ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  struct stat st {};
  ASSERT_EQ(::fstat(file.get(), &st), 0);
  EXPECT_EQ(st.st_size, 0);
  EXPECT_LE(st.st_blocks * 512, 1 << 20);  // only the reservation within the limit
}

}  // namespace
}  // namespace judge
