// input_validation.hpp — what the problems' input validators share (ICPC convention:
// a test file on stdin, exit 42 valid, 43 invalid with "line L: <what failed>" on
// stderr). Header-only, C++17 and the standard library alone, so a validator stays one
// source file: the judge compiles a source that includes it with this folder on the
// include path (problem/problem.cpp), and a setter outside the repository can copy it.
//
//   #include "input_validation.hpp"
//   int main() {
//     input_validation::Input in;                   // the whole of stdin
//     input_validation::Line first = in.line("n");  // must end with '\n'
//     const auto n = first.integer("n", 1, 1000);   // strict decimal, in range, named
//     first.expect_end();                           // nothing after it, not even a space
//     in.expect_eof();                              // nothing after the last line
//     return input_validation::kAccept;             // 42
//   }
//
// Strictness: tokens separated by exactly one space (no leading or trailing space, no
// tabs, no '\r'); integers plain decimal: no '+', no leading zeros, "-0" refused,
// 64-bit overflow refused. Every failure names the line and the item, and exits 43.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <limits>
#include <string>
#include <utility>
#include <vector>

namespace input_validation {

// ---- reporting: one line "line L: <constraint that failed>" on stderr, exit 43
inline constexpr int kAccept = 42;
inline constexpr int kReject = 43;

[[noreturn]] inline void fail(long long line, const std::string& message) {
  std::cerr << "line " << line << ": " << message << "\n";
  std::exit(kReject);
}

// A token or line quoted for a message: printable ASCII as is, anything else escaped,
// cut after `limit` characters.
inline std::string quote(const std::string& text, std::size_t limit = 24) {
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

// A line holding one integer NAME in lo..hi and nothing else (a test's "n" line).
inline long long integer_line(Input& in, const std::string& name, long long lo, long long hi) {
  Line line = in.line(name);
  const long long value = line.integer(name, lo, hi);
  line.expect_end();
  return value;
}

// A line holding exactly n values v_1..v_n (named letter_i) that form a permutation of
// 1..n; `what` names it in messages ("the nut sizes").
inline std::vector<int> permutation_line(Input& in, int n, const std::string& what, const std::string& letter) {
  Line line = in.line(what);
  std::vector<int> values;
  std::vector<int> position(static_cast<std::size_t>(n) + 1, 0);
  for (int i = 1; i <= n; ++i) {
    const std::string name = letter + "_" + std::to_string(i);
    if (line.at_end() && i > 1) {
      fail(line.number(), what + ": " + std::to_string(i - 1) + " values, expected n = " + std::to_string(n) +
                              " (a permutation of 1.." + std::to_string(n) + ")");
    }
    const auto value = static_cast<int>(line.integer(name, 1, n));
    if (const int earlier = position[static_cast<std::size_t>(value)]; earlier != 0) {
      fail(line.number(), what + ": " + name + " = " + std::to_string(value) + " repeats " + letter + "_" +
                              std::to_string(earlier) + ", not a permutation of 1.." + std::to_string(n));
    }
    position[static_cast<std::size_t>(value)] = i;
    values.push_back(value);
  }
  line.expect_end(what + ": more than n = " + std::to_string(n) + " values");
  return values;
}

}  // namespace input_validation
