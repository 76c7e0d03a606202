// Fuzz target `line_reader`: interactor::LineReader against a model of what it must
// return, with the input cut into chunks of the fuzzer's choosing and lines of up to
// megabytes built from a few bytes.
//
// Input:
//   byte 0      max_line_bytes, from kMaxLineBytes (tiny limits, the 64 KiB buffer's
//               edges, the default 1 MiB)
//   byte 1      bits 0-1: chunk sizes (0: as much as asked, like a file; 1: 1..7 bytes;
//               2: 1..4096; 3: 1..200000), bit 2: the input ends with a read error
//               instead of the end of file, bits 3-7: seed of the chunk sizes
//   the rest    the input program: 0xFE 0x00 is a literal 0xFE; 0xFE B H L is byte B
//               repeated 32 * (H * 256 + L) + 1 times (enormous lines from 4 bytes);
//               any other byte is itself. At most kMaxStreamBytes are made.
//
// Model: for the line starting at offset b, let e be the next '\n' at or after b (or
// the end of the input) and length = e - b. Then: length > max_line_bytes: too_long
// (whether or not a '\n' follows); a '\n' at e: line; else end_of_file if length is 0,
// unterminated otherwise, and end_of_file on every later call. With a read error at the
// end, those last two become a std::system_error.
//
// Checked on every call: status, text, line number; bytes taken never past the input,
// past the end of a returned line's '\n' at least, and never more than one buffer
// beyond the current line's start (nothing is read ahead without bound); the buffer
// never grows past max(its initial size, max_line_bytes + 1).
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <system_error>

#include "fuzz_support.hpp"
#include "line_reader.hpp"

namespace {

using interactor::LineReader;
using Status = LineReader::Status;

constexpr std::array<std::size_t, 13> kMaxLineBytes = {
    0, 1, 2, 3, 5, 8, 100, 4095, 65535, 65536, 65537, 100000, interactor::kDefaultMaxLineBytes};
constexpr std::size_t kMaxStreamBytes = std::size_t{3} << 20;
constexpr unsigned char kEscape = 0xFE;
constexpr std::int64_t kMaxCalls = 5000;

std::string decode_stream(const std::uint8_t* data, std::size_t size) {
  std::string stream;
  for (std::size_t i = 0; i < size && stream.size() < kMaxStreamBytes; ++i) {
    if (data[i] != kEscape) {
      stream += static_cast<char>(data[i]);
    } else if (i + 1 < size && data[i + 1] == 0) {
      stream += static_cast<char>(kEscape);
      i += 1;
    } else if (i + 3 < size) {
      const std::size_t count = 32 * (std::size_t{data[i + 2]} * 256 + data[i + 3]) + 1;
      stream.append(std::min(count, kMaxStreamBytes - stream.size()), static_cast<char>(data[i + 1]));
      i += 3;
    } else {
      stream += static_cast<char>(data[i]);
    }
  }
  return stream;
}

// Chunk sizes: a splitmix64 sequence from the seed, so the same input cuts the same way.
class Chunks {
 public:
  Chunks(unsigned mode, std::uint64_t seed) : mode_(mode), state_(seed) {}
  std::size_t next(std::size_t asked) {
    // Small chunks only for the first reads: a megabyte line cut into 4-byte pieces
    // would cost a million calls and teach nothing the first thousands did not.
    if (++reads_ > kSmallChunkReads) return asked;
    switch (mode_) {
      case 1: return std::min<std::size_t>(asked, 1 + draw() % 7);
      case 2: return std::min<std::size_t>(asked, 1 + draw() % 4096);
      case 3: return std::min<std::size_t>(asked, 1 + draw() % 200000);
      default: return asked;
    }
  }

