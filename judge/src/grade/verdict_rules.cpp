#include "grade/verdict_rules.hpp"

#include <signal.h>

#include <utility>

#include <fmt/core.h>

#include "base/enum_name.hpp"
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

Decision decided(Verdict verdict, std::string message, std::string_view rule, std::string why) {
  return Decision{verdict, std::move(message), std::string(rule), std::move(why)};
}

bool over_cpu_limit(const TestFacts& facts) {
  const EndFacts& sub = facts.submission;
  return sub.hit_cpu_limit || sub.exit.cpu_ms > facts.limits.cpu_ms ||
         (sub.exit.signaled && sub.exit.signal == SIGXCPU);
}

// How the judge knows the submission went over its CPU limit, for a "why".
std::string cpu_evidence(const TestFacts& facts) {
  const EndFacts& sub = facts.submission;
  if (sub.hit_cpu_limit) return fmt::format("the judge stopped it at {} ms of CPU", sub.exit.cpu_ms);
  if (sub.exit.signaled && sub.exit.signal == SIGXCPU)
    return fmt::format("the kernel's RLIMIT_CPU backstop ended it (SIGXCPU) at {} ms of CPU", sub.exit.cpu_ms);
  return fmt::format("it used {} ms of CPU", sub.exit.cpu_ms);
}

// Rule 0: the submission went over its CPU limit and the interactor then ran out of
// wall time, because the submission had used that time up: the submission ended
// (was reaped) with less than interactor_grace_ms of the wall limit left. A judge
// starved of CPU sees this: the kernel's backstop ends the submission, the judge
// reaps it late and finds the deadline passed before the interactor could see
// end-of-file. TLE in every preset: the interactor did nothing wrong.
std::optional<Decision> submission_used_up_the_wall_time(const TestFacts& facts) {
  const EndFacts& inter = facts.interactor;
  if (!inter.hit_wall_limit || facts.submission.hit_wall_limit || !over_cpu_limit(facts)) return std::nullopt;
  const std::int64_t deadline_ms = facts.limits.wall_ms + facts.wall_limit_extended_ms;
  const std::int64_t left_ms = deadline_ms - facts.submission.exit.wall_ms;
  if (left_ms >= interactor_grace_ms) return std::nullopt;
  return decided(Verdict::TLE,
                 fmt::format("used {} ms of CPU time; the limit is {} ms", facts.submission.exit.cpu_ms,
                             facts.limits.cpu_ms),
                 "submission_used_up_the_wall_time",
                 fmt::format("the submission went over its CPU limit of {} ms ({}) and ended only {} ms "
                             "before the wall limit of {} ms, so the interactor's wall limit ran out "
                             "because of the submission: TLE, not a judge error",
                             facts.limits.cpu_ms, cpu_evidence(facts), std::max<std::int64_t>(left_ms, 0),
                             deadline_ms));
}

// Rule 1: a broken interactor is a judge error, never the contestant's fault. At the
// wall limit, an interactor that waited as the submission did is not broken: then
// the submission's facts decide. That holds too when the interactor never sent
// anything: a protocol where the submission speaks first looks exactly like that, and
// a submission that waits for input there is idle (DOMjudge: a timeout), not a JE.
std::optional<Decision> interactor_fault(const TestFacts& facts) {
  const EndFacts& inter = facts.interactor;
  const InteractorReport& report = facts.report;
  constexpr std::string_view never_contestant = ": a broken interactor is a judge error, never the contestant's fault";
  if (inter.hit_cpu_limit || (inter.exit.signaled && inter.exit.signal == SIGXCPU))
    return decided(Verdict::JE,
                   fmt::format("the interactor exceeded its own CPU limit of {} ms", facts.limits.interactor_cpu_ms),
                   "interactor_cpu_limit",
                   fmt::format("the interactor used {} ms of CPU, over its own limit of {} ms{}", inter.exit.cpu_ms,
                               facts.limits.interactor_cpu_ms, never_contestant));
  if (inter.hit_wall_limit) {
    if (!facts.submission.hit_wall_limit)
      return decided(Verdict::JE,
                     fmt::format("the interactor did not finish within the wall limit of {} ms "
                                 "although the submission had ended",
                                 facts.limits.wall_ms),
                     "interactor_outlived_submission",
                     fmt::format("the submission ended {} ms into the test, within its CPU limit, and the "
                                 "interactor was still running at the wall limit{}",
                                 facts.submission.exit.wall_ms, never_contestant));
    if (inter.exit.cpu_ms * 2 > facts.limits.wall_ms)
      return decided(Verdict::JE,
                     fmt::format("the interactor kept computing ({} ms of CPU) until the wall limit of {} ms",
                                 inter.exit.cpu_ms, facts.limits.wall_ms),
                     "interactor_kept_computing",
                     fmt::format("both were still running at the wall limit and the interactor had used {} ms "
                                 "of CPU, more than half of it: it was computing, not waiting{}",
                                 inter.exit.cpu_ms, never_contestant));
    return std::nullopt;
  }
  if (inter.exit.signaled)
    return decided(Verdict::JE,
                   with_interactor_message(
                       fmt::format("the interactor was killed by {}", signal_name(inter.exit.signal)), report),
                   "interactor_crashed",
                   fmt::format("the interactor was killed by {}{}", signal_name(inter.exit.signal), never_contestant));
  if (!report.failed.empty())
    return decided(Verdict::JE, with_interactor_message(report.failed, report), "interactor_failed",
                   fmt::format("the interactor (or its checker) said it failed itself{}", never_contestant));
  if (inter.exit.exit_code != icpc_accept_exit && inter.exit.exit_code != icpc_reject_exit)
    return decided(Verdict::JE,
                   with_interactor_message(fmt::format("the interactor exited with code {} (expected {} "
                                                       "accept or {} reject)",
                                                       inter.exit.exit_code, icpc_accept_exit, icpc_reject_exit),
                                           report),
                   "interactor_exit_code",
                   fmt::format("the interactor exited with code {}, which is neither {} (accept) nor {} "
                               "(reject){}",
                               inter.exit.exit_code, icpc_accept_exit, icpc_reject_exit, never_contestant));
  if (!report.malformed.empty())
    return decided(Verdict::JE, fmt::format("the interactor's result.json is unusable: {}", report.malformed),
                   "interactor_result_json",
                   fmt::format("the interactor's result.json is unusable ({}){}", report.malformed, never_contestant));
  return std::nullopt;
}

