#include "run/interactor_report.hpp"

#include <cctype>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <optional>

#include <fmt/core.h>

#include "base/json_text.hpp"
#include "base/printable.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

std::string quote_for_message(std::string text) {
  if (text.size() > 40) text = text.substr(0, 40) + "...";
  return "'" + printable(without_trailing_newlines(text)) + "'";
}

}  // namespace

bool is_probe_pass(const fs::path& feedback_dir) {
  if (!fs::exists(feedback_dir / "nextpass.in")) return false;
  std::ifstream in(feedback_dir / "result.json", std::ios::binary);
  const nlohmann::json result = nlohmann::json::parse(in, nullptr, /*allow_exceptions=*/false);
  return result.is_object() && result.value("probe", false) == true;
}

InteractorReport read_interactor_report(const fs::path& feedback_dir, nlohmann::json& raw) {
  InteractorReport report;
  report.message = without_trailing_newlines(read_tail(feedback_dir / "judgemessage.txt", message_tail_bytes));
  report.team_message = without_trailing_newlines(read_tail(feedback_dir / "teammessage.txt", message_tail_bytes));
  // One number each (ICPC scoring problems); anything else is the interactor's mistake.
  for (auto [name, value] : {std::pair{"score.txt", &report.score}, {"score_multiplier.txt", &report.score_multiplier}}) {
    const auto text = read_file(feedback_dir / name);
    if (!text) continue;
    char* end = nullptr;
    const double number = std::strtod(text->c_str(), &end);
    while (end != nullptr && std::isspace(static_cast<unsigned char>(*end))) ++end;
    if (end == text->c_str() || end == nullptr || *end != '\0' || !std::isfinite(number)) {
      report.malformed = fmt::format("{} holds no number ({})", name, quote_for_message(*text));
      return report;
    }
    *value = number;
  }
  raw = nullptr;
  const fs::path result_file = feedback_dir / "result.json";
  if (!fs::exists(result_file)) return report;
  std::ifstream in(result_file, std::ios::binary);
  try {
    raw = nlohmann::json::parse(in);
  } catch (const nlohmann::json::exception& error) {
    report.malformed = fmt::format("not valid JSON ({})", error.what());
    raw = nullptr;
    return report;
  }
  if (!raw.is_object()) {
    report.malformed = "not a JSON object";
    return report;
  }
  if (raw.contains("verdict")) {
    const auto& value = raw["verdict"];
    std::optional<Verdict> reason;
    if (value.is_string()) reason = parse_verdict(value.get<std::string>());
    if (!reason ||
        (*reason != Verdict::AC && *reason != Verdict::WA && *reason != Verdict::PE && *reason != Verdict::QLE)) {
      report.malformed = fmt::format("\"verdict\" must be AC, WA, PE or QLE, got {}", json_text(value));
      return report;
    }
    report.reason = reason;
  }
  if (raw.contains("contestant_eof")) {
    if (!raw["contestant_eof"].is_boolean()) {
      report.malformed = "\"contestant_eof\" must be true or false";
      return report;
    }
    report.contestant_eof = raw["contestant_eof"].get<bool>();
    report.contestant_eof_reported = true;
  }
  if (report.message.empty() && raw.contains("message") && raw["message"].is_string())
    report.message = raw["message"].get<std::string>();
  return report;
}

}  // namespace judge
