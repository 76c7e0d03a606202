#include "fuzz_support.hpp"

#include "test_file_checks.hpp"  // kTestFileName

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

namespace interactor_fuzz {
namespace {

using interactor::Finish;
using interactor::Outcome;
using interactor::Verdict;

// The descriptors of play_game(), made once per process: a memfd that holds the
// contestant's output of the current input, and /dev/null for the replies (the
// transcript records them).
struct GameDescriptors {
  int output_fd = -1;
  int replies_fd = -1;
};

const GameDescriptors& game_descriptors() {
  static const GameDescriptors descriptors = [] {
    GameDescriptors made;
    made.output_fd = ::memfd_create("contestant-output", MFD_CLOEXEC);
    made.replies_fd = ::open("/dev/null", O_WRONLY | O_CLOEXEC);
    if (made.output_fd < 0 || made.replies_fd < 0) fail("the game's descriptors", std::strerror(errno));
    return made;
  }();
  return descriptors;
}

// Replaces the memfd's contents by `bytes` and rewinds it.
void refill(int fd, std::string_view bytes) {
  if (::ftruncate(fd, 0) != 0) fail("ftruncate the memfd", std::strerror(errno));
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t count = ::pwrite(fd, bytes.data() + done, bytes.size() - done, static_cast<off_t>(done));
    if (count <= 0) fail("write the memfd", std::strerror(errno));
    done += static_cast<std::size_t>(count);
  }
  if (::lseek(fd, 0, SEEK_SET) != 0) fail("rewind the memfd", std::strerror(errno));
}

// Never written (run() is what flushes a transcript, and play_game does not call it);
// the transcript only has to be enabled so that it records. Generous: a game of a
// fuzz input sends and receives a few hundred KB at most.
constexpr std::string_view kUnwrittenTranscript = "/dev/null/unwritten-transcript";
constexpr std::size_t kTranscriptLimitBytes = std::size_t{256} << 20;

}  // namespace

void fail(std::string_view invariant, std::string_view detail) {
  std::fprintf(stderr, "\n==== fuzz invariant broken: %.*s\n==== %.*s\n", static_cast<int>(invariant.size()),
               invariant.data(), static_cast<int>(detail.size()), detail.data());
  std::fflush(stderr);
  std::abort();
}

std::string describe(const Finish& finish) {
  std::string outcome;
  switch (finish.outcome) {
    case Outcome::accept: outcome = "accept"; break;
    case Outcome::reject: outcome = fmt::format("reject {}", interactor::verdict_name(finish.verdict)); break;
    case Outcome::judge_error: outcome = "judge error"; break;
  }
  return fmt::format("{}{}: {}", outcome, finish.contestant_eof ? " (contestant_eof)" : "",
                     interactor::quote(finish.message, 0, 400));
}

void check_finish(const Finish& finish) {
  FUZZ_CHECK(!finish.message.empty(), "a verdict without a message: {}", describe(finish));
  FUZZ_CHECK(finish.message.size() <= kMaxMessageBytes, "a message of {} bytes: {}", finish.message.size(),
             describe(finish));
  for (const char c : finish.message) {
    FUZZ_CHECK(c >= 0x20 && c < 0x7f, "byte 0x{:02x} in a message: {}", static_cast<unsigned char>(c),
               describe(finish));
  }
  if (finish.outcome == Outcome::accept) {
    FUZZ_CHECK(finish.verdict == Verdict::AC && !finish.contestant_eof, "an odd accept: {}", describe(finish));
  }
  if (finish.outcome == Outcome::reject) FUZZ_CHECK(finish.verdict != Verdict::AC, "{}", describe(finish));
  if (finish.outcome == Outcome::judge_error) FUZZ_CHECK(!finish.contestant_eof, "{}", describe(finish));
}

std::vector<std::string_view> split_spaces(std::string_view text) {
  std::vector<std::string_view> tokens;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t space = text.find(' ', begin);
    if (space == std::string_view::npos) {
      tokens.push_back(text.substr(begin));
      return tokens;
    }
    tokens.push_back(text.substr(begin, space - begin));
    begin = space + 1;
  }
}

bool well_spaced(const std::vector<std::string_view>& tokens) {
  for (std::string_view token : tokens) {
    if (token.empty()) return false;
  }
  return true;
}

std::optional<std::int64_t> canonical_int(std::string_view token) {
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc{} || end != token.data() + token.size()) return std::nullopt;
  if (std::to_string(value) != token) return std::nullopt;  // "+1", "007", "-0"
  return value;
}

std::optional<std::uint64_t> canonical_uint(std::string_view token) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(token.data(), token.data() + token.size(), value);
  if (error != std::errc{} || end != token.data() + token.size()) return std::nullopt;
  if (std::to_string(value) != token) return std::nullopt;
  return value;
}

std::optional<std::int64_t> canonical_in(std::string_view token, std::int64_t min, std::int64_t max) {
  const std::optional<std::int64_t> value = canonical_int(token);
  if (!value || *value < min || *value > max) return std::nullopt;
  return value;
}

OutputLines split_output(std::string_view output) {
  OutputLines lines;
  std::size_t begin = 0;
  for (;;) {
    const std::size_t newline = output.find('\n', begin);
    if (newline == std::string_view::npos) break;
    lines.complete.push_back(output.substr(begin, newline - begin));
    begin = newline + 1;
  }
  if (begin < output.size()) lines.unterminated = output.substr(begin);
  return lines;
}

GameInput split_game_input(const std::uint8_t* data, std::size_t size, std::span<const std::string_view> tests) {
  return {std::string(tests[data[0] % tests.size()]),
          std::string_view(reinterpret_cast<const char*>(data) + 1, size - 1)};
}

