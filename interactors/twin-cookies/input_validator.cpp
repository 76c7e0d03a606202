// Input validator for twin-cookies (ICPC convention): reads one test file (.in) on
// stdin, exits 42 if it is valid, else exits 43 with one line "line L: <what failed>" on
// stderr. Standalone: C++17 and the standard library only.
//
//   g++ -std=c++17 -O2 -Wall -o input_validator input_validator.cpp
//   ./input_validator < testdata/twin-cookies/s2-01-sample.in; echo $?   # 42
//   ./input_validator --subtask 3 < testdata/twin-cookies/s3-02-n25-random.in
//
// The format is the one the interactor reads (test_format.cpp, limits.hpp), token for
// token:
//   line 1   n                 1 <= n <= 5000
//   line 2   STRATEGY SEED     STRATEGY one of random, min, max, first, last, spoiler;
//                              SEED an unsigned 64-bit integer (always present)
// Every line ends with '\n' and nothing follows the last one. Tokens are separated by
// exactly one space (no leading or trailing space, no tabs, no '\r'); integers are
// plain decimal: no '+', no leading zeros, "-0" refused, 64-bit overflow refused.
//
// Flag (as ICPC input_validator_flags): `--subtask K` (K in 1..6) also checks the
// constraint of subtask K: n = 1, n <= 2, 25, 200, 1000, 5000. A test named sK-* in
// testdata/twin-cookies/ meets the constraint of subtask K. A bad flag: exit 2.

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <limits>
#include <string>
#include <utility>

