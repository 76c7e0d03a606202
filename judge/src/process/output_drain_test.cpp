#include "process/output_drain.hpp"

#include <unistd.h>

#include <string>

#include <gtest/gtest.h>

namespace judge {
namespace {

TEST(OutputDrain, KeepsTheFirstBytesAndCountsTheRest) {
  OutputDrain drain(10);
  const std::string flood(1 << 20, 'x');
  // More than a pipe holds: the reader must keep up while the writer writes.
  for (int i = 0; i < 8; ++i) ASSERT_EQ(::write(drain.write_fd(), flood.data(), flood.size()), ssize_t{1 << 20});
  drain.finish();
  EXPECT_EQ(drain.kept(), std::string(10, 'x'));
  EXPECT_EQ(drain.total_bytes(), 8u << 20);
}

// A writer that keeps its end open (a stray process) does not keep finish() waiting.
TEST(OutputDrain, FinishDoesNotWaitForAWriterThatNeverCloses) {
  OutputDrain drain(100);
  const int stray = ::dup(drain.write_fd());
  ASSERT_EQ(::write(stray, "hello", 5), 5);
  drain.close_write_end();
  drain.finish();
  EXPECT_EQ(drain.kept(), "hello");
  ::close(stray);
}

}  // namespace
}  // namespace judge
