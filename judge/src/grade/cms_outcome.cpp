#include "grade/cms_outcome.hpp"

#include <signal.h>

#include <cmath>
#include <cstdlib>

#include <fmt/core.h>

#include "base/icpc_exit.hpp"

namespace judge {
namespace {

std::string first_line(const std::string& text) {
  std::string line = text.substr(0, text.find('\n'));
  line.erase(0, line.find_first_not_of(" \t\r\f\v"));
  line.erase(line.find_last_not_of(" \t\r\f\v") + 1);
  return line;
}

std::string with_message(std::string text, const std::string& message) {
  if (!message.empty()) text += fmt::format(" (its message: {})", message);
  return text;
}

// The manager's or checker's own failure, or nullopt. `processes_ran_out`: some
// process was still running at the wall limit too (then both waited: the processes'
// facts decide, as for an interactor that waited as the submission did).
std::optional<Decision> manager_fault(const CmsManagerFacts& manager, const Limits& limits, bool communication,
                                      bool processes_ran_out) {
  const char* who = communication ? "the manager" : "the checker";
  const EndFacts& end = manager.end;
  const std::string message = cms_message(manager.stderr_text);
  if (end.hit_cpu_limit || (end.exit.signaled && end.exit.signal == SIGXCPU))
    return Decision{Verdict::JE, fmt::format("{} exceeded its own CPU limit of {} ms", who, limits.interactor_cpu_ms)};
  if (end.hit_wall_limit) {
    if (processes_ran_out && end.exit.cpu_ms * 2 <= limits.wall_ms) return std::nullopt;
    if (end.alone_from_ms >= 0)
      return Decision{Verdict::JE, fmt::format("{} did not finish within {} ms after every process had ended, at {} "
                                               "ms ({} ms of CPU)",
                                               who, limits.wall_ms, end.alone_from_ms, end.exit.cpu_ms)};
    return Decision{Verdict::JE, fmt::format("{} did not finish within the wall limit of {} ms ({} ms of CPU){}", who,
                                             limits.wall_ms, end.exit.cpu_ms,
                                             processes_ran_out ? "" : " although every process had ended")};
  }
  if (end.exit.signaled)
    return Decision{Verdict::JE,
                    with_message(fmt::format("{} was killed by {}", who, signal_name(end.exit.signal)), message)};
  if (end.exit.exit_code != 0)
    return Decision{Verdict::JE, with_message(fmt::format("{} exited with code {} (CMS expects 0 and an outcome)", who,
                                                          end.exit.exit_code),
                                              message)};
  return std::nullopt;
}

// A process's failure, as decide_verdict reads a submission that ended this way
// beside an interactor that accepted; nullopt when it ended cleanly.
std::optional<Decision> process_fault(const ProcessRecord& process, const Limits& limits) {
  TestFacts facts;
  facts.limits = limits;
  facts.submission = process.end;
  facts.exec_error = process.exec_error;
  facts.interactor.exit.exit_code = icpc_accept_exit;
  const Decision decision = decide_verdict(facts);
  if (decision.verdict == Verdict::AC) return std::nullopt;
  return decision;
}

// What the manager (or checker, or white-diff) said of a run whose processes did not
// fail: its outcome into `outcome_out`, and the verdict with its message.
Decision manager_decision(const CmsManagerFacts& manager, bool communication, double& outcome_out) {
  if (!manager.ran && !manager.output_matches)  // a clean run is always checked: the executor's mistake
    return {Verdict::JE, "the judge failed: the run ended cleanly but was not checked"};
  std::optional<double> outcome = manager.output_matches ? std::optional<double>(*manager.output_matches ? 1.0 : 0.0)
                                                         : parse_cms_outcome(manager.stdout_text);
  const char* who = communication ? "the manager" : "the checker";
  if (!outcome || !std::isfinite(*outcome))
    return {Verdict::JE, fmt::format("{} printed no outcome (its first line of stdout should be a "
                                     "number, was \"{}\")",
                                     who, first_line(manager.stdout_text))};
  outcome_out = *outcome;
  std::string message = manager.output_matches
                            ? (*manager.output_matches ? "Output is correct" : "Output isn't correct")
                            : cms_message(manager.stderr_text);
  if (message.empty()) message = fmt::format("outcome {:g}", *outcome);
  else if (*outcome > 0 && *outcome < 1)
    message = fmt::format("{} (outcome {:g})", message, *outcome);
  return {*outcome > 0 ? Verdict::AC : Verdict::WA, message};
}

}  // namespace

std::optional<double> parse_cms_outcome(const std::string& stdout_text) {
  const std::string line = first_line(stdout_text);
  if (line.empty()) return std::nullopt;
  char* end = nullptr;
  const double value = std::strtod(line.c_str(), &end);
  if (end == line.c_str() || *end != '\0') return std::nullopt;
  return value;
}

std::string cms_message(const std::string& stderr_text) {
  const std::string line = first_line(stderr_text);
  if (line.rfind("translate:", 0) != 0) return line;
  std::string stock = line.substr(10);
  stock.erase(0, stock.find_first_not_of(" \t"));
  if (stock == "success") return "Output is correct";
  if (stock == "partial") return "Output is partially correct";
  if (stock == "wrong") return "Output isn't correct";
  return line;
}

CmsDecision decide_cms(const std::vector<ProcessRecord>& processes, const CmsManagerFacts& manager,
                       const Limits& limits, bool communication) {
  CmsDecision result;
  bool ran_out = false;
  for (const ProcessRecord& process : processes) ran_out = ran_out || process.end.hit_wall_limit;
  // A process that flooded its channel is blamed before the manager: whatever the
  // manager did after (still reading at the wall limit) was that flood's doing.
  for (std::size_t index = 0; index < processes.size(); ++index) {
    if (!processes[index].end.hit_output_limit) continue;
    result.failed_process = static_cast<int>(index);
    result.decision = *process_fault(processes[index], limits);
    if (processes.size() > 1) result.decision.message = fmt::format("process {}: {}", index, result.decision.message);
    return result;
  }
  if (manager.ran)
    if (auto fault = manager_fault(manager, limits, communication, ran_out)) {
      result.decision = *fault;
      return result;
    }
  std::int64_t cpu_ms = 0;
  for (const ProcessRecord& process : processes) cpu_ms += process.end.exit.cpu_ms;
  // Processes stopped at the wall limit were often only waiting for one that failed
  // by itself (a crash, its CPU limit): that one is blamed first.
  std::vector<std::size_t> order;
  for (const bool waited : {false, true})
    for (std::size_t index = 0; index < processes.size(); ++index)
      if (processes[index].end.hit_wall_limit == waited) order.push_back(index);
  // Killed writing to a manager that no longer reads (SIGPIPE): after the manager gave
  // outcome 0, a consequence of its rejection (as an interactor's, verdict_rules.cpp),
  // so its WA decides, with CMS's outcome 0 all the same. Whether the program got as
  // far as that write before the judge ended it after the manager is a race of the
  // host's: the verdict must not be (a linear guesser was RTE or WA by the load).
  const bool rejected = communication && manager.ran && !manager.output_matches &&
                        parse_cms_outcome(manager.stdout_text) == std::optional<double>(0.0);
  std::optional<std::size_t> broke_pipe;
  for (const std::size_t index : order) {
    const auto fault = process_fault(processes[index], limits);
    if (!fault) continue;
    const ExitFacts& exit = processes[index].end.exit;
    const bool sigpipe = exit.signaled && exit.signal == SIGPIPE;
    if (sigpipe && rejected) {
      broke_pipe = broke_pipe.value_or(index);
      continue;
    }
    result.failed_process = static_cast<int>(index);
    result.decision = *fault;
    // After the manager accepted, CMS counts it as failed (the outcome is 0); what the
    // manager said tells the contestant why it stopped.
    if (manager.ran && sigpipe && !cms_message(manager.stderr_text).empty())
      result.decision.message += fmt::format(" (it wrote after the manager had stopped reading; the manager said: {})",
                                             cms_message(manager.stderr_text));
    if (processes.size() > 1) result.decision.message = fmt::format("process {}: {}", index, result.decision.message);
    return result;
  }
  if (communication && cpu_ms >= limits.cpu_ms) {
    result.decision = {Verdict::TLE, fmt::format("the {} processes used {} ms of CPU together; the limit is {} ms",
                                                 processes.size(), cpu_ms, limits.cpu_ms)};
    return result;
  }
  result.decision = manager_decision(manager, communication, result.outcome);
  if (broke_pipe && result.decision.verdict == Verdict::WA)
    result.decision.message +=
        fmt::format(" ({}then wrote after the manager had stopped reading, and was killed by SIGPIPE)",
                    processes.size() > 1 ? fmt::format("process {} ", *broke_pipe) : "the program ");
  return result;
}

EndFacts merged_process_facts(const std::vector<ProcessRecord>& processes, int deciding) {
  if (processes.empty()) return {};
  EndFacts merged = processes[deciding >= 0 ? static_cast<std::size_t>(deciding) : 0].end;
  merged.exit.cpu_ms = 0;
  for (const ProcessRecord& process : processes) {
    merged.exit.cpu_ms += process.end.exit.cpu_ms;
    merged.exit.peak_kib = std::max(merged.exit.peak_kib, process.end.exit.peak_kib);
    merged.exit.wall_ms = std::max(merged.exit.wall_ms, process.end.exit.wall_ms);
  }
  return merged;
}

}  // namespace judge
