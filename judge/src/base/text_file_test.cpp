#include "base/text_file.hpp"

#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>

namespace judge {
namespace {

namespace fs = std::filesystem;

fs::path temp_file(const std::string& content) {
  const fs::path path = fs::temp_directory_path() / ("text-file-test-" + std::to_string(::getpid()));
  std::ofstream(path, std::ios::binary) << content;
  return path;
}

TEST(TextFile, ReadsAWholeFileWithItsBytes) {
  const fs::path path = temp_file(std::string("a\0b\nc", 5));
  EXPECT_EQ(read_file(path), std::string("a\0b\nc", 5));
  fs::remove(path);
  EXPECT_FALSE(read_file(path).has_value());
}

TEST(TextFile, ReadsOnlyTheTail) {
  const fs::path path = temp_file("0123456789");
  EXPECT_EQ(read_tail(path, 4), "6789");
  EXPECT_EQ(read_tail(path, 100), "0123456789");
  EXPECT_EQ(read_tail(path, 0), "");
  fs::remove(path);
  EXPECT_EQ(read_tail(path, 4), "");
}

TEST(TextFile, ReadsOnlyTheHead) {
  const fs::path path = temp_file("#!/bin/sh\n");
  EXPECT_EQ(read_head(path, 2), "#!");
  EXPECT_EQ(read_head(path, 100), "#!/bin/sh\n");
  fs::remove(path);
  EXPECT_EQ(read_head(path, 4), "");
}

}  // namespace
}  // namespace judge
