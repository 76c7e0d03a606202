#include "report/run_report.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <random>

#include <fmt/core.h>

#include "base/json_text.hpp"
#include "base/printable.hpp"
#include "box/sandbox.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

nlohmann::json exit_to_json(const ExitFacts& exit) {
  if (exit.signaled) return {{"signal", signal_name(exit.signal)}};
  return {{"code", exit.exit_code}};
}

nlohmann::json optional_integer(const nlohmann::json& result, const char* key) {
  if (result.is_object() && result.contains(key) && result[key].is_number_integer())
    return result[key];
  return nullptr;
}

std::string limit_hit(const EndFacts& end) {
  if (outer_memory_limit_fired(end)) return "outer_memory";
  if (end.hit_cpu_limit) return "cpu";
  if (end.hit_output_limit) return "output";
  if (end.hit_wall_limit) return "wall";
  return "";
}

// A CMS Communication test's copies of the program, each as it ended.
nlohmann::json processes_to_json(const std::vector<ProcessRecord>& processes) {
  nlohmann::json list = nlohmann::json::array();
  for (std::size_t index = 0; index < processes.size(); ++index) {
    const EndFacts& end = processes[index].end;
    const std::string limit = limit_hit(end);
    list.push_back({{"process", index},
                    {"exit", exit_to_json(end.exit)},
                    {"cpu_ms", end.exit.cpu_ms},
                    {"wall_ms", end.exit.wall_ms},
                    {"memory_kib", end.exit.peak_kib},
                    {"limit_hit", limit.empty() ? nlohmann::json(nullptr) : nlohmann::json(limit)}});
    if (!processes[index].exec_error.empty()) list.back()["exec_error"] = processes[index].exec_error;
  }
  return list;
}

nlohmann::json repeats_to_json(const std::vector<RepeatOutcome>& repeats) {
  nlohmann::json entries = nlohmann::json::array();
  for (const RepeatOutcome& repeat : repeats)
    entries.push_back({{"verdict", verdict_name(repeat.verdict)}, {"cpu_ms", repeat.cpu_ms}, {"wall_ms", repeat.wall_ms}});
  return entries;
}

// The judge's own delays while it watched the test (process/watchdog.hpp).
nlohmann::json judge_delays_to_json(const TestFacts& facts) {
  return {{"max_sample_gap_ms", facts.judge_max_gap_ms},
          {"run_delay_ms", facts.judge_run_delay_ms},
          {"starved", facts.judge_max_gap_ms >= judge_starved_gap_ms}};
}

}  // namespace

std::optional<double> cms_outcome(const TestOutcome& test) {
  const nlohmann::json& result = test.interactor_result;
  if (!result.is_object() || !result.contains("outcome") || !result["outcome"].is_number()) return std::nullopt;
  return result["outcome"].get<double>();
}

void add_subtask_scores(const nlohmann::json& subtasks, nlohmann::json& tests) {
  if (!subtasks.is_array()) return;
  for (nlohmann::json& test : tests) {
    for (const nlohmann::json& subtask : subtasks) {
      if (!subtask.contains("tests") || !subtask["tests"].is_array()) continue;
      const auto& members = subtask["tests"];
      const bool member = std::any_of(members.begin(), members.end(), [&](const nlohmann::json& entry) {
        return entry.is_object() && entry.contains("name") && entry["name"] == test["name"];
      });
      if (!member) continue;
      test["subtask"] = subtask.value("name", nlohmann::json());
      test["subtask_score"] = subtask.value("points", nlohmann::json());
      test["subtask_max_score"] = subtask.value("max_points", nlohmann::json());
      break;  // the first subtask that holds it, as its "score" (cms_scoring.hpp)
    }
  }
}

std::string stderr_text(std::string_view tail) {
  // A tail cut inside a character starts with its continuation bytes (10xxxxxx): at
  // most three, never the start of valid text.
  for (int skipped = 0; skipped < 3 && !tail.empty() && (static_cast<unsigned char>(tail.front()) & 0xC0) == 0x80;
       ++skipped)
    tail.remove_prefix(1);
  return printable(tail);
}