interactor::TestFile GameInput::test_file() const {
  return interactor::TestFile::from_text(std::string(kTestFileName), test_text);
}

PlayedGame play_game(std::string_view output, const std::function<void(interactor::Session&)>& body) {
  const GameDescriptors& descriptors = game_descriptors();
  refill(descriptors.output_fd, output);
  interactor::Session session(interactor::SessionOptions{
      "/dev/null", "/dev/null", descriptors.output_fd, descriptors.replies_fd,
      interactor::Transcript(std::string(kUnwrittenTranscript), kTranscriptLimitBytes)});

  PlayedGame game;
  game.finish = interactor::run_body(session, body);
  game.queries = session.queries();
  game.query_limit = session.query_limit();
  game.facts = session.feedback(Finish{}).facts;
  const off_t position = ::lseek(descriptors.output_fd, 0, SEEK_CUR);
  FUZZ_CHECK(position >= 0, "lseek: {}", std::strerror(errno));
  game.bytes_consumed = static_cast<std::uint64_t>(position);

  const std::string& transcript = session.transcript().contents();
  std::size_t begin = 0;
  while (begin < transcript.size()) {
    const std::size_t newline = transcript.find('\n', begin);
    FUZZ_CHECK(newline != std::string::npos, "the transcript's last line has no '\\n'");
    const std::string_view entry = std::string_view(transcript).substr(begin, newline - begin);
    FUZZ_CHECK(entry != interactor::kTranscriptTruncated, "the transcript was truncated");
    FUZZ_CHECK(!entry.empty() && (entry[0] == '<' || entry[0] == '>'), "transcript line {}",
               interactor::quote(entry));
    (entry[0] == '<' ? game.sent : game.received).emplace_back(entry.substr(1));
    begin = newline + 1;
  }
  return game;
}

void check_game(const PlayedGame& game, std::string_view output, std::size_t max_line_bytes) {
  const Finish& finish = game.finish;
  FUZZ_CHECK(finish.outcome != Outcome::judge_error, "the contestant's output caused a judge error: {}",
             describe(finish));
  check_finish(finish);

  const OutputLines lines = split_output(output);
  const std::size_t read = game.received.size();
  for (std::size_t i = 0; i < read; ++i) {
    const std::string_view expected = i < lines.complete.size() ? lines.complete[i]
                                      : i == lines.complete.size() && lines.unterminated ? *lines.unterminated
                                                                                          : std::string_view();
    FUZZ_CHECK(i <= lines.complete.size() && game.received[i] == expected,
               "received line {} is {}, the output's line is {}", i + 1, interactor::quote(game.received[i]),
               interactor::quote(expected));
    FUZZ_CHECK(game.received[i].size() <= max_line_bytes, "line {} of {} bytes was read (limit {})", i + 1,
               game.received[i].size(), max_line_bytes);
  }
  const bool read_unterminated = read > lines.complete.size();

  if (finish.contestant_eof) {
    FUZZ_CHECK(finish.outcome == Outcome::reject, "{}", describe(finish));
    FUZZ_CHECK(game.bytes_consumed == output.size(), "contestant_eof after {} of {} bytes: {}",
               game.bytes_consumed, output.size(), describe(finish));
    if (finish.verdict == Verdict::WA) {
      FUZZ_CHECK(read == lines.complete.size() && !lines.unterminated,
                 "WA for an ended output, but {} of {} lines read (unterminated rest: {}): {}", read,
                 lines.complete.size(), lines.unterminated.has_value(), describe(finish));
    } else {
      FUZZ_CHECK(finish.verdict == Verdict::PE && read_unterminated,
                 "contestant_eof without an ended output: {}", describe(finish));
    }
  } else {
    FUZZ_CHECK(!read_unterminated, "the unterminated last line was read, yet no contestant_eof: {}",
               describe(finish));
  }

  // A line over the limit: PE at once, naming the line; and only then.
  const bool next_exists = read < lines.complete.size() || (read == lines.complete.size() && lines.unterminated);
  const std::size_t next_size = !next_exists                   ? 0
                                : read < lines.complete.size() ? lines.complete[read].size()
                                                               : lines.unterminated->size();
  if (rejected_overlong_line(game, max_line_bytes)) {
    FUZZ_CHECK(finish.outcome == Outcome::reject && finish.verdict == Verdict::PE && !finish.contestant_eof,
               "{}", describe(finish));
    FUZZ_CHECK(next_exists && next_size > max_line_bytes, "'{}' but the next line has {} bytes", finish.message,
               next_size);
  }

  if (finish.outcome == Outcome::reject && finish.verdict == Verdict::QLE) {
    FUZZ_CHECK(game.query_limit && game.queries == *game.query_limit + 1, "QLE after {} queries: {}",
               game.queries, describe(finish));
  } else if (game.query_limit) {
    FUZZ_CHECK(game.queries <= *game.query_limit, "{} queries, limit {}: {}", game.queries, *game.query_limit,
               describe(finish));
  }
}

bool rejected_overlong_line(const PlayedGame& game, std::size_t max_line_bytes) {
  return game.finish.outcome == Outcome::reject && game.finish.verdict == Verdict::PE &&
         game.finish.message ==
             fmt::format("line {} is longer than {} bytes", game.received.size() + 1, max_line_bytes);
}

std::size_t answered_lines(const PlayedGame& game) {
  FUZZ_CHECK(!game.sent.empty(), "the game sent nothing: {}", describe(game.finish));
  return game.sent.size() - 1;
}

}  // namespace interactor_fuzz
