// Fuzz target `line`: the named, range-checked reads of interactor::Line, the strict
// integer parsers, TestFile's lines and quote(), each held to an independent model.
//
// Input (FuzzedDataProvider: the choices come from the end of the input, the text is
// what remains at its front):
//   mode 0  Line reads: a source (contestant or test file), a line number, up to 12
//           operations (read_token, expect, read_int with edge or arbitrary bounds,
//           read_uint64, expect_end, at_end, fail, set_shape), then the line's text.
//           Model: the text cut at every ' '; the t-th read succeeds when token t exists
//           and is not empty (so a leading, trailing or doubled space, or an empty line,
//           fails); an integer must be canonical (std::from_chars, printed back equal).
//           A success returns exactly the model's token or value, within the bounds; a
//           failure is PE for a contestant line and a judge error for a test-file line,
//           naming the line, one printable line of text (check_finish).
//   mode 1  TestFile: up to 12 of read_line, at_eof, expect_eof over the text. Model:
//           lines end with '\n'; a missing line or a last line without '\n' is a judge
//           error "test file NAME: ...".
//   mode 2  quote(text, focus, max_chars): printable, in single quotes; the whole text
//           escaped when it fits in max_chars, else "..." + a window that holds the
//           focus, at most max_chars wide, + "..." on each cut side; unescaped, the
//           window is the text there.
#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fuzzer/FuzzedDataProvider.h>

#include "fuzz_support.hpp"
#include "interactor.hpp"