// Rule 2: the interactor rejected first, for a reason of its own: that is the
// verdict. Whatever happened to the submission afterwards (SIGPIPE, the judge's
// SIGKILL, a crash on reading end-of-file) is a consequence. The reason is the
// interactor's own when it says so (contestant_eof false), else when it ended first:
// it was reaped first, or its output had ended before it could know of the
// submission's end (interactor_output_ended_first: a testlib interactor that rejects
// and a Python submission that then crashes on end-of-file, reaped in either order).
// DOMjudge knows only the order its runpipe saw the two exit in.
bool interactor_ended_first(const TestFacts& facts, RulePreset preset) {
  return facts.exited_first == Side::interactor ||
         (preset != RulePreset::domjudge && facts.interactor_output_ended_first);
}

bool rejected_for_its_own_reason(const TestFacts& facts, RulePreset preset) {
  const bool by_report = preset != RulePreset::domjudge && facts.report.contestant_eof_reported;
  const bool own_reason = by_report ? !facts.report.contestant_eof : interactor_ended_first(facts, preset);
  return !facts.interactor.hit_wall_limit && facts.interactor.exit.exit_code == icpc_reject_exit && own_reason;
}

std::optional<Decision> time_or_idle(const TestFacts& facts) {
  const EndFacts& sub = facts.submission;
  if (over_cpu_limit(facts))
    return decided(Verdict::TLE,
                   fmt::format("used {} ms of CPU time; the limit is {} ms", sub.exit.cpu_ms, facts.limits.cpu_ms),
                   "cpu_limit",
                   fmt::format("the submission went over its CPU limit of {} ms: {}", facts.limits.cpu_ms,
                               cpu_evidence(facts)));
  if (!sub.hit_wall_limit) return std::nullopt;
  return decided(
      Verdict::ILE,
      fmt::format("still running after the wall-clock limit of {} ms while using only {} ms of "
                  "CPU: it was waiting for input that never came (did it flush its output after "
                  "every message?){}",
                  facts.limits.wall_ms, sub.exit.cpu_ms,
                  facts.wall_limit_extended_ms > 0
                      ? fmt::format(" [the limit was extended by {} ms that it spent waiting "
                                    "for a busy CPU]",
                                    facts.wall_limit_extended_ms)
                      : ""),
      "idle",
      fmt::format("the submission was still running at the wall limit of {} ms with only {} ms of CPU, and "
                  "the interactor was waiting too (it had written {} bytes): the submission was idle",
                  facts.limits.wall_ms + facts.wall_limit_extended_ms, sub.exit.cpu_ms,
                  facts.interactor_bytes_written));
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

// "150 MiB", or "150.5 MiB" where the KiB are not whole MiB.
std::string mib_words(std::int64_t kib) {
  if (kib % 1024 == 0) return fmt::format("{} MiB", kib / 1024);
  return fmt::format("{:.1f} MiB", static_cast<double>(kib) / 1024.0);
}

bool crashed(const EndFacts& sub) {
  return (sub.exit.signaled && !sub.killed_by_judge) || (!sub.exit.signaled && sub.exit.exit_code != 0);
}

// MLE only from facts the kernel gave: an OOM kill, the cgroup's limit reached, or a
// peak at the limit. Never from what the program printed.
std::optional<Decision> memory_or_output(const TestFacts& facts) {
  const EndFacts& sub = facts.submission;
  const std::int64_t memory_kib = facts.limits.memory_kib;
  const bool peak_near_limit =
      memory_kib > 0 && static_cast<double>(sub.exit.peak_kib) >=
                            memory_limit_share_for_mle * static_cast<double>(memory_kib);
  if (crashed(sub) && outer_memory_limit_fired(sub))
    return decided(Verdict::MLE,
                   fmt::format("ran out of memory: killed by the kernel at the memory limit of the judge's own cgroup "
                               "({}), reached before the problem's {} ({})",
                               mib_words(sub.outer_memory_limit_kib), mib_words(memory_kib), peak_words(sub)),
                   "outer_memory_limit",
                   fmt::format("the kernel killed the submission at the memory limit of {} KiB of a cgroup above the "
                               "test's (the judge's own, or the job's, container's or unit's it runs in), while the "
                               "test's own limit of {} KiB was never reached",
                               sub.outer_memory_limit_kib, memory_kib));
  if (crashed(sub) && sub.oom_killed)
    return decided(Verdict::MLE,
                   fmt::format("ran out of memory: killed by the kernel at the memory limit of {} KiB ({})",
                               memory_kib, peak_words(sub)),
                   "oom_killed",
                   fmt::format("the kernel's memory cgroup killed the submission at its limit of {} KiB", memory_kib));
  if (crashed(sub) && (sub.memory_limit_reached || peak_near_limit))
    return decided(Verdict::MLE,
                   fmt::format("ran out of memory: peak {} KiB, the limit is {} KiB{}", sub.exit.peak_kib, memory_kib,
                               sub.memory_limit_reached ? " (the limit was reached)" : ""),
                   "memory_limit_crash",
                   fmt::format("the submission crashed after {}", sub.memory_limit_reached
                                                                      ? std::string("its memory cgroup reached the limit")
                                                                      : fmt::format("a peak of {} KiB, at least {:g} of "
                                                                                    "the limit",
                                                                                    sub.exit.peak_kib,
                                                                                    memory_limit_share_for_mle)));
  if (sub.hit_output_limit)
    return decided(Verdict::OLE,
                   fmt::format("wrote more than {} KiB into its channel to the manager (a flood: the limit is "
                               "the output limit, at least {} MiB)",
                               cms_channel_limit_kib(facts.limits), cms_channel_min_kib / 1024),
                   "output_limit",
                   fmt::format("the judge stopped the process once it had written {} KiB to the manager",
                               cms_channel_limit_kib(facts.limits)));
  if (sub.exit.signaled && sub.exit.signal == SIGXFSZ)
    return decided(Verdict::OLE, "wrote more than the output limit allows (killed by SIGXFSZ)", "output_limit",
                   fmt::format("the kernel ended the submission with SIGXFSZ for a file over the output limit of {} "
                               "KiB",
                               facts.limits.output_kib));
  return std::nullopt;
}

// Rule 3: the submission's own faults, in order of precedence: TLE, ILE, MLE, OLE, RTE.
std::optional<Decision> submission_fault(const TestFacts& facts) {
  if (!facts.exec_error.empty())
    return decided(Verdict::RTE, fmt::format("could not be executed: {}", facts.exec_error), "not_executable",
                   "the submission could not be executed (the kernel refused it): its own fault");
  if (auto decision = time_or_idle(facts)) return decision;
  if (auto decision = memory_or_output(facts)) return decision;
  const EndFacts& sub = facts.submission;
  if (!crashed(sub)) return std::nullopt;
  if (!sub.exit.signaled)
    return decided(Verdict::RTE, fmt::format("exited with code {}", sub.exit.exit_code), "nonzero_exit",
                   fmt::format("the submission exited with code {} before the interactor decided", sub.exit.exit_code));
  // Writing into a pipe the interactor has already closed is a consequence of the
  // interactor having finished, not a crash of the submission.
  if (sub.exit.signal == SIGPIPE && interactor_ended_first(facts, RulePreset::icpc)) return std::nullopt;
  return decided(Verdict::RTE,
                 with_interactor_message(fmt::format("killed by {}", signal_name(sub.exit.signal)),
                                         facts.report.contestant_eof ? InteractorReport{} : facts.report),
                 "crashed",
                 fmt::format("the submission was killed by {}, not by the judge, before the interactor decided",
                             signal_name(sub.exit.signal)));
}

// What the submission's own end would have decided, for a "why" that names what a
// reject won over.
std::string later_fault_words(const TestFacts& facts) {
  const auto fault = submission_fault(facts);
  if (!fault) return "how the submission ended after it";
  return fmt::format("the later {}", verdict_name(fault->verdict));
}

Decision rejected_first(const TestFacts& facts, RulePreset preset) {
  Decision decision = interactor_decision(facts);
  const std::string_view verdict = verdict_name(decision.verdict);
  if (preset == RulePreset::domjudge) {
    decision.rule = "rejected_first";
    decision.why = fmt::format("the interactor rejected (exit 43) and exited first: {} wins over {}, as DOMjudge's "
                               "testcase_run says when the validator exits first",
                               verdict, later_fault_words(facts));
  } else if (facts.report.contestant_eof_reported) {
    decision.rule = "rejected_for_own_reason";
    decision.why = fmt::format("the interactor rejected (exit 43) for a reason of its own (result.json "
                               "contestant_eof false), not because the submission's output ended: {} wins over {}, "
                               "as ICPC's rules say",
                               verdict, later_fault_words(facts));
  } else {
    decision.rule = "rejected_first";
    decision.why = fmt::format("the interactor rejected first (exit 43) while the submission was still running: {} "
                               "wins over {}, as ICPC's rules say",
                               verdict, later_fault_words(facts));
  }
  return decision;
}

// limits-first: a limit the submission went over decides, whatever the interactor
// said (PC^2's ruling, CMS-style systems).
std::optional<Decision> over_a_limit(const TestFacts& facts) {
  auto fault = submission_fault(facts);
  if (!fault || fault->verdict == Verdict::RTE) return std::nullopt;
  if (!rejected_for_its_own_reason(facts, RulePreset::icpc)) return fault;
  fault->rule = "limit_over_reject";
  fault->why = fmt::format("{}; the interactor rejected too (exit 43), but under limits-first rules (PC^2, CMS) a "
                           "submission over a limit gets that limit's verdict whatever the interactor said",
                           fault->why);
  return fault;
}

// Rule 4: the interactor's verdict, once nothing of the submission decided.
Decision interactor_verdict(const TestFacts& facts) {
  Decision decision = interactor_decision(facts);
  const std::string how_it_ended = facts.submission.exit.signaled
                                       ? fmt::format("the submission's {} came after the interactor had ended (a "
                                                     "consequence, not a crash)",
                                                     signal_name(facts.submission.exit.signal))
                                       : "the submission ended cleanly within its limits";
  decision.rule = decision.verdict == Verdict::AC ? "accepted" : "rejected";
  decision.why = decision.verdict == Verdict::AC
                     ? fmt::format("the interactor accepted (exit 42) and {}", how_it_ended)
                     : fmt::format("the interactor rejected (exit 43) after the submission's output ended, and {}: "
                                   "the interactor's {}",
                                   how_it_ended, verdict_name(decision.verdict));
  return decision;
}

}  // namespace