namespace {

// ---- reporting: one line "line L: <constraint that failed>" on stderr, exit 43
constexpr int kAccept = 42;
constexpr int kReject = 43;

[[noreturn]] void fail(long long line, const std::string& message) {
  std::cerr << "line " << line << ": " << message << "\n";
  std::exit(kReject);
}

// A token or line quoted for a message: printable ASCII as is, anything else escaped,
// cut after `limit` characters.
std::string quote(const std::string& text, std::size_t limit = 24) {
  std::string out = "'";
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (i == limit) {
      out += "...";
      break;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (c == '\\') {
      out += "\\\\";
    } else if (c == '\'') {
      out += "\\'";
    } else if (c == '\t') {
      out += "\\t";
    } else if (c == '\r') {
      out += "\\r";
    } else if (c >= 0x20 && c < 0x7f) {
      out += static_cast<char>(c);
    } else {
      static const char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  return out + "'";
}

// ---- one line of the file: tokens separated by exactly one space, no leading or
// trailing space; a token is every byte up to the next space (so a tab, '\r' or any
// other byte belongs to the token and makes a number or a word invalid).
class Line {
 public:
  Line(std::string text, long long number) : text_(std::move(text)), number_(number) {}

  long long number() const { return number_; }
  bool at_end() const { return pos_ == text_.size(); }

  std::string token(const std::string& name) {
    if (tokens_ > 0) {
      if (pos_ == text_.size()) fail(number_, name + " is missing");
      ++pos_;  // the single space after the previous token
      if (pos_ == text_.size()) fail(number_, "a space at the end of the line");
      if (text_[pos_] == ' ') fail(number_, "two spaces before " + name + ": tokens are separated by single spaces");
    } else {
      if (text_.empty()) fail(number_, "the line is empty, expected " + name);
      if (text_[0] == ' ') fail(number_, "the line starts with a space");
    }
    const std::size_t begin = pos_;
    const std::size_t space = text_.find(' ', begin);
    pos_ = space == std::string::npos ? text_.size() : space;
    ++tokens_;
    last_ = name;
    return text_.substr(begin, pos_ - begin);
  }

  // A strict decimal integer (optional '-', no '+', no leading zeros, no "-0", 64-bit)
  // in [lo, hi].
  long long integer(const std::string& name, long long lo, long long hi) {
    const std::string t = token(name);
    std::string digits = t;
    const bool negative = !t.empty() && t[0] == '-';
    if (!t.empty() && t[0] == '+') fail(number_, name + " " + quote(t) + " has a '+' sign");
    if (negative) digits = t.substr(1);
    check_digits(name, t, digits);
    const std::uint64_t limit =
        static_cast<std::uint64_t>(std::numeric_limits<long long>::max()) + (negative ? 1 : 0);
    const std::uint64_t magnitude = magnitude_of(name, t, digits, limit);
    if (negative && magnitude == 0) fail(number_, name + " is '-0'");
    const long long value =
        negative ? static_cast<long long>(~magnitude + 1) : static_cast<long long>(magnitude);
    if (value < lo || value > hi) {
      fail(number_, name + " = " + std::to_string(value) + " is outside " + std::to_string(lo) + ".." +
                        std::to_string(hi));
    }
    return value;
  }

  // A strict decimal unsigned 64-bit integer (no sign at all, no leading zeros).
  std::uint64_t uint64(const std::string& name) {
    const std::string t = token(name);
    if (!t.empty() && t[0] == '+') fail(number_, name + " " + quote(t) + " has a '+' sign");
    check_digits(name, t, t);
    return magnitude_of(name, t, t, std::numeric_limits<std::uint64_t>::max());
  }

  // The next token must be `word`.
  void word(const std::string& name, const std::string& expected) {
    const std::string t = token(name);
    if (t != expected) fail(number_, name + " is " + quote(t) + ", expected '" + expected + "'");
  }

  // Nothing may follow the tokens read so far; `extra` (if given) says why more text is
  // wrong, else "extra text after <the last token>".
  void expect_end(const std::string& extra = "") {
    if (pos_ == text_.size()) return;
    if (pos_ + 1 == text_.size()) fail(number_, "a space at the end of the line");
    fail(number_, (extra.empty() ? "extra text after " + last_ : extra) + ": " + quote(text_.substr(pos_ + 1)));
  }

 private:
  void check_digits(const std::string& name, const std::string& t, const std::string& digits) const {
    if (digits.empty()) fail(number_, name + " " + quote(t) + " is not a decimal integer");
    for (char c : digits) {
      if (c < '0' || c > '9') fail(number_, name + " " + quote(t) + " is not a decimal integer");
    }
    if (digits.size() > 1 && digits[0] == '0') fail(number_, name + " " + quote(t) + " has leading zeros");
  }

  std::uint64_t magnitude_of(const std::string& name, const std::string& t, const std::string& digits,
                             std::uint64_t limit) const {
    std::uint64_t value = 0;
    for (char c : digits) {
      const auto digit = static_cast<std::uint64_t>(c - '0');
      if (value > (limit - digit) / 10) fail(number_, name + " " + quote(t) + " does not fit in 64 bits");
      value = value * 10 + digit;
    }
    return value;
  }

  std::string text_;
  long long number_;
  std::size_t pos_ = 0;
  int tokens_ = 0;
  std::string last_;
};

// ---- the whole file: every line ends with '\n', nothing after the last line.
class Input {
 public:
  Input() : data_(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()) {}

  Line line(const std::string& what) {
    if (pos_ == data_.size()) {
      fail(number_ + 1, "the file ended, expected " + what);
    }
    ++number_;
    const std::size_t newline = data_.find('\n', pos_);
    if (newline == std::string::npos) fail(number_, "the line (" + what + ") does not end with a newline");
    std::string text = data_.substr(pos_, newline - pos_);
    pos_ = newline + 1;
    return Line(std::move(text), number_);
  }

  void expect_eof() const {
    if (pos_ == data_.size()) return;
    const std::size_t newline = data_.find('\n', pos_);
    const std::string rest = data_.substr(pos_, newline == std::string::npos ? std::string::npos : newline - pos_);
    fail(number_ + 1, "expected the end of the file, got " + (rest.empty() ? std::string("an empty line") : quote(rest)));
  }

 private:
  std::string data_;
  std::size_t pos_ = 0;
  long long number_ = 0;
};

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // The largest n of subtask K (index K); subtask 6 has no constraint beyond 5000.
  static const int kSubtaskMaxN[] = {5000, 1, 2, 25, 200, 1000, 5000};
  int subtask = 0;
  if (argc == 3 && std::string(argv[1]) == "--subtask" && std::string(argv[2]).size() == 1 && argv[2][0] >= '1' &&
      argv[2][0] <= '6') {
    subtask = argv[2][0] - '0';
  } else if (argc != 1) {
    std::cerr << "usage: " << argv[0] << " [--subtask K] < TEST.in   (K in 1..6)\n";
    return 2;
  }

  Input in;

  Line first = in.line("n");
  const long long n = first.integer("n", 1, 5000);
  first.expect_end();
  if (subtask != 0 && n > kSubtaskMaxN[subtask]) {
    fail(first.number(), "n = " + std::to_string(n) + " is outside 1.." + std::to_string(kSubtaskMaxN[subtask]) +
                             " (subtask " + std::to_string(subtask) + ")");
  }

  Line second = in.line("the strategy");
  const std::string strategy = second.token("STRATEGY");
  static const char* const kStrategies[] = {"random", "min", "max", "first", "last", "spoiler"};
  bool known = false;
  for (const char* candidate : kStrategies) known = known || strategy == candidate;
  if (!known) {
    fail(second.number(), "unknown strategy " + quote(strategy) + " (expected random, min, max, first, last or spoiler)");
  }
  second.uint64("SEED");
  second.expect_end();
  in.expect_eof();
  return kAccept;
}
