// Shared by the libFuzzer targets of this folder (README.md):
//   - failing an input with a readable reason (FUZZ_CHECK),
//   - the promises every verdict keeps (check_finish),
//   - a strict tokenizer and integer parser written apart from interactor::Line, so a
//     target can hold the library to an independent reading of the same rules,
//   - one game played in-process against a prepared contestant output (play_game), and
//     the checks every game must pass whatever the problem (check_game).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "interactor.hpp"

namespace interactor_fuzz {

// Prints the broken invariant and aborts: libFuzzer reports a crash and keeps the input.
[[noreturn]] void fail(std::string_view invariant, std::string_view detail);

// The detail is only formatted when the check fails (it runs millions of times).
#define FUZZ_CHECK(condition, ...)                                                  \
  do {                                                                              \
    if (!(condition)) ::interactor_fuzz::fail(#condition, fmt::format(__VA_ARGS__)); \
  } while (false)

// A verdict message is one line for a terminal and for result.json; quote() keeps
// every quoted piece of untrusted text to about 72 characters, so the whole message
// stays far below this.
inline constexpr std::size_t kMaxMessageBytes = 600;

// Every Finish: a non-empty message of printable ASCII (no control byte, nothing above
// 0x7e: quote() escapes those) of at most kMaxMessageBytes.
void check_finish(const interactor::Finish& finish);

// The outcome as a word, for failure details.
std::string describe(const interactor::Finish& finish);

// ---- reference reading (independent of interactor::Line)

// `text` cut at every ' ', empty tokens kept: "a  b" -> {"a", "", "b"}, "" -> {""}.
std::vector<std::string_view> split_spaces(std::string_view text);
// True when the line is tokens separated by single spaces: no empty token.
bool well_spaced(const std::vector<std::string_view>& tokens);
// A strict decimal (the library's rules: optional '-', no '+', no leading zeros, no
// "-0", 64 bits), decided by std::from_chars and printing the value back.
std::optional<std::int64_t> canonical_int(std::string_view token);
std::optional<std::uint64_t> canonical_uint(std::string_view token);
// canonical_int within [min, max].
std::optional<std::int64_t> canonical_in(std::string_view token, std::int64_t min, std::int64_t max);

// The contestant's output cut as the library must cut it: the complete lines (without
// '\n'), and the rest after the last '\n' if it is not empty.
struct OutputLines {
  std::vector<std::string_view> complete;
  std::optional<std::string_view> unterminated;
};
OutputLines split_output(std::string_view output);

// ---- games

// A game target's input: byte 0 picks one of the target's fixed tests (modulo their
// number), the rest is the contestant's output.
struct GameInput {
  std::string test_text;
  std::string_view output;  // points into the fuzzer's data
  // The picked test as a file of the problem's test format, named kTestFileName.
  interactor::TestFile test_file() const;
};
GameInput split_game_input(const std::uint8_t* data, std::size_t size, std::span<const std::string_view> tests);

struct PlayedGame {
  interactor::Finish finish;
  std::vector<std::string> received;  // the transcript's '>' lines: what the game read
  std::vector<std::string> sent;      // the transcript's '<' lines: what the game sent
  nlohmann::json facts;               // result.json's problem-specific keys
  std::int64_t queries = 0;
  std::optional<std::int64_t> query_limit;
  std::uint64_t bytes_consumed = 0;   // bytes of the output taken from the descriptor
};

// Plays `body` (what an interactor's main passes to interactor::run) with `output` as
// the contestant's whole output: a memfd read through the library's own descriptor
// path, the replies going to /dev/null and recorded by the in-memory transcript (never
// written to disk). The body ends as interactor::run_body makes it end: a verdict, or a
// judge error for an exception or a missing verdict.
PlayedGame play_game(std::string_view output, const std::function<void(interactor::Session&)>& body);

// What any game promises, given the contestant's output and the game's line limit:
//   - never a judge error: the test is valid, so nothing a contestant writes is JE;
//   - the messages keep check_finish;
//   - the game read the output's lines in order and unchanged, none longer than the
//     limit; it stopped at the line of its verdict;
//   - contestant_eof exactly when the output ran out: WA when it ended after a '\n', PE
//     for an unterminated last line; a line over the limit is PE at once;
//   - queries stay within the limit, except a QLE, which is exactly the limit + 1.
void check_game(const PlayedGame& game, std::string_view output, std::size_t max_line_bytes);

// True when the game ended on a line longer than `max_line_bytes` (PE at once; that
// line is not in `received`).
bool rejected_overlong_line(const PlayedGame& game, std::size_t max_line_bytes);

// The number of received lines that got a reply, if every reply is sent right after
// its query: sent[0] is the opening line (n), sent[k] answers received[k - 1].
std::size_t answered_lines(const PlayedGame& game);

}  // namespace interactor_fuzz
