// LineReader: splits the bytes of a file descriptor into '\n'-terminated lines with
// read(2) into one buffer (no iostreams, one syscall per available chunk).
//
// Memory is bounded by the maximum line length: a line that grows past
// max_line_bytes is reported as too_long as soon as that many bytes have arrived
// without a '\n', and nothing more is read, so a 2 GB line costs at most about
// max_line_bytes of memory. It knows nothing of verdicts; the Session decides those.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string_view>
#include <sys/types.h>
#include <vector>

namespace interactor {

inline constexpr std::size_t kDefaultMaxLineBytes = std::size_t{1} << 20;  // 1 MiB

class LineReader {
 public:
  enum class Status {
    line,         // `text` is the next line, without its '\n'
    end_of_file,  // the input ended cleanly, after a '\n' (or was empty)
    unterminated, // the input ended in the middle of a line: `text` is that partial line
    too_long,     // the current line is longer than max_line_bytes
  };
  struct Result {
    Status status;
    std::string_view text;  // valid until the next call to next()
  };

  // Where the bytes come from: like read(2), it fills at most `size` bytes of `buffer`
  // and returns how many (0 at the end of the input) or -errno. The descriptor
  // constructor reads with read(2); the fuzz targets (interactors/fuzz/) pass their own
  // to decide how the input is cut into chunks, which a pipe or a file cannot.
  using ReadFunction = std::function<ssize_t(char* buffer, std::size_t size)>;

  explicit LineReader(int fd, std::size_t max_line_bytes = kDefaultMaxLineBytes);
  explicit LineReader(ReadFunction read, std::size_t max_line_bytes = kDefaultMaxLineBytes);

  // Throws std::system_error if read(2) fails.
  Result next();

  void set_max_line_bytes(std::size_t max_line_bytes) { max_line_bytes_ = max_line_bytes; }
  std::size_t max_line_bytes() const { return max_line_bytes_; }
  // Number of the line last returned (or being read when the status is not `line`).
  std::int64_t line_number() const { return line_number_; }
  // Total bytes taken from the descriptor so far.
  std::uint64_t bytes_read() const { return bytes_read_; }
  // Bytes of buffer currently allocated.
  std::size_t buffer_capacity() const { return buffer_.size(); }

 private:
  ReadFunction read_;
  std::size_t max_line_bytes_;
  std::vector<char> buffer_;
  std::size_t begin_ = 0;    // first byte of the current line
  std::size_t scanned_ = 0;  // bytes before this index hold no '\n' of the current line
  std::size_t end_ = 0;      // end of the bytes read
  std::int64_t line_number_ = 0;
  std::uint64_t bytes_read_ = 0;
  bool at_eof_ = false;
};

}  // namespace interactor
