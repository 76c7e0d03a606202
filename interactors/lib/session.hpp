// Session: one interaction with one contestant. It owns the contestant's two pipe ends,
// the test file, the query counter, the result facts and the transcript, and it is
// where verdicts are given. See interactor.hpp for the overview.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "feedback.hpp"
#include "finish.hpp"
#include "line.hpp"
#include "line_reader.hpp"
#include "test_file.hpp"
#include "transcript.hpp"

namespace interactor {

struct SessionOptions {
  std::filesystem::path test_file;
  std::filesystem::path answer_file = "/dev/null";
  int from_contestant_fd = 0;  // the contestant's stdout
  int to_contestant_fd = 1;    // the contestant's stdin
  Transcript transcript;
};

class Session {
 public:
  // Reads the test file (judge error if it cannot be read).
  explicit Session(SessionOptions options);

  // ---- the test data: every error is a judge error
  TestFile& test() { return test_; }
  TestFile& answer();  // opened on first use

  // ---- the contestant
  // The contestant's next line. If its output has ended: reject WA with contestant_eof,
  // "your program's output ended before <what>". A line longer than the maximum, or a
  // last line without '\n', is PE.
  Line read_line(std::string_view what);
  // After the final answer: reads the contestant's output to its end; anything but
  // whitespace there rejects WA ("trailing output"). Returns when the output ended.
  void expect_end_of_output();
  void set_max_line_bytes(std::size_t max_line_bytes) { reader_.set_max_line_bytes(max_line_bytes); }
  // Sends `line` + '\n' in one write(2). If the contestant is gone (EPIPE): reject WA
  // with contestant_eof.
  void send(std::string_view line);

  // ---- queries
  void set_query_limit(std::int64_t limit) { query_limit_ = limit; }
  // Counts one query; the (limit+1)-th rejects with QLE (so the caller never answers it).
  void count_query();
  std::int64_t queries() const { return queries_; }
  std::optional<std::int64_t> query_limit() const { return query_limit_; }

  // ---- result.json: problem-specific facts (judge error on a reserved key)
  void set_fact(std::string_view key, nlohmann::json value);

  // ---- verdicts: never return
  template <typename... Args>
  [[noreturn]] void accept(fmt::format_string<Args...> format, Args&&... args) {
    throw_accept(fmt::format(format, std::forward<Args>(args)...));
  }
  template <typename... Args>
  [[noreturn]] void reject(Verdict verdict, fmt::format_string<Args...> format, Args&&... args) {
    throw_reject(verdict, fmt::format(format, std::forward<Args>(args)...));
  }
  template <typename... Args>
  [[noreturn]] void judge_error(fmt::format_string<Args...> format, Args&&... args) {
    throw_judge_error(fmt::format(format, std::forward<Args>(args)...));
  }

  // What run() writes at the end.
  Feedback feedback(Finish finish) const;
  const Transcript& transcript() const { return transcript_; }

 private:
  TestFile test_;
  std::filesystem::path answer_path_;
  std::optional<TestFile> answer_;
  LineReader reader_;
  int to_contestant_fd_;
  Transcript transcript_;
  std::int64_t queries_ = 0;
  std::optional<std::int64_t> query_limit_;
  nlohmann::json facts_ = nlohmann::json::object();
  std::string send_buffer_;
};

}  // namespace interactor
