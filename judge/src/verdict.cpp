#include "verdict.hpp"

#include <signal.h>

#include <array>
#include <utility>

#include <fmt/core.h>

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

std::string with_interactor_message(std::string text, const InteractorReport& report) {
  if (!report.message.empty()) text += fmt::format(" (interactor: {})", report.message);
  return text;
}

// The interactor's own verdict: 42 accepts, 43 rejects with the reason it gave.
Decision interactor_decision(const TestFacts& facts) {
  if (facts.interactor.exit.exit_code == 42) {
    return {Verdict::AC, facts.report.message.empty() ? "accepted" : facts.report.message};
  }
  Verdict reason = facts.report.reason.value_or(Verdict::WA);
  if (reason == Verdict::AC) reason = Verdict::WA;  // a reject is never AC
  std::string message = facts.report.message.empty() ? "rejected by the interactor"
                                                      : facts.report.message;
  return {reason, message};
}

}  // namespace

std::string_view verdict_name(Verdict verdict) {
  for (const auto& info : verdict_table)
    if (info.verdict == verdict) return info.name;
  return "?";
}

std::optional<Verdict> parse_verdict(std::string_view name) {
  for (const auto& info : verdict_table)
    if (info.name == name) return info.verdict;
  return std::nullopt;
}

std::string_view verdict_folder(Verdict verdict) {
  for (const auto& info : verdict_table)
    if (info.verdict == verdict) return info.folder;
  return "?";
}

std::optional<Verdict> verdict_from_folder(std::string_view folder) {
  for (const auto& info : verdict_table)
    if (info.folder == folder) return info.verdict;
  return std::nullopt;
}

std::string_view side_name(Side side) {
  switch (side) {
    case Side::submission: return "submission";
    case Side::interactor: return "interactor";
    case Side::none: break;
  }
  return "none";
}

Decision decide_verdict(const TestFacts& facts) {
  const EndFacts& sub = facts.submission;
  const EndFacts& inter = facts.interactor;
  const InteractorReport& report = facts.report;

  // 1. A broken interactor is a judge error, never the contestant's fault.
  if (inter.hit_cpu_limit || (inter.exit.signaled && inter.exit.signal == SIGXCPU)) {
    return {Verdict::JE, fmt::format("the interactor exceeded its own CPU limit of {} ms",
                                     facts.interactor_time_limit_ms)};
  }
  if (inter.hit_wall_limit) {
    if (!sub.hit_wall_limit) {
      return {Verdict::JE,
              fmt::format("the interactor did not finish within the wall limit of {} ms "
                          "although the submission had ended",
                          facts.wall_limit_ms)};
    }
    if (inter.exit.cpu_ms * 2 > facts.wall_limit_ms) {
      return {Verdict::JE, fmt::format("the interactor kept computing ({} ms of CPU) until "
                                       "the wall limit of {} ms",
                                       inter.exit.cpu_ms, facts.wall_limit_ms)};
    }
    if (facts.interactor_bytes_written == 0) {
      return {Verdict::JE, fmt::format("the interactor never sent anything: both sides waited "
                                       "for each other until the wall limit of {} ms",
                                       facts.wall_limit_ms)};
    }
    // Both waited for each other until the limit: decided by the submission's facts.
  } else if (inter.exit.signaled) {
    return {Verdict::JE, with_interactor_message(
                             fmt::format("the interactor was killed by {}",
                                         signal_name(inter.exit.signal)),
                             report)};
  } else if (inter.exit.exit_code != 42 && inter.exit.exit_code != 43) {
    return {Verdict::JE, with_interactor_message(
                             fmt::format("the interactor exited with code {} (expected 42 "
                                         "accept or 43 reject)",
                                         inter.exit.exit_code),
                             report)};
  } else if (!report.malformed.empty()) {
    return {Verdict::JE, fmt::format("the interactor's result.json is unusable: {}",
                                     report.malformed)};
  }
  const bool interactor_finished = !inter.hit_wall_limit;

  // 2. The interactor rejected first, for a reason of its own: that is the verdict.
  //    Whatever happened to the submission afterwards (SIGPIPE, the judge's SIGKILL,
  //    a crash on reading end-of-file) is a consequence. The reason is the
  //    interactor's own when it says so (contestant_eof false), else when it was
  //    seen to end first.
  const bool own_reason = report.contestant_eof_reported
                              ? !report.contestant_eof
                              : facts.exited_first == Side::interactor;
  if (interactor_finished && inter.exit.exit_code == 43 && own_reason) {
    return interactor_decision(facts);
  }

  // 3. The submission's own faults, in order of precedence.
  if (sub.hit_cpu_limit || sub.exit.cpu_ms > facts.time_limit_ms ||
      (sub.exit.signaled && sub.exit.signal == SIGXCPU)) {
    return {Verdict::TLE, fmt::format("used {} ms of CPU time; the limit is {} ms",
                                      sub.exit.cpu_ms, facts.time_limit_ms)};
  }
  if (sub.hit_wall_limit) {
    return {Verdict::ILE,
            fmt::format("still running after the wall-clock limit of {} ms while using only "
                        "{} ms of CPU: it was waiting for input that never came (did it "
                        "flush its output after every message?){}",
                        facts.wall_limit_ms, sub.exit.cpu_ms,
                        facts.wall_limit_extended_ms > 0
                            ? fmt::format(" [the limit was extended by {} ms that it spent "
                                          "waiting for a busy CPU]",
                                          facts.wall_limit_extended_ms)
                            : "")};
  }
  const bool crashed = (sub.exit.signaled && !sub.killed_by_judge) ||
                       (!sub.exit.signaled && sub.exit.exit_code != 0);
  const bool peak_near_limit =
      facts.memory_limit_kib > 0 &&
      static_cast<double>(sub.exit.peak_kib) >=
          memory_limit_share_for_mle * static_cast<double>(facts.memory_limit_kib);
  if (crashed && sub.oom_killed) {
    return {Verdict::MLE,
            fmt::format("ran out of memory: killed by the kernel at the memory limit of {} KiB (peak {} KiB when "
                        "it was killed)",
                        facts.memory_limit_kib, sub.exit.peak_kib)};
  }
  if (crashed && (facts.stderr_reports_out_of_memory || peak_near_limit)) {
    return {Verdict::MLE,
            fmt::format("ran out of memory: peak {} KiB, the limit is {} KiB{}",
                        sub.exit.peak_kib, facts.memory_limit_kib,
                        facts.stderr_reports_out_of_memory
                            ? " (an allocation failed)"
                            : "")};
  }
  if (sub.exit.signaled && sub.exit.signal == SIGXFSZ) {
    return {Verdict::OLE, "wrote more than the output limit allows (killed by SIGXFSZ)"};
  }
  if (crashed) {
    if (sub.exit.signaled) {
      // Writing into a pipe the interactor has already closed is a consequence of
      // the interactor having finished, not a crash of the submission.
      const bool sigpipe_after_interactor =
          sub.exit.signal == SIGPIPE && facts.exited_first == Side::interactor;
      if (!sigpipe_after_interactor) {
        return {Verdict::RTE, with_interactor_message(
                                  fmt::format("killed by {}", signal_name(sub.exit.signal)),
                                  report.contestant_eof ? InteractorReport{} : report)};
      }
    } else {
      return {Verdict::RTE, fmt::format("exited with code {}", sub.exit.exit_code)};
    }
  }

  // 4. Otherwise, the interactor's verdict.
  return interactor_decision(facts);
}

}  // namespace judge