std::string_view preset_name(RulePreset preset) {
  return enum_name(preset, std::array<std::string_view, 3>{"icpc", "domjudge", "limits-first"});
}

std::optional<RulePreset> parse_preset(std::string_view name) {
  for (RulePreset preset : all_rule_presets)
    if (preset_name(preset) == name) return preset;
  return std::nullopt;
}

const std::vector<std::string_view>& verdict_rule_ids() {
  static const std::vector<std::string_view> ids{"submission_used_up_the_wall_time",
                                                 "interactor_cpu_limit",
                                                 "interactor_outlived_submission",
                                                 "interactor_kept_computing",
                                                 "interactor_crashed",
                                                 "interactor_failed",
                                                 "interactor_exit_code",
                                                 "interactor_result_json",
                                                 "limit_over_reject",
                                                 "rejected_first",
                                                 "rejected_for_own_reason",
                                                 "not_executable",
                                                 "cpu_limit",
                                                 "idle",
                                                 "outer_memory_limit",
                                                 "oom_killed",
                                                 "memory_limit_crash",
                                                 "output_limit",
                                                 "nonzero_exit",
                                                 "crashed",
                                                 "accepted",
                                                 "rejected"};
  return ids;
}

bool outer_memory_limit_fired(const EndFacts& end) {
  return end.oom_killed && !end.memory_limit_reached && end.outer_memory_limit_kib > 0;
}

Decision decide_verdict(const TestFacts& facts, RulePreset preset) {
  if (auto decision = submission_used_up_the_wall_time(facts)) return *decision;
  if (auto decision = interactor_fault(facts)) return *decision;
  if (preset == RulePreset::limits_first)
    if (auto decision = over_a_limit(facts)) return *decision;
  if (rejected_for_its_own_reason(facts, preset)) return rejected_first(facts, preset);
  if (auto decision = submission_fault(facts)) return *decision;
  return interactor_verdict(facts);
}

}  // namespace judge
