#include "batch/facts.hpp"

#include <stdexcept>

#include <fmt/core.h>

namespace judge {
namespace {

using nlohmann::json;

json exit_to_record(const ExitFacts& exit) {
  return {{"signaled", exit.signaled}, {"exit_code", exit.exit_code}, {"signal", exit.signal},
          {"cpu_ms", exit.cpu_ms},     {"peak_kib", exit.peak_kib},   {"wall_ms", exit.wall_ms}};
}

json end_to_record(const EndFacts& end) {
  return {{"exit", exit_to_record(end.exit)},
          {"killed_by_judge", end.killed_by_judge},
          {"hit_wall_limit", end.hit_wall_limit},
          {"hit_cpu_limit", end.hit_cpu_limit},
          {"oom_killed", end.oom_killed},
          {"memory_limit_reached", end.memory_limit_reached},
          {"group_peak_kib", end.group_peak_kib}};
}

json decision_to_record(const Decision& decision) {
  return {{"verdict", verdict_name(decision.verdict)}, {"message", decision.message}};
}

template <typename T>
T field(const json& object, const char* key) {
  if (!object.is_object() || !object.contains(key))
    throw std::runtime_error(fmt::format("recorded outcome: missing \"{}\"", key));
  try {
    return object.at(key).get<T>();
  } catch (const json::exception&) {
    throw std::runtime_error(
        fmt::format("recorded outcome: \"{}\" has the wrong type ({})", key, object.at(key).dump()));
  }
}

Verdict verdict_field(const json& object, const char* key) {
  const auto name = field<std::string>(object, key);
  const auto verdict = parse_verdict(name);
  if (!verdict) throw std::runtime_error(fmt::format("recorded outcome: unknown verdict {}", name));
  return *verdict;
}

Side side_from_name(const std::string& name) {
  for (Side side : {Side::none, Side::submission, Side::interactor})
    if (side_name(side) == name) return side;
  throw std::runtime_error(fmt::format("recorded outcome: unknown side {}", name));
}

ExitFacts exit_from_record(const json& record) {
  ExitFacts exit;
  exit.signaled = field<bool>(record, "signaled");
  exit.exit_code = field<int>(record, "exit_code");
  exit.signal = field<int>(record, "signal");
  exit.cpu_ms = field<std::int64_t>(record, "cpu_ms");
  exit.peak_kib = field<std::int64_t>(record, "peak_kib");
  exit.wall_ms = field<std::int64_t>(record, "wall_ms");
  return exit;
}

EndFacts end_from_record(const json& record) {
  EndFacts end;
  end.exit = exit_from_record(field<json>(record, "exit"));
  end.killed_by_judge = field<bool>(record, "killed_by_judge");
  end.hit_wall_limit = field<bool>(record, "hit_wall_limit");
  end.hit_cpu_limit = field<bool>(record, "hit_cpu_limit");
  // Journals written before containment have no oom_killed: it was never set then.
  end.oom_killed = record.value("oom_killed", false);
  end.memory_limit_reached = record.value("memory_limit_reached", false);
  end.group_peak_kib = record.value("group_peak_kib", std::int64_t{-1});
  return end;
}

Decision decision_from_record(const json& record) {
  return {verdict_field(record, "verdict"), field<std::string>(record, "message")};
}

// The test's limits from its facts. Journals written before the Limits value kept
// four of them at the top of the facts, under the names of the verdict JSON.
Limits limits_from_record(const json& facts_json) {
  Limits limits;
  if (!facts_json.contains("limits")) {
    limits.cpu_ms = field<std::int64_t>(facts_json, "time_limit_ms");
    limits.wall_ms = field<std::int64_t>(facts_json, "wall_limit_ms");
    limits.memory_kib = field<std::int64_t>(facts_json, "memory_limit_kib");
    limits.interactor_cpu_ms = field<std::int64_t>(facts_json, "interactor_time_limit_ms");
    return limits;
  }
  return facts_json["limits"].get<Limits>();
}

}  // namespace

json outcome_to_record(const TestOutcome& outcome) {
  const TestFacts& facts = outcome.facts;
  const InteractorReport& report = facts.report;
  json report_json = {
      {"reason", report.reason ? json(verdict_name(*report.reason)) : json(nullptr)},
      {"message", report.message},
      {"contestant_eof", report.contestant_eof},
      {"contestant_eof_reported", report.contestant_eof_reported},
      {"malformed", report.malformed},
      {"team_message", report.team_message},
      {"failed", report.failed},
      {"score", report.score ? json(*report.score) : json(nullptr)},
      {"score_multiplier", report.score_multiplier ? json(*report.score_multiplier) : json(nullptr)},
  };
  json facts_json = {
      {"submission", end_to_record(facts.submission)},
      {"interactor", end_to_record(facts.interactor)},
      {"exited_first", side_name(facts.exited_first)},
      {"report", report_json},
      {"exec_error", facts.exec_error},
      {"interactor_bytes_written", facts.interactor_bytes_written},
      {"wall_limit_extended_ms", facts.wall_limit_extended_ms},
      {"limits", facts.limits},
  };
  return {
      {"name", outcome.name},
      {"decision", decision_to_record(outcome.decision)},
      {"facts", facts_json},
      {"interactor_result", outcome.interactor_result},
      {"transcript", outcome.transcript ? json(outcome.transcript->string()) : json(nullptr)},
      {"passes", outcome.passes},
      {"containment", outcome.containment},
      {"forced_decision",
       outcome.forced_decision ? decision_to_record(*outcome.forced_decision) : json(nullptr)},
  };
}

TestOutcome outcome_from_record(const json& record) {
  TestOutcome outcome;
  outcome.name = field<std::string>(record, "name");
  outcome.decision = decision_from_record(field<json>(record, "decision"));
  const json facts_json = field<json>(record, "facts");
  TestFacts& facts = outcome.facts;
  facts.submission = end_from_record(field<json>(facts_json, "submission"));
  facts.interactor = end_from_record(field<json>(facts_json, "interactor"));
  facts.exited_first = side_from_name(field<std::string>(facts_json, "exited_first"));
  const json report_json = field<json>(facts_json, "report");
  if (!report_json.at("reason").is_null())
    facts.report.reason = verdict_field(report_json, "reason");
  facts.report.message = field<std::string>(report_json, "message");
  facts.report.contestant_eof = field<bool>(report_json, "contestant_eof");
  facts.report.contestant_eof_reported = field<bool>(report_json, "contestant_eof_reported");
  facts.report.malformed = field<std::string>(report_json, "malformed");
  // Journals written before teammessage.txt and score.txt were read have neither.
  facts.report.team_message = report_json.value("team_message", "");
  facts.report.failed = report_json.value("failed", "");
  if (report_json.contains("score") && report_json["score"].is_number())
    facts.report.score = report_json["score"].get<double>();
  if (report_json.contains("score_multiplier") && report_json["score_multiplier"].is_number())
    facts.report.score_multiplier = report_json["score_multiplier"].get<double>();
  // Journals of earlier versions have no exec_error (and a stderr fact no longer used).
  facts.exec_error = facts_json.value("exec_error", "");
  facts.interactor_bytes_written = field<std::int64_t>(facts_json, "interactor_bytes_written");
  facts.wall_limit_extended_ms = facts_json.value("wall_limit_extended_ms", std::int64_t{0});
  facts.limits = limits_from_record(facts_json);
  outcome.interactor_result = record.value("interactor_result", json());
  if (record.contains("transcript") && record["transcript"].is_string())
    outcome.transcript = record["transcript"].get<std::string>();
  outcome.passes = record.value("passes", json());
  outcome.containment = record.value("containment", json());
  if (record.contains("forced_decision") && !record["forced_decision"].is_null())
    outcome.forced_decision = decision_from_record(record["forced_decision"]);
  return outcome;
}

}  // namespace judge
