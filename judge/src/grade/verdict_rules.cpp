#include "grade/verdict_rules.hpp"

#include <signal.h>

#include <utility>

#include <fmt/core.h>

#include "base/icpc_exit.hpp"

namespace judge {
namespace {

std::string with_interactor_message(std::string text, const InteractorReport& report) {
  if (!report.message.empty()) text += fmt::format(" (interactor: {})", report.message);
  return text;
}

// The interactor's own verdict: an accept, or a reject with the reason it gave.
Decision interactor_decision(const TestFacts& facts) {
  if (facts.interactor.exit.exit_code == icpc_accept_exit) {
    return {Verdict::AC, facts.report.message.empty() ? "accepted" : facts.report.message};
  }
  Verdict reason = facts.report.reason.value_or(Verdict::WA);
  if (reason == Verdict::AC) reason = Verdict::WA;  // a reject is never AC
  std::string message = facts.report.message.empty() ? "rejected by the interactor"
                                                      : facts.report.message;
  return {reason, message};
}

// Rule 1: a broken interactor is a judge error, never the contestant's fault. At the
// wall limit, an interactor that waited as the submission did is not broken: then
// the submission's facts decide. That holds too when the interactor never sent
// anything: a protocol where the submission speaks first looks exactly like that, and
// a submission that waits for input there is idle (DOMjudge: a timeout), not a JE.
std::optional<Decision> interactor_fault(const TestFacts& facts) {
  const EndFacts& inter = facts.interactor;
  const InteractorReport& report = facts.report;
  if (inter.hit_cpu_limit || (inter.exit.signaled && inter.exit.signal == SIGXCPU))
    return Decision{Verdict::JE, fmt::format("the interactor exceeded its own CPU limit of {} ms",
                                             facts.limits.interactor_cpu_ms)};
  if (inter.hit_wall_limit) {
    if (!facts.submission.hit_wall_limit)
      return Decision{Verdict::JE,
                      fmt::format("the interactor did not finish within the wall limit of {} ms "
                                  "although the submission had ended",
                                  facts.limits.wall_ms)};
    if (inter.exit.cpu_ms * 2 > facts.limits.wall_ms)
      return Decision{Verdict::JE, fmt::format("the interactor kept computing ({} ms of CPU) until "
                                               "the wall limit of {} ms",
                                               inter.exit.cpu_ms, facts.limits.wall_ms)};
    return std::nullopt;
  }
  if (inter.exit.signaled)
    return Decision{Verdict::JE, with_interactor_message(
                                     fmt::format("the interactor was killed by {}",
                                                 signal_name(inter.exit.signal)),
                                     report)};
  if (!report.failed.empty()) return Decision{Verdict::JE, with_interactor_message(report.failed, report)};
  if (inter.exit.exit_code != icpc_accept_exit && inter.exit.exit_code != icpc_reject_exit)
    return Decision{Verdict::JE, with_interactor_message(
                                     fmt::format("the interactor exited with code {} (expected {} "
                                                 "accept or {} reject)",
                                                 inter.exit.exit_code, icpc_accept_exit, icpc_reject_exit),
                                     report)};
  if (!report.malformed.empty())
    return Decision{Verdict::JE,
                    fmt::format("the interactor's result.json is unusable: {}", report.malformed)};
  return std::nullopt;
}

// Rule 2: the interactor rejected first, for a reason of its own: that is the
// verdict. Whatever happened to the submission afterwards (SIGPIPE, the judge's
// SIGKILL, a crash on reading end-of-file) is a consequence. The reason is the
// interactor's own when it says so (contestant_eof false), else when it was seen to
// end first.
bool rejected_for_its_own_reason(const TestFacts& facts) {
  const bool own_reason = facts.report.contestant_eof_reported ? !facts.report.contestant_eof
                                                               : facts.exited_first == Side::interactor;
  return !facts.interactor.hit_wall_limit && facts.interactor.exit.exit_code == icpc_reject_exit && own_reason;
}

std::optional<Decision> time_or_idle(const TestFacts& facts) {
  const EndFacts& sub = facts.submission;
  if (sub.hit_cpu_limit || sub.exit.cpu_ms > facts.limits.cpu_ms ||
      (sub.exit.signaled && sub.exit.signal == SIGXCPU))
    return Decision{Verdict::TLE, fmt::format("used {} ms of CPU time; the limit is {} ms",
                                              sub.exit.cpu_ms, facts.limits.cpu_ms)};
  if (!sub.hit_wall_limit) return std::nullopt;
  return Decision{
      Verdict::ILE,
      fmt::format("still running after the wall-clock limit of {} ms while using only {} ms of "
                  "CPU: it was waiting for input that never came (did it flush its output after "
                  "every message?){}",
                  facts.limits.wall_ms, sub.exit.cpu_ms,
                  facts.wall_limit_extended_ms > 0
                      ? fmt::format(" [the limit was extended by {} ms that it spent waiting "
                                    "for a busy CPU]",
                                    facts.wall_limit_extended_ms)
                      : "")};
}

// The peak an MLE message names. When the processes together (kernel memory
// included) used far more than the largest one, say so: a program that forks many
// small processes reaches the limit that way, and "peak 1 MiB" alone would puzzle.
std::string peak_words(const EndFacts& sub) {
  if (sub.group_peak_kib > 2 * sub.exit.peak_kib)
    return fmt::format("its processes together peaked at {} KiB, kernel memory for them "
                       "included; the largest one at {} KiB",
                       sub.group_peak_kib, sub.exit.peak_kib);
  return fmt::format("peak {} KiB when it was killed", sub.exit.peak_kib);
}

// Rule 3: the submission's own faults, in order of precedence: TLE, ILE, MLE, OLE, RTE.
std::optional<Decision> submission_fault(const TestFacts& facts) {
  if (!facts.exec_error.empty())
    return Decision{Verdict::RTE, fmt::format("could not be executed: {}", facts.exec_error)};
  if (auto decision = time_or_idle(facts)) return decision;
  const EndFacts& sub = facts.submission;
  const bool crashed = (sub.exit.signaled && !sub.killed_by_judge) ||
                       (!sub.exit.signaled && sub.exit.exit_code != 0);
  const std::int64_t memory_kib = facts.limits.memory_kib;
  const bool peak_near_limit =
      memory_kib > 0 && static_cast<double>(sub.exit.peak_kib) >=
                            memory_limit_share_for_mle * static_cast<double>(memory_kib);
  if (crashed && sub.oom_killed)
    return Decision{Verdict::MLE,
                    fmt::format("ran out of memory: killed by the kernel at the memory limit of {} "
                                "KiB ({})",
                                memory_kib, peak_words(sub))};
  // MLE only from facts the kernel gave: an OOM kill (above), the cgroup's limit
  // reached, or a peak at the limit. Never from what the program printed.
  if (crashed && (sub.memory_limit_reached || peak_near_limit))
    return Decision{Verdict::MLE, fmt::format("ran out of memory: peak {} KiB, the limit is {} KiB{}",
                                              sub.exit.peak_kib, memory_kib,
                                              sub.memory_limit_reached ? " (the limit was reached)" : "")};
  if (sub.exit.signaled && sub.exit.signal == SIGXFSZ)
    return Decision{Verdict::OLE, "wrote more than the output limit allows (killed by SIGXFSZ)"};
  if (!crashed) return std::nullopt;
  if (!sub.exit.signaled)
    return Decision{Verdict::RTE, fmt::format("exited with code {}", sub.exit.exit_code)};
  // Writing into a pipe the interactor has already closed is a consequence of the
  // interactor having finished, not a crash of the submission.
  if (sub.exit.signal == SIGPIPE && facts.exited_first == Side::interactor) return std::nullopt;
  return Decision{Verdict::RTE,
                  with_interactor_message(fmt::format("killed by {}", signal_name(sub.exit.signal)),
                                          facts.report.contestant_eof ? InteractorReport{} : facts.report)};
}

}  // namespace

Decision decide_verdict(const TestFacts& facts) {
  if (auto decision = interactor_fault(facts)) return *decision;
  if (rejected_for_its_own_reason(facts)) return interactor_decision(facts);
  if (auto decision = submission_fault(facts)) return *decision;
  // Rule 4: otherwise, the interactor's verdict.
  return interactor_decision(facts);
}

}  // namespace judge