namespace {

using interactor::Finish;
using interactor::IntError;
using interactor::Line;
using interactor::LineSource;
using interactor::Outcome;
using interactor::Verdict;
using interactor_fuzz::canonical_int;
using interactor_fuzz::canonical_uint;
using interactor_fuzz::describe;

constexpr std::string_view kOrigin = "fuzz.in";
constexpr int kMaxOperations = 12;

constexpr std::array<std::int64_t, 12> kBounds = {std::numeric_limits<std::int64_t>::min(),
                                                  std::numeric_limits<std::int64_t>::min() + 1,
                                                  -1000000,
                                                  -1,
                                                  0,
                                                  1,
                                                  2,
                                                  9,
                                                  1000,
                                                  10'000'000'000'000'000,
                                                  std::numeric_limits<std::int64_t>::max() - 1,
                                                  std::numeric_limits<std::int64_t>::max()};
constexpr std::array<std::string_view, 4> kLiterals = {"?", "!", "fixed", ""};
constexpr std::array<std::string_view, 3> kShapes = {
    "", "'? i j'", "'? i j' or '! p_1 ... p_n', the answer being a permutation of the bolts 1 .. n"};

// The same checks for every Line failure, whatever the operation.
void check_line_failure(const Finish& finish, LineSource source, std::int64_t number) {
  interactor_fuzz::check_finish(finish);
  if (source == LineSource::contestant) {
    FUZZ_CHECK(finish.outcome == Outcome::reject && finish.verdict == Verdict::PE && !finish.contestant_eof,
               "a malformed contestant line must be PE: {}", describe(finish));
  } else {
    FUZZ_CHECK(finish.outcome == Outcome::judge_error, "a malformed test-file line must be JE: {}",
               describe(finish));
    FUZZ_CHECK(finish.message.starts_with(fmt::format("test file {}: ", kOrigin)), "{}", describe(finish));
  }
  FUZZ_CHECK(finish.message.find(fmt::format("line {}", number)) != std::string::npos, "no line number: {}",
             describe(finish));
}

// The library's parsers against the reference on one token.
void check_parsers(std::string_view token) {
  std::int64_t value = 0;
  const IntError error = interactor::parse_int64(token, value);
  const std::optional<std::int64_t> expected = canonical_int(token);
  FUZZ_CHECK((error == IntError::none) == expected.has_value(), "parse_int64({}) disagrees",
             interactor::quote(token));
  if (expected) FUZZ_CHECK(value == *expected, "parse_int64({}) = {}", interactor::quote(token), value);
  std::uint64_t unsigned_value = 0;
  const IntError unsigned_error = interactor::parse_uint64(token, unsigned_value);
  const std::optional<std::uint64_t> unsigned_expected = canonical_uint(token);
  FUZZ_CHECK((unsigned_error == IntError::none) == unsigned_expected.has_value(), "parse_uint64({}) disagrees",
             interactor::quote(token));
  if (unsigned_expected) {
    FUZZ_CHECK(unsigned_value == *unsigned_expected, "parse_uint64({}) = {}", interactor::quote(token),
               unsigned_value);
  }
}

struct Operation {
  int kind = 0;
  std::int64_t min = 0;
  std::int64_t max = 0;
  std::size_t choice = 0;
};

void fuzz_line(FuzzedDataProvider& provider) {
  const LineSource source = provider.ConsumeBool() ? LineSource::test_file : LineSource::contestant;
  const auto number = provider.ConsumeIntegral<std::int64_t>();
  std::vector<Operation> operations(provider.ConsumeIntegralInRange(0, kMaxOperations));
  for (Operation& operation : operations) {
    operation.kind = provider.ConsumeIntegralInRange(0, 7);
    const bool edge_bounds = provider.ConsumeBool();
    operation.min = edge_bounds ? kBounds[provider.ConsumeIntegralInRange<std::size_t>(0, kBounds.size() - 1)]
                                : provider.ConsumeIntegral<std::int64_t>();
    operation.max = edge_bounds ? kBounds[provider.ConsumeIntegralInRange<std::size_t>(0, kBounds.size() - 1)]
                                : provider.ConsumeIntegral<std::int64_t>();
    operation.choice = provider.ConsumeIntegralInRange<std::size_t>(0, 7);
  }
  const std::string text = provider.ConsumeRemainingBytesAsString();
  check_parsers(text);

  const std::vector<std::string_view> tokens = interactor_fuzz::split_spaces(text);
  Line line(text, number, source, std::string(kOrigin));
  FUZZ_CHECK(line.text() == text && line.number() == number, "the line changed");
  std::size_t read = 0;  // tokens read so far
  const auto model_at_end = [&] { return read == tokens.size() || (read == 0 && text.empty()); };
  const auto next_ok = [&] { return read < tokens.size() && !tokens[read].empty(); };

  for (const Operation& operation : operations) {
    bool expect_success = true;
    try {
      switch (operation.kind) {
        case 0: {
          expect_success = next_ok();
          const std::string_view token = line.read_token("x");
          FUZZ_CHECK(expect_success && token == tokens[read], "read_token gave {}", interactor::quote(token));
          ++read;
          break;
        }
        case 1: {
          // Half the time the literal that is there, so that expect() also succeeds. A
          // literal is the interactor's text, shown unquoted in messages (as names and
          // shapes are): only printable ones, as an interactor's are.
          const bool take_token =
              operation.choice >= kLiterals.size() && next_ok() &&
              std::all_of(tokens[read].begin(), tokens[read].end(), [](char c) { return c >= 0x20 && c < 0x7f; });
          const std::string_view literal = take_token ? tokens[read] : kLiterals[operation.choice % kLiterals.size()];
          expect_success = next_ok() && tokens[read] == literal;
          line.expect(literal);
          FUZZ_CHECK(expect_success, "expect({}) passed on {}", interactor::quote(literal), interactor::quote(text));
          ++read;
          break;
        }
        case 2: {
          std::optional<std::int64_t> value;
          if (next_ok()) {
            check_parsers(tokens[read]);
            value = canonical_int(tokens[read]);
          }
          expect_success = value && *value >= operation.min && *value <= operation.max;
          const std::int64_t got = line.read_int(operation.min, operation.max, "v");
          FUZZ_CHECK(expect_success && got == *value, "read_int({}, {}) = {} on {}", operation.min, operation.max,
                     got, interactor::quote(text));
          ++read;
          break;
        }
        case 3: {
          std::optional<std::uint64_t> value;
          if (next_ok()) value = canonical_uint(tokens[read]);
          expect_success = value.has_value();
          const std::uint64_t got = line.read_uint64("seed");
          FUZZ_CHECK(expect_success && got == *value, "read_uint64 = {} on {}", got, interactor::quote(text));
          ++read;
          break;
        }
        case 4:
          expect_success = model_at_end();
          line.expect_end();
          FUZZ_CHECK(expect_success, "expect_end passed after {} tokens of {}", read, interactor::quote(text));
          break;
        case 5:
          FUZZ_CHECK(line.at_end() == model_at_end(), "at_end() is {} after {} tokens of {}", line.at_end(), read,
                     interactor::quote(text));
          break;
        case 6:
          expect_success = false;
          line.fail("a reason of the problem");
        case 7: line.set_shape(std::string(kShapes[operation.choice % kShapes.size()])); break;
      }
    } catch (const Finish& finish) {
      FUZZ_CHECK(!expect_success, "operation {} failed after {} tokens of {}: {}", operation.kind, read,
                 interactor::quote(text), describe(finish));
      check_line_failure(finish, source, number);
      return;
    }
  }
}

void fuzz_test_file(FuzzedDataProvider& provider) {
  std::vector<int> operations(provider.ConsumeIntegralInRange(0, kMaxOperations));
  for (int& operation : operations) operation = provider.ConsumeIntegralInRange(0, 2);
  const std::string content = provider.ConsumeRemainingBytesAsString();
  interactor::TestFile file = interactor::TestFile::from_text(std::string(kOrigin), content);
  std::size_t position = 0;
  std::int64_t lines = 0;
  for (const int operation : operations) {
    const std::size_t newline = content.find('\n', position);
    bool expect_success = true;
    try {
      switch (operation) {
        case 0: {
          expect_success = newline != std::string::npos;
          Line line = file.read_line("the next line");
          FUZZ_CHECK(expect_success, "read_line passed without a '\\n'");
          ++lines;
          FUZZ_CHECK(line.text() == std::string_view(content).substr(position, newline - position) &&
                         line.number() == lines,
                     "line {}: {}", line.number(), interactor::quote(line.text()));
          position = newline + 1;
          break;
        }
        case 1:
          FUZZ_CHECK(file.at_eof() == (position == content.size()), "at_eof() is {} at {} of {}", file.at_eof(),
                     position, content.size());
          break;
        case 2:
          expect_success = position == content.size();
          file.expect_eof();
          FUZZ_CHECK(expect_success, "expect_eof passed at {} of {}", position, content.size());
          break;
      }
    } catch (const Finish& finish) {
      FUZZ_CHECK(!expect_success, "test file operation {} failed: {}", operation, describe(finish));
      interactor_fuzz::check_finish(finish);
      FUZZ_CHECK(finish.outcome == Outcome::judge_error &&
                     finish.message.starts_with(fmt::format("test file {}: ", kOrigin)),
                 "{}", describe(finish));
      return;
    }
  }
}

std::size_t escaped_width(unsigned char c) {
  if (c >= 0x20 && c < 0x7f) return c == '\\' || c == '\'' ? 2 : 1;
  return c == '\t' || c == '\r' || c == '\n' ? 2 : 4;
}

// The bytes a quoted text stands for; nullopt if it is not a valid escaping.
std::optional<std::string> unescape(std::string_view quoted) {
  std::string bytes;
  for (std::size_t i = 0; i < quoted.size(); ++i) {
    const char c = quoted[i];
    if (c != '\\') {
      if (c == '\'' || c < 0x20 || c >= 0x7f) return std::nullopt;
      bytes += c;
      continue;
    }
    if (++i == quoted.size()) return std::nullopt;
    switch (quoted[i]) {
      case '\\': bytes += '\\'; break;
      case '\'': bytes += '\''; break;
      case 't': bytes += '\t'; break;
      case 'r': bytes += '\r'; break;
      case 'n': bytes += '\n'; break;
      case 'x': {
        if (i + 2 >= quoted.size()) return std::nullopt;
        const std::size_t h = std::string_view("0123456789abcdef").find(quoted[i + 1]);
        const std::size_t l = std::string_view("0123456789abcdef").find(quoted[i + 2]);
        if (h == std::string_view::npos || l == std::string_view::npos) return std::nullopt;
        const auto byte = static_cast<unsigned char>(h * 16 + l);
        // \xHH only for what has no shorter form.
        if (escaped_width(byte) != 4) return std::nullopt;
        bytes += static_cast<char>(byte);
        i += 2;
        break;
      }
      default: return std::nullopt;
    }
  }
  return bytes;
}

void fuzz_quote(FuzzedDataProvider& provider) {
  const auto focus_choice = provider.ConsumeIntegral<std::size_t>();
  const auto max_chars = provider.ConsumeIntegralInRange<std::size_t>(0, 200);
  const std::string text = provider.ConsumeRemainingBytesAsString();
  // Mostly inside the text, sometimes past it (quote() clamps).
  const std::size_t focus = focus_choice % (text.size() + 3);
  const std::string quoted = interactor::quote(text, focus, max_chars);
  const auto where = [&] { return fmt::format("quote(<{} bytes>, {}, {}) = {}", text.size(), focus, max_chars, quoted); };
  FUZZ_CHECK(quoted.size() >= 2 && quoted.front() == '\'' && quoted.back() == '\'', "{}", where());
  for (const char c : quoted) FUZZ_CHECK(c >= 0x20 && c < 0x7f, "{}", where());
  const std::string_view inner = std::string_view(quoted).substr(1, quoted.size() - 2);

  std::size_t total_width = 0;
  for (const char c : text) total_width += escaped_width(static_cast<unsigned char>(c));
  if (total_width <= max_chars) {
    const std::optional<std::string> bytes = unescape(inner);
    FUZZ_CHECK(bytes && *bytes == text, "the whole text fits but is not shown whole: {}", where());
    return;
  }
  // Cut: some choice of markers must leave a window [begin, end) with begin <= focus <=
  // end, a marker exactly on each cut side, and a width of at most max_chars.
  const std::size_t clamped = std::min(focus, text.size());
  for (const bool before : {false, true}) {
    for (const bool after : {false, true}) {
      std::string_view window = inner;
      if (before) {
        if (!window.starts_with("...")) continue;
        window.remove_prefix(3);
      }
      if (after) {
        if (!window.ends_with("...")) continue;
        window.remove_suffix(3);
      }
      const std::optional<std::string> bytes = unescape(window);
      if (!bytes) continue;
      std::size_t width = 0;
      for (const char c : *bytes) width += escaped_width(static_cast<unsigned char>(c));
      if (width > max_chars) continue;
      for (std::size_t begin = text.find(*bytes); begin != std::string::npos; begin = text.find(*bytes, begin + 1)) {
        const std::size_t end = begin + bytes->size();
        if ((begin > 0) == before && (end < text.size()) == after && begin <= clamped && clamped <= end) return;
      }
    }
  }
  interactor_fuzz::fail("a cut quote shows a window of the text around the focus", where());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  FuzzedDataProvider provider(data, size);
  switch (provider.ConsumeIntegralInRange(0, 2)) {
    case 0: fuzz_line(provider); break;
    case 1: fuzz_test_file(provider); break;
    case 2: fuzz_quote(provider); break;
  }
  return 0;
}
