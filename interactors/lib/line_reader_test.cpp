#include "line_reader.hpp"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <string>
#include <system_error>
#include <thread>
#include <unistd.h>
#include <vector>

#include <gtest/gtest.h>

#include "posix_io.hpp"
#include "testing_support.hpp"

namespace interactor {
namespace {

using testing_support::Fd;
using testing_support::open_for_reading;
using testing_support::Pipe;
using testing_support::TempDir;
using testing_support::write_text;

using Status = LineReader::Status;

class LineReaderTest : public ::testing::Test {
 protected:
  Fd input_with(std::string_view bytes) {
    write_text(dir_ / "input", bytes);
    return open_for_reading(dir_ / "input");
  }
  TempDir dir_;
};

TEST_F(LineReaderTest, SplitsLines) {
  Fd fd = input_with("? 1 2\n\n! 1 2\n");
  LineReader reader(fd.get());
  auto result = reader.next();
  EXPECT_EQ(result.status, Status::line);
  EXPECT_EQ(result.text, "? 1 2");
  EXPECT_EQ(reader.line_number(), 1);
  result = reader.next();
  EXPECT_EQ(result.status, Status::line);
  EXPECT_EQ(result.text, "");
  result = reader.next();
  EXPECT_EQ(result.text, "! 1 2");
  EXPECT_EQ(reader.line_number(), 3);
  EXPECT_EQ(reader.next().status, Status::end_of_file);
  EXPECT_EQ(reader.next().status, Status::end_of_file);
}

TEST_F(LineReaderTest, EmptyInputIsEndOfFile) {
  Fd fd = input_with("");
  LineReader reader(fd.get());
  EXPECT_EQ(reader.next().status, Status::end_of_file);
  EXPECT_EQ(reader.line_number(), 1);
}

TEST_F(LineReaderTest, LastLineWithoutNewlineIsUnterminated) {
  Fd fd = input_with("? 1 2\n! 1");
  LineReader reader(fd.get());
  EXPECT_EQ(reader.next().text, "? 1 2");
  const auto result = reader.next();
  EXPECT_EQ(result.status, Status::unterminated);
  EXPECT_EQ(result.text, "! 1");
  EXPECT_EQ(reader.line_number(), 2);
}

TEST_F(LineReaderTest, KeepsGarbageBytes) {
  const std::string garbage("\x00\xff\r\t", 4);
  Fd fd = input_with(garbage + "\n");
  LineReader reader(fd.get());
  EXPECT_EQ(reader.next().text, garbage);
}

TEST_F(LineReaderTest, ManyLinesAcrossBufferBoundaries) {
  std::string input;
  std::vector<std::string> lines;
  for (int i = 0; i < 50000; ++i) {
    lines.push_back(std::string(static_cast<std::size_t>(i % 37), 'x') + std::to_string(i));
    input += lines.back() + "\n";
  }
  ASSERT_GT(input.size(), 4u * 64 * 1024);
  Fd fd = input_with(input);
  LineReader reader(fd.get());
  for (const std::string& line : lines) {
    const auto result = reader.next();
    ASSERT_EQ(result.status, Status::line);
    ASSERT_EQ(result.text, line);
  }
  EXPECT_EQ(reader.next().status, Status::end_of_file);
}

TEST_F(LineReaderTest, LineOfExactlyTheMaximumIsFine) {
  const std::size_t max = 100000;
  Fd fd = input_with(std::string(max, 'a') + "\n" + std::string(max + 1, 'b') + "\n");
  LineReader reader(fd.get(), max);
  const auto first = reader.next();
  EXPECT_EQ(first.status, Status::line);
  EXPECT_EQ(first.text.size(), max);
  EXPECT_EQ(reader.next().status, Status::too_long);
  EXPECT_EQ(reader.line_number(), 2);
}

TEST_F(LineReaderTest, LongLineWithoutNewlineAtEndOfFileIsTooLong) {
  Fd fd = input_with(std::string(11, 'a'));
  LineReader reader(fd.get(), 10);
  EXPECT_EQ(reader.next().status, Status::too_long);
}

// A 2 GiB line (a sparse file: no disk used) is rejected after reading about the
// maximum line length, with a buffer of about that size.
TEST_F(LineReaderTest, TwoGigabyteLineUsesBoundedMemory) {
  const auto path = dir_ / "huge";
  {
    Fd out = testing_support::open_for_writing(path);
    ASSERT_EQ(::ftruncate(out.get(), off_t{2} << 30), 0);
  }
  Fd fd = open_for_reading(path);
  const std::size_t max = kDefaultMaxLineBytes;
  LineReader reader(fd.get(), max);
  EXPECT_EQ(reader.next().status, Status::too_long);
  EXPECT_LE(reader.bytes_read(), max + 64 * 1024);
  EXPECT_LE(reader.buffer_capacity(), max + 1);
}

// The same through a pipe, with a writer that would send 64 MiB: the reader stops early
// and the writer sees EPIPE once the reader is gone.
TEST_F(LineReaderTest, EndlessLineThroughAPipeStopsEarly) {
  std::signal(SIGPIPE, SIG_IGN);
  Pipe pipe;
  std::atomic<std::uint64_t> written{0};
  std::thread writer([&] {
    const std::string chunk(64 * 1024, 'z');
    for (int i = 0; i < 1024; ++i) {
      if (write_all(pipe.write_end.get(), chunk) != 0) break;
      written += chunk.size();
    }
    pipe.write_end.reset();
  });
  {
    LineReader reader(pipe.read_end.get(), 1000);
    EXPECT_EQ(reader.next().status, Status::too_long);
    EXPECT_LE(reader.bytes_read(), 64u * 1024);
    pipe.read_end.reset();
  }
  writer.join();
  // What the writer got in: what we read plus what the pipe buffer holds (<= 1 MiB).
  EXPECT_LE(written.load(), std::uint64_t{2} << 20);
}

TEST_F(LineReaderTest, ReadErrorThrows) {
  LineReader reader(-1);
  EXPECT_THROW(reader.next(), std::system_error);
}

// A read function instead of a descriptor (the seam of the fuzz target line_reader):
// here one byte per call, which neither a file nor a pipe would do, across a line that
// is too long and the unterminated end.
TEST(LineReaderFunctionTest, ReadsOneByteAtATime) {
  const std::string input = "? 1 2\nlong line\nend";
  std::size_t offset = 0;
  LineReader reader(
      [&](char* buffer, std::size_t size) -> ssize_t {
        if (offset == input.size() || size == 0) return 0;
        buffer[0] = input[offset++];
        return 1;
      },
      8);
  auto result = reader.next();
  EXPECT_EQ(result.status, Status::line);
  EXPECT_EQ(result.text, "? 1 2");
  EXPECT_EQ(reader.next().status, Status::too_long);
  EXPECT_EQ(reader.bytes_read(), 6u + 9u);  // the 9th byte of "long line" shows it is too long
}

TEST(LineReaderFunctionTest, EndAndErrorOfTheFunction) {
  LineReader ended([](char*, std::size_t) -> ssize_t { return 0; });
  EXPECT_EQ(ended.next().status, Status::end_of_file);
  LineReader failing([](char*, std::size_t) -> ssize_t { return -EIO; });
  try {
    failing.next();
    FAIL() << "no exception";
  } catch (const std::system_error& error) {
    EXPECT_EQ(error.code().value(), EIO);
  }
}

}  // namespace
}  // namespace interactor