std::string stderr_last_line(std::string_view tail) {
  const std::string text = stderr_text(tail);
  std::size_t end = text.find_last_not_of(" \t\r\n");
  if (end == std::string::npos) return "";
  const std::size_t start = text.rfind('\n', end);
  std::string line = text.substr(start == std::string::npos ? 0 : start + 1, end + 1 - (start == std::string::npos ? 0 : start + 1));
  for (char& c : line)
    if (c == '\t') c = ' ';
  if (line.size() > 160) line = line.substr(0, 157) + "...";
  return line;
}

std::string verdicts_seen(const std::vector<RepeatOutcome>& repeats) {
  std::vector<std::pair<Verdict, int>> counts;
  for (const RepeatOutcome& repeat : repeats) {
    auto it = std::find_if(counts.begin(), counts.end(), [&](const auto& count) { return count.first == repeat.verdict; });
    if (it == counts.end()) counts.emplace_back(repeat.verdict, 1);
    else ++it->second;
  }
  std::string text;
  for (const auto& [verdict, count] : counts) text += fmt::format("{}{} x{}", text.empty() ? "" : ", ", verdict_name(verdict), count);
  return text;
}

CpuSpread cpu_spread(const std::vector<RepeatOutcome>& repeats) {
  if (repeats.empty()) return {};
  std::vector<std::int64_t> cpu;
  for (const RepeatOutcome& repeat : repeats) cpu.push_back(repeat.cpu_ms);
  std::sort(cpu.begin(), cpu.end());
  const std::size_t middle = cpu.size() / 2;
  const std::int64_t median = cpu.size() % 2 == 1 ? cpu[middle] : (cpu[middle - 1] + cpu[middle]) / 2;
  return {cpu.front(), median, cpu.back()};
}

nlohmann::json test_to_json(const TestOutcome& test, const std::vector<std::string>& metrics) {
  const TestFacts& facts = test.facts;
  nlohmann::json interactor = {
      {"exit", exit_to_json(facts.interactor.exit)},
      {"cpu_ms", facts.interactor.exit.cpu_ms},
      {"wall_ms", facts.interactor.exit.wall_ms},
      {"memory_kib", facts.interactor.exit.peak_kib},
      {"result", test.interactor_result},
  };
  const std::string sub_limit = limit_hit(facts.submission);
  const std::string inter_limit = limit_hit(facts.interactor);
  if (!inter_limit.empty()) interactor["limit_hit"] = inter_limit;
  nlohmann::json entry = {
      {"name", test.name},
      {"verdict", verdict_name(test.decision.verdict)},
      {"message", test.decision.message},
      {"cpu_ms", facts.submission.exit.cpu_ms},
      {"wall_ms", facts.submission.exit.wall_ms},
      {"memory_kib", facts.submission.exit.peak_kib},
      {"queries", optional_integer(test.interactor_result, "queries")},
      {"query_limit", optional_integer(test.interactor_result, "query_limit")},
      {"exit", exit_to_json(facts.submission.exit)},
      {"limit_hit", sub_limit.empty() ? nlohmann::json(nullptr) : nlohmann::json(sub_limit)},
      {"wall_limit_extended_ms", facts.wall_limit_extended_ms},
      {"waited_for_cpu_ms", facts.waited_for_cpu_ms},
      {"interactor", interactor},
      {"exited_first", side_name(facts.exited_first)},
      {"interactor_output_ended_first", facts.interactor_output_ended_first},
      {"transcript", test.transcript ? nlohmann::json(test.transcript->string()) : nullptr},
      {"rule", test.decision.rule},
      {"why", test.decision.why},
      {"stderr", stderr_text(test.submission_stderr)},
      {"judge", judge_delays_to_json(facts)},
  };
  if (!test.verdict_under.empty()) {
    nlohmann::json under = nlohmann::json::object();
    for (const auto& [preset, verdict] : test.verdict_under) under[std::string(preset_name(preset))] = verdict_name(verdict);
    entry["verdict_under"] = under;
  }
  if (!test.repeats.empty()) {
    entry["repeats"] = repeats_to_json(test.repeats);
    entry["stable"] = test.stable;
  }
  // The kernel stopped it at the judge's own cgroup's limit, not the test's: that limit
  // and the peak of every process of the test together, as the kernel counted them.
  if (outer_memory_limit_fired(facts.submission))
    entry["outer_memory_limit"] = {{"limit_kib", facts.submission.outer_memory_limit_kib},
                                   {"group_peak_kib", facts.submission.group_peak_kib}};
  if (!facts.report.team_message.empty()) entry["team_message"] = facts.report.team_message;
  if (facts.report.score) entry["score"] = *facts.report.score;
  if (!test.passes.is_null()) entry["passes"] = test.passes;
  // A CMS task: the manager's (or checker's) outcome, and each process's facts.
  if (test.interactor_result.is_object() && test.interactor_result.contains("outcome"))
    entry["outcome"] = test.interactor_result["outcome"];
  if (!test.record.passes.empty() && !test.record.passes.back().processes.empty())
    entry["processes"] = processes_to_json(test.record.passes.back().processes);
  entry["containment"] = test.containment;
  for (const auto& metric : metrics) {
    const auto& result = test.interactor_result;
    entry[metric] = result.is_object() && result.contains(metric) ? result[metric] : nullptr;
  }
  return entry;
}