 private:
  std::uint64_t draw() {
    std::uint64_t z = (state_ += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  }
  static constexpr int kSmallChunkReads = 4096;
  unsigned mode_;
  std::uint64_t state_;
  int reads_ = 0;
};

struct Expected {
  Status status;
  std::string_view text;
  std::size_t next_begin;  // where the following line starts
};

Expected model(std::string_view stream, std::size_t begin, std::size_t max_line_bytes) {
  const std::size_t newline = stream.find('\n', begin);
  const std::size_t end = newline == std::string_view::npos ? stream.size() : newline;
  const std::size_t length = end - begin;
  if (length > max_line_bytes) return {Status::too_long, {}, begin};
  if (newline != std::string_view::npos) return {Status::line, stream.substr(begin, length), newline + 1};
  return {length == 0 ? Status::end_of_file : Status::unterminated, stream.substr(begin), stream.size()};
}

const char* status_name(Status status) {
  switch (status) {
    case Status::line: return "line";
    case Status::end_of_file: return "end_of_file";
    case Status::unterminated: return "unterminated";
    case Status::too_long: return "too_long";
  }
  return "?";
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 2) return 0;
  const std::size_t max_line_bytes = kMaxLineBytes[data[0] % kMaxLineBytes.size()];
  const unsigned chunk_mode = data[1] & 3u;
  const bool ends_with_error = (data[1] & 4u) != 0;
  const std::string stream = decode_stream(data + 2, size - 2);

  Chunks chunks(chunk_mode, data[1] >> 3);
  std::size_t offset = 0;
  std::uint64_t reads_after_end = 0;
  LineReader reader(
      [&](char* buffer, std::size_t asked) -> ssize_t {
        FUZZ_CHECK(asked > 0, "a read of 0 bytes");
        if (offset == stream.size()) {
          ++reads_after_end;
          if (ends_with_error) return -EIO;
          return 0;
        }
        const std::size_t count = std::min(chunks.next(asked), stream.size() - offset);
        std::memcpy(buffer, stream.data() + offset, count);
        offset += count;
        return static_cast<ssize_t>(count);
      },
      max_line_bytes);
  const std::size_t initial_capacity = reader.buffer_capacity();
  const std::size_t capacity_bound = std::max(initial_capacity, max_line_bytes + 1);

  std::size_t begin = 0;
  bool ended = false;  // end_of_file or unterminated returned: every later call is end_of_file
  // Enough lines for every path; a stream of a million empty lines would only be slow.
  for (std::int64_t call = 1; call <= kMaxCalls; ++call) {
    const Expected expected = ended ? Expected{Status::end_of_file, {}, begin} : model(stream, begin, max_line_bytes);
    const bool expect_error =
        ends_with_error && (expected.status == Status::end_of_file || expected.status == Status::unterminated);
    LineReader::Result result{Status::end_of_file, {}};
    try {
      result = reader.next();
    } catch (const std::system_error& error) {
      FUZZ_CHECK(expect_error, "call {}: unexpected std::system_error {}", call, error.what());
      FUZZ_CHECK(error.code().value() == EIO, "call {}: error {}", call, error.what());
      return 0;
    }
    FUZZ_CHECK(!expect_error, "call {}: {} instead of the read error", call, status_name(result.status));
    FUZZ_CHECK(result.status == expected.status, "call {} at offset {}: {} instead of {} (limit {})", call, begin,
               status_name(result.status), status_name(expected.status), max_line_bytes);
    FUZZ_CHECK(reader.line_number() == call, "line number {} on call {}", reader.line_number(), call);
    if (result.status == Status::line || result.status == Status::unterminated) {
      FUZZ_CHECK(result.text == expected.text, "call {}: text {} instead of {}", call,
                 interactor::quote(result.text), interactor::quote(expected.text));
    }
    FUZZ_CHECK(reader.bytes_read() == offset, "bytes_read {} but {} bytes were given", reader.bytes_read(), offset);
    FUZZ_CHECK(reader.buffer_capacity() <= capacity_bound, "buffer of {} bytes for lines of at most {}",
               reader.buffer_capacity(), max_line_bytes);
    FUZZ_CHECK(offset <= begin + reader.buffer_capacity(), "read {} bytes ahead of the line at {}", offset - begin,
               begin);
    if (result.status == Status::line) {
      FUZZ_CHECK(offset >= expected.next_begin, "a line returned before its '\\n' was read");
    }
    if (result.status == Status::too_long) return 0;  // the session rejects here: no later call
    if (result.status != Status::line) {
      FUZZ_CHECK(offset == stream.size(), "the end reported after {} of {} bytes", offset, stream.size());
      if (ended) {
        // Once the source has said "end", it is not asked again (a pipe would answer
        // the same, but a terminal or a socket need not).
        FUZZ_CHECK(reads_after_end == 1, "{} reads after the end", reads_after_end);
        return 0;
      }
      ended = true;
    }
    begin = expected.next_begin;
  }
  return 0;
}
