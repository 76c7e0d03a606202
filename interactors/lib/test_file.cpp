#include "test_file.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <unistd.h>
#include <utility>

#include <fmt/format.h>

#include "finish.hpp"
#include "posix_io.hpp"
#include "text.hpp"

namespace interactor {

TestFile::TestFile(const std::filesystem::path& path) : name_(path.string()) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw_judge_error(fmt::format("cannot open test file {}: {}", name_, std::strerror(errno)));
  char chunk[64 * 1024];
  for (;;) {
    const ssize_t count = read_some(fd, chunk, sizeof chunk);
    if (count < 0) {
      ::close(fd);
      throw_judge_error(fmt::format("cannot read test file {}: {}", name_, std::strerror(static_cast<int>(-count))));
    }
    if (count == 0) break;
    content_.append(chunk, static_cast<std::size_t>(count));
  }
  ::close(fd);
}

TestFile TestFile::from_text(std::string name, std::string content) {
  TestFile file;
  file.name_ = std::move(name);
  file.content_ = std::move(content);
  return file;
}

Line TestFile::read_line(std::string_view what) {
  if (at_eof()) {
    throw_judge_error(fmt::format("test file {}: ended after {} lines, before {}", name_, line_number_, what));
  }
  ++line_number_;
  const std::size_t newline = content_.find('\n', pos_);
  if (newline == std::string::npos) {
    throw_judge_error(fmt::format("test file {}: line {} ({}) does not end with a newline: {}", name_,
                                  line_number_, what, quote(std::string_view(content_).substr(pos_))));
  }
  std::string text = content_.substr(pos_, newline - pos_);
  pos_ = newline + 1;
  return Line(std::move(text), line_number_, LineSource::test_file, name_);
}

std::int64_t TestFile::read_int_line(IntRange range, std::string_view name) {
  Line line = read_line(name);
  const std::int64_t value = line.read_int(range.min, range.max, name);
  line.expect_end();
  return value;
}

void TestFile::expect_eof() const {
  if (at_eof()) return;
  const std::size_t newline = content_.find('\n', pos_);
  const std::string_view rest =
      std::string_view(content_).substr(pos_, newline == std::string::npos ? std::string::npos : newline - pos_);
  throw_judge_error(fmt::format("test file {}: line {}: expected the end of the file, got {}", name_,
                                line_number_ + 1, quote(rest)));
}

}  // namespace interactor
