#include "base/verdict.hpp"

#include <array>

namespace judge {
namespace {

struct VerdictInfo {
  Verdict verdict;
  std::string_view name;
  std::string_view folder;
};

constexpr std::array<VerdictInfo, 11> verdict_table{{
    {Verdict::AC, "AC", "accepted"},
    {Verdict::WA, "WA", "wrong_answer"},
    {Verdict::PE, "PE", "presentation_error"},
    {Verdict::QLE, "QLE", "query_limit_exceeded"},
    {Verdict::TLE, "TLE", "time_limit_exceeded"},
    {Verdict::ILE, "ILE", "idle_limit_exceeded"},
    {Verdict::MLE, "MLE", "memory_limit_exceeded"},
    {Verdict::OLE, "OLE", "output_limit_exceeded"},
    {Verdict::RTE, "RTE", "run_time_error"},
    {Verdict::CE, "CE", "compile_error"},
    {Verdict::JE, "JE", "judge_error"},
}};

constexpr bool table_in_enum_order() {
  for (std::size_t i = 0; i < verdict_table.size(); ++i)
    if (static_cast<std::size_t>(verdict_table[i].verdict) != i) return false;
  return true;
}
static_assert(table_in_enum_order(), "verdict_table lists the verdicts in the enum's order");

const VerdictInfo& info_of(Verdict verdict) { return verdict_table.at(static_cast<std::size_t>(verdict)); }

// The verdict whose `field` is `text`, if any.
std::optional<Verdict> verdict_where(std::string_view VerdictInfo::*field, std::string_view text) {
  for (const auto& info : verdict_table)
    if (info.*field == text) return info.verdict;
  return std::nullopt;
}

}  // namespace

std::string_view verdict_name(Verdict verdict) { return info_of(verdict).name; }
std::string_view verdict_folder(Verdict verdict) { return info_of(verdict).folder; }
std::optional<Verdict> parse_verdict(std::string_view name) { return verdict_where(&VerdictInfo::name, name); }
std::optional<Verdict> verdict_from_folder(std::string_view folder) {
  return verdict_where(&VerdictInfo::folder, folder);
}

std::string_view side_name(Side side) {
  switch (side) {
    case Side::submission: return "submission";
    case Side::interactor: return "interactor";
    case Side::none: break;
  }
  return "none";
}

}  // namespace judge
