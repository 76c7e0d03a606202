// TestFile: the test input (or answer file) of the judge, read line by line with the
// same strict Line reads as the contestant's output. Blame is fixed by the stream
// (testlib's idea): ANY problem here — unreadable file, missing line, malformed or
// out-of-range value, trailing garbage — is a judge error (exit 1), never the
// contestant's fault. Every line must end with '\n'.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

#include "int_range.hpp"
#include "line.hpp"

namespace interactor {

class TestFile {
 public:
  // Reads the whole file; judge error if it cannot be read.
  explicit TestFile(const std::filesystem::path& path);
  // A test file of these contents, named `name` in messages: no file system involved,
  // so a fuzz target can feed a problem's test parser millions of texts.
  static TestFile from_text(std::string name, std::string content);

  // The next line; judge error if the file has ended (`what` says what was missing).
  Line read_line(std::string_view what);
  // The next line, holding one integer NAME in RANGE and nothing else (a test's "n"
  // line); judge error otherwise.
  std::int64_t read_int_line(IntRange range, std::string_view name);
  // The same with the bounds apart (the form before IntRange, kept for interactors
  // written against it: the library is installed for problems outside this repository).
  std::int64_t read_int_line(std::int64_t min, std::int64_t max, std::string_view name) {
    return read_int_line(IntRange{min, max}, name);
  }
  bool at_eof() const { return pos_ == content_.size(); }
  // Judge error unless every line has been read.
  void expect_eof() const;
  const std::string& name() const { return name_; }

 private:
  TestFile() = default;

  std::string name_;
  std::string content_;
  std::size_t pos_ = 0;
  std::int64_t line_number_ = 0;
};

}  // namespace interactor
