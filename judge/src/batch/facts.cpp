#include "batch/facts.hpp"

#include <optional>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"

// std::optional as null or the value (nlohmann::json 3.11 has no serializer of its own
// for it).
namespace nlohmann {
template <typename T>
struct adl_serializer<std::optional<T>> {
  static void to_json(json& out, const std::optional<T>& value) {
    if (value) out = *value;
    else out = nullptr;
  }
  static void from_json(const json& in, std::optional<T>& value) {
    if (in.is_null()) value.reset();
    else value = in.get<T>();
  }
};
}  // namespace nlohmann

namespace judge {

// Enums by their names; an unknown name is an error, never a default.
void to_json(nlohmann::json& out, Verdict verdict) { out = verdict_name(verdict); }
void from_json(const nlohmann::json& in, Verdict& verdict) {
  const auto parsed = parse_verdict(in.get<std::string>());
  if (!parsed) throw JudgeFault(fmt::format("unknown verdict {}", json_text(in)));
  verdict = *parsed;
}
void to_json(nlohmann::json& out, Side side) { out = side_name(side); }
void from_json(const nlohmann::json& in, Side& side) {
  for (Side known : {Side::none, Side::submission, Side::interactor})
    if (side_name(known) == in.get<std::string>()) {
      side = known;
      return;
    }
  throw JudgeFault(fmt::format("unknown side {}", json_text(in)));
}

NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ExitFacts, signaled, exit_code, signal, cpu_ms, peak_kib, wall_ms)
// Every fact a journal has always held is required (a journal without one is named
// as broken); the two of CMS Communication tests and the outer memory limit, added since,
// default to "no" and "none".
void to_json(nlohmann::json& out, const EndFacts& in) {
  out = {{"exit", in.exit},
         {"killed_by_judge", in.killed_by_judge},
         {"hit_wall_limit", in.hit_wall_limit},
         {"hit_cpu_limit", in.hit_cpu_limit},
         {"oom_killed", in.oom_killed},
         {"memory_limit_reached", in.memory_limit_reached},
         {"group_peak_kib", in.group_peak_kib},
         {"outer_memory_limit_kib", in.outer_memory_limit_kib},
         {"hit_output_limit", in.hit_output_limit},
         {"alone_from_ms", in.alone_from_ms}};
}
void from_json(const nlohmann::json& in, EndFacts& out) {
  in.at("exit").get_to(out.exit);
  in.at("killed_by_judge").get_to(out.killed_by_judge);
  in.at("hit_wall_limit").get_to(out.hit_wall_limit);
  in.at("hit_cpu_limit").get_to(out.hit_cpu_limit);
  in.at("oom_killed").get_to(out.oom_killed);
  in.at("memory_limit_reached").get_to(out.memory_limit_reached);
  in.at("group_peak_kib").get_to(out.group_peak_kib);
  out.hit_output_limit = in.value("hit_output_limit", false);
  out.alone_from_ms = in.value("alone_from_ms", std::int64_t{-1});
  out.outer_memory_limit_kib = in.value("outer_memory_limit_kib", std::int64_t{-1});
}
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(InteractorReport, reason, message, contestant_eof, contestant_eof_reported,
                                   malformed, team_message, score, score_multiplier, failed)
// With defaults: a journal written before a fact was added still grades (the fact is
// then unknown, as its default says).
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TestFacts, submission, interactor, exited_first, report, exec_error,
                                                interactor_bytes_written, wall_limit_extended_ms, waited_for_cpu_ms,
                                                limits, judge_max_gap_ms, judge_run_delay_ms,
                                                interactor_output_ended_first)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(CheckerFacts, exit, ended_in_time, output)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(ProcessRecord, end, exec_error, stderr_tail, containment)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(PassRecord, facts, interactor_ran, checker, wrote_nextpass,
                                                probe_marked, submission_stderr, interactor_stderr, interactor_result,
                                                containment, processes, manager_output, output_matches)
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(TestRecord, name, passes, judge_fault, transcript, repeats)

nlohmann::json record_to_json(const TestRecord& record) { return record; }

TestRecord record_from_json(const nlohmann::json& json) {
  try {
    return json.get<TestRecord>();
  } catch (const nlohmann::json::exception& error) {
    throw JudgeFault(fmt::format("unusable test record: {}", error.what()));
  } catch (const JudgeFault& error) {
    throw JudgeFault(fmt::format("unusable test record: {}", error.what()));
  }
}

}  // namespace judge
