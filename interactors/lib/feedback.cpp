#include "feedback.hpp"

#include <array>
#include <string>

#include "posix_io.hpp"

namespace interactor {

bool is_reserved_result_key(std::string_view key) {
  constexpr std::array<std::string_view, 6> reserved = {"verdict", "message", "queries",
                                                        "query_limit", "contestant_eof", "judge_error"};
  for (std::string_view name : reserved) {
    if (key == name) return true;
  }
  return false;
}

nlohmann::json result_json(const Feedback& feedback) {
  nlohmann::json result = feedback.facts.is_object() ? feedback.facts : nlohmann::json::object();
  const Finish& finish = feedback.finish;
  if (finish.outcome == Outcome::judge_error) {
    result["judge_error"] = true;
  } else {
    result["verdict"] = std::string(verdict_name(finish.verdict));
  }
  result["message"] = finish.message;
  result["queries"] = feedback.queries;
  if (feedback.query_limit) result["query_limit"] = *feedback.query_limit;
  result["contestant_eof"] = finish.contestant_eof;
  return result;
}

void write_feedback(const std::filesystem::path& feedback_dir, const Feedback& feedback) {
  write_file_atomically(feedback_dir / "judgemessage.txt", feedback.finish.message + "\n");
  // replace: a message quoting invalid UTF-8 must not make dump() throw (quote()
  // escapes such bytes anyway; facts are the interactor's own).
  const std::string json = result_json(feedback).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  write_file_atomically(feedback_dir / "result.json", json + "\n");
}

}  // namespace interactor
