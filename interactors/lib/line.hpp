// Line: one line of text (without its '\n') and strict, named reads from it.
//
// Tokens are separated by exactly one space; no leading or trailing space, no tabs, no
// '\r'. Integers are strict decimals: an optional '-', then digits, no '+', no leading
// zeros ("0" itself is fine, "-0" is not), 64-bit overflow detected. Every read names
// what it reads; a failure says the line number, what was expected and quotes what was
// seen, e.g.
//   line 7: expected '? i j' with 1 <= j <= 1000, got '? 3 1001'
//
// Blame is fixed by where the line came from: a contestant line fails as a reject with
// verdict PE (malformed output), a test-file line fails as a judge error.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace interactor {

enum class LineSource { contestant, test_file };

// Why a token is not a valid integer (kept apart so it can be tested on its own).
enum class IntError { none, not_decimal, plus_sign, leading_zero, negative_zero, overflow };

// Strict decimal parse of a whole token; `value` is set only when IntError::none.
IntError parse_int64(std::string_view token, std::int64_t& value);
IntError parse_uint64(std::string_view token, std::uint64_t& value);

// The first token of a contestant's line that is a query or the answer.
enum class Mark { query, answer };

class Line {
 public:
  // `origin` names the file in messages of test-file lines; unused for contestant lines.
  Line(std::string text, std::int64_t number, LineSource source, std::string origin = {});

  std::string_view text() const { return text_; }
  std::int64_t number() const { return number_; }

  // What the whole line should look like, written as messages show it, e.g. "'? i j'"
  // or "'? i j' or '! p_1 ... p_n'": failures then say "expected '? i j' ...".
  // Without a shape they name the item being read.
  void set_shape(std::string shape) { shape_ = std::move(shape); }

  // The next token (valid as long as the Line lives).
  std::string_view read_token(std::string_view name);
  // The next token: '?' (Mark::query) or '!' (Mark::answer); anything else fails
  // ("'x' is neither '?' nor '!'"). Set the shape of both kinds of line first.
  Mark read_mark();
  // The next token must be exactly `literal`.
  void expect(std::string_view literal);
  // The next token as an integer in [min, max].
  std::int64_t read_int(std::int64_t min, std::int64_t max, std::string_view name);
  // The next token as an unsigned 64-bit integer (any value), e.g. a seed.
  std::uint64_t read_uint64(std::string_view name);
  // True when every token has been read.
  bool at_end() const { return pos_ == text_.size(); }
  // Nothing may follow the tokens read so far.
  void expect_end();
  // Fail with a problem-specific reason, quoting the line around the last token read.
  [[noreturn]] void fail(std::string_view detail) const;

 private:
  std::string_view next_token(std::string_view name, std::string_view range);
  [[noreturn]] void fail_at(std::size_t focus, std::string_view name, std::string_view range,
                            std::string_view detail) const;

  std::string text_;
  std::int64_t number_;
  LineSource source_;
  std::string origin_;
  std::string shape_;
  std::size_t pos_ = 0;          // just after the last token read
  std::size_t token_begin_ = 0;  // where the last token read starts
  std::size_t tokens_read_ = 0;
  std::string last_name_;
};

}  // namespace interactor
