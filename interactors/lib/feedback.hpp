// Feedback: what the interactor leaves in FEEDBACK_DIR for the judge
// (docs/problem-format.md): judgemessage.txt (the message, one line) and result.json
//   verdict         "AC" | "WA" | "PE" | "QLE"   (absent for a judge error)
//   message         same text as judgemessage.txt
//   queries         queries counted with Session::count_query()
//   query_limit     the limit enforced (absent if none was set)
//   contestant_eof  the reject came from the contestant's output ending / input closing
//   judge_error     true only when the interactor exits 1 (broken test or interactor)
//   ...             problem-specific facts from Session::set_fact()
// Both files are written atomically (temporary file + rename).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string_view>

#include <nlohmann/json.hpp>

#include "finish.hpp"

namespace interactor {

struct Feedback {
  Finish finish;
  std::int64_t queries = 0;
  std::optional<std::int64_t> query_limit = std::nullopt;
  nlohmann::json facts = nlohmann::json::object();
};

// Keys of result.json that the library owns; set_fact() refuses them.
bool is_reserved_result_key(std::string_view key);

nlohmann::json result_json(const Feedback& feedback);

// Throws std::system_error if a file cannot be written.
void write_feedback(const std::filesystem::path& feedback_dir, const Feedback& feedback);

}  // namespace interactor