nlohmann::json to_json(const RunResult& result) {
  nlohmann::json tests = nlohmann::json::array();
  for (const auto& test : result.tests) tests.push_back(test_to_json(test, result.metrics));
  if (result.score.top_level.contains("subtasks")) add_subtask_scores(result.score.top_level["subtasks"], tests);
  nlohmann::json entry = {
      {"problem", result.problem},
      {"submission", result.submission},
      {"verdict", verdict_name(result.verdict)},
      {"message", result.message},
      {"score", result.score.score},
      {"max_score", result.score.max_score},
      {"time_limit_ms", result.limits.cpu_ms},
      {"wall_limit_ms", result.limits.wall_ms},
      {"memory_limit_kib", result.limits.memory_kib},
      {"rules", preset_name(result.rules)},
      {"tests_planned", result.tests_planned},
      {"tests", tests},
  };
  if (!result.score.details.is_null()) entry["score_details"] = result.score.details;
  for (const auto& [key, value] : result.score.top_level.items()) entry[key] = value;
  // The whole run's containment is its first test's (every test is set up alike).
  entry["containment"] = result.tests.empty() ? nlohmann::json() : result.tests.front().containment;
  return entry;
}

std::string format_test_line(const TestOutcome& test, std::size_t name_width) {
  const TestFacts& facts = test.facts;
  std::string queries;
  const auto used = optional_integer(test.interactor_result, "queries");
  const auto limit = optional_integer(test.interactor_result, "query_limit");
  if (!used.is_null() && !limit.is_null())
    queries = fmt::format("{:>7}/{:<7} queries", used.get<long long>(), limit.get<long long>());
  std::string line = fmt::format(
      "  {:<{}}  {:<4} {:>6} ms {:>7.1f} MiB  {}", printable_line(test.name), name_width,
      verdict_name(test.decision.verdict), facts.submission.exit.cpu_ms,
      static_cast<double>(facts.submission.exit.peak_kib) / 1024.0, queries);
  if (!test.repeats.empty()) {
    const CpuSpread spread = cpu_spread(test.repeats);
    line += fmt::format("  cpu {}/{}/{} ms (min/median/max of {})", spread.min_ms, spread.median_ms, spread.max_ms,
                        test.repeats.size());
    if (!test.stable) line += fmt::format("  FLAKY: {}", verdicts_seen(test.repeats));
  }
  // A CMS task's test: the manager's (or checker's) outcome; a partial one (between
  // 0 and 1, an AC that earns part of its weight) says why, as a failure does.
  const std::optional<double> outcome = cms_outcome(test);
  if (outcome) line += fmt::format("  outcome {:g}", *outcome);
  if (test.decision.verdict != Verdict::AC || (outcome && *outcome > 0 && *outcome < 1)) {
    std::string message = test.decision.message;
    // The outcome is shown once: grade/cms_outcome.cpp adds it to a partial one's message.
    if (outcome) {
      const std::string suffix = fmt::format(" (outcome {:g})", *outcome);
      if (message.ends_with(suffix)) message.resize(message.size() - suffix.size());
      if (message == fmt::format("outcome {:g}", *outcome)) message.clear();
    }
    if (message.size() > 300) message = message.substr(0, 300) + "...";
    for (char& c : message)
      if (c == '\n') c = ' ';
    line += "  " + printable_line(message);
    // The last thing the program said, often why it failed (a Java "Could not find or
    // load main class", an assertion, a contestant's own debug line).
    if (const std::string last = stderr_last_line(test.submission_stderr); !last.empty())
      line += "  [stderr: " + printable_line(last) + "]";
  }
  while (!line.empty() && line.back() == ' ') line.pop_back();
  return line;
}

