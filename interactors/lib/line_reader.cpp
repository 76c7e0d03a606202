#include "line_reader.hpp"

#include <algorithm>
#include <cstring>
#include <system_error>
#include <utility>

#include "posix_io.hpp"

namespace interactor {
namespace {
constexpr std::size_t kChunkBytes = 64 * 1024;
}

LineReader::LineReader(int fd, std::size_t max_line_bytes)
    : LineReader([fd](char* buffer, std::size_t size) { return read_some(fd, buffer, size); }, max_line_bytes) {}

LineReader::LineReader(ReadFunction read, std::size_t max_line_bytes)
    : read_(std::move(read)), max_line_bytes_(max_line_bytes), buffer_(kChunkBytes) {}

LineReader::Result LineReader::next() {
  ++line_number_;
  scanned_ = std::max(scanned_, begin_);
  for (;;) {
    const char* found = static_cast<const char*>(
        std::memchr(buffer_.data() + scanned_, '\n', end_ - scanned_));
    const std::size_t length = (found ? static_cast<std::size_t>(found - buffer_.data()) : end_) - begin_;
    if (length > max_line_bytes_) return {Status::too_long, {}};
    if (found) {
      const std::string_view text(buffer_.data() + begin_, length);
      begin_ += length + 1;
      return {Status::line, text};
    }
    scanned_ = end_;
    if (at_eof_) {
      const std::string_view text(buffer_.data() + begin_, length);
      begin_ = end_;
      return {length == 0 ? Status::end_of_file : Status::unterminated, text};
    }
    // Make room: drop consumed lines, then grow, but never beyond what is needed to
    // see one byte past the longest allowed line.
    if (begin_ > 0) {
      std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
      end_ -= begin_;
      scanned_ -= begin_;
      begin_ = 0;
    }
    if (end_ == buffer_.size()) {
      buffer_.resize(std::max(buffer_.size() + 1, std::min(buffer_.size() * 2, max_line_bytes_ + 1)));
    }
    const ssize_t count = read_(buffer_.data() + end_, buffer_.size() - end_);
    if (count < 0) {
      throw std::system_error(static_cast<int>(-count), std::generic_category(),
                              "cannot read the contestant's output");
    }
    if (count == 0) at_eof_ = true;
    end_ += static_cast<std::size_t>(count);
    bytes_read_ += static_cast<std::uint64_t>(count);
  }
}

}  // namespace interactor
