#include "session.hpp"

#include <cerrno>
#include <system_error>

#include "posix_io.hpp"
#include "text.hpp"

namespace interactor {

Session::Session(SessionOptions options)
    : test_(options.test_file),
      answer_path_(std::move(options.answer_file)),
      reader_(options.from_contestant_fd),
      to_contestant_fd_(options.to_contestant_fd),
      transcript_(std::move(options.transcript)) {}

TestFile& Session::answer() {
  if (!answer_) answer_.emplace(answer_path_);
  return *answer_;
}

Line Session::read_line(std::string_view what) {
  const LineReader::Result result = reader_.next();
  const std::int64_t number = reader_.line_number();
  switch (result.status) {
    case LineReader::Status::line:
      transcript_.record_received(result.text);
      return Line(std::string(result.text), number, LineSource::contestant);
    case LineReader::Status::end_of_file:
      throw_reject(Verdict::WA,
                   fmt::format("your program's output ended before {} (after {} lines)", what, number - 1),
                   true);
    case LineReader::Status::unterminated:
      transcript_.record_received(result.text);
      throw_reject(Verdict::PE,
                   fmt::format("line {}: your program's output ended in the middle of a line, without "
                               "its '\\n': {}",
                               number, quote(result.text, result.text.size())),
                   true);
    case LineReader::Status::too_long:
      throw_reject(Verdict::PE, fmt::format("line {} is longer than {} bytes", number, reader_.max_line_bytes()));
  }
  throw_judge_error("interactor bug: unknown line reader status");
}

void Session::expect_end_of_output() {
  for (;;) {
    const LineReader::Result result = reader_.next();
    if (result.status == LineReader::Status::end_of_file) return;
    if (result.status == LineReader::Status::too_long)
      throw_reject(Verdict::WA, fmt::format("trailing output after the final answer: line {} of over {} bytes",
                                            reader_.line_number(), reader_.max_line_bytes()));
    transcript_.record_received(result.text);
    if (result.text.find_first_not_of(" \t\r") != std::string_view::npos)
      throw_reject(Verdict::WA, fmt::format("trailing output after the final answer: line {}: {}",
                                            reader_.line_number(), quote(result.text, result.text.size())));
    if (result.status == LineReader::Status::unterminated) return;
  }
}

void Session::send(std::string_view line) {
  send_buffer_.assign(line);
  send_buffer_ += '\n';
  const int error = write_all(to_contestant_fd_, send_buffer_);
  if (error == EPIPE) {
    throw_reject(Verdict::WA,
                 fmt::format("your program closed its input or exited before reading {}", quote(line)), true);
  }
  if (error != 0) throw std::system_error(error, std::generic_category(), "cannot write to the contestant");
  transcript_.record_sent(line);
}

void Session::count_query() {
  ++queries_;
  if (query_limit_ && queries_ > *query_limit_) {
    throw_reject(Verdict::QLE, fmt::format("line {}: query {} is over the limit of {} queries",
                                           reader_.line_number(), queries_, *query_limit_));
  }
}

void Session::set_fact(std::string_view key, nlohmann::json value) {
  if (is_reserved_result_key(key)) {
    throw_judge_error(fmt::format("interactor bug: set_fact(\"{}\"): that key of result.json is reserved", key));
  }
  facts_[std::string(key)] = std::move(value);
}

Feedback Session::feedback(Finish finish) const {
  return Feedback{std::move(finish), queries_, query_limit_, facts_};
}

}  // namespace interactor