std::string message_headline(Verdict verdict, const std::string& message) {
  std::vector<std::string> lines;
  for (std::size_t start = 0; start <= message.size();) {
    const std::size_t end = std::min(message.find('\n', start), message.size());
    lines.push_back(message.substr(start, end - start));
    start = end + 1;
  }
  auto names_error = [](const std::string& line) {
    return line.find("error:") != std::string::npos || line.find("Error:") != std::string::npos ||
           line.find("error[") != std::string::npos;  // rustc: error[E0308]: ...
  };
  auto first_nonblank = std::find_if(lines.begin(), lines.end(), [](const std::string& line) {
    return line.find_first_not_of(" \t\r") != std::string::npos;
  });
  auto chosen = verdict == Verdict::CE ? std::find_if(lines.begin(), lines.end(), names_error) : lines.end();
  if (chosen == lines.end()) chosen = first_nonblank;
  if (chosen == lines.end()) return "";
  std::string line = *chosen;
  if (line.size() > 160) line = line.substr(0, 157) + "...";
  return line;
}

std::string format_summary(const RunResult& result) {
  if (result.verdict == Verdict::CE)
    return fmt::format("{} on {}: CE (compilation failed)\n{}", printable_line(result.submission),
                       printable_line(result.problem), printable(result.message));
  std::size_t accepted = 0;
  std::int64_t max_cpu_ms = 0, max_memory_kib = 0;
  for (const auto& test : result.tests) {
    accepted += test.decision.verdict == Verdict::AC ? 1 : 0;
    max_cpu_ms = std::max(max_cpu_ms, test.facts.submission.exit.cpu_ms);
    max_memory_kib = std::max(max_memory_kib, test.facts.submission.exit.peak_kib);
  }
  std::string summary = fmt::format(
      "{} on {}: {}  {}/{} tests AC{}, score {:g}/{:g}, max CPU {} ms of {} ms, max memory "
      "{:.1f} MiB of {} MiB",
      printable_line(result.submission), printable_line(result.problem), verdict_name(result.verdict), accepted,
      result.tests_planned,
      result.tests.size() < result.tests_planned
          ? fmt::format(" ({} not run)", result.tests_planned - result.tests.size())
          : "",
      result.score.score, result.score.max_score, max_cpu_ms, result.limits.cpu_ms,
      static_cast<double>(max_memory_kib) / 1024.0, result.limits.memory_kib / 1024);
  if (!result.tests.empty()) {
    // Said on the terminal too, not only in the JSON: a setter must see it.
    const std::string warning = containment_warning(result.tests.front().containment);
    if (!warning.empty()) summary += "\n  " + warning;
  }
  const nlohmann::json& extra = result.score.top_level;
  for (const auto& [key, value] : extra.items()) {
    if (key.rfind("max_", 0) == 0 && extra.contains(key + "_test") && !value.is_null())
      summary += fmt::format("\n  {} {} (test {})", key, printable_line(json_text(value)),
                             printable_line(extra[key + "_test"].get<std::string>()));
  }
  if (extra.contains("subtasks")) {
    for (const auto& subtask : extra["subtasks"])
      summary += fmt::format("\n  subtask {:<3} {:>5g}/{:<5g} {}", printable_line(subtask["name"].get<std::string>()),
                             subtask["points"].get<double>(), subtask["max_points"].get<double>(),
                             subtask["verdict"].get<std::string>());
  }
  return summary;
}

}  // namespace judge
