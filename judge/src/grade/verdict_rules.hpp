// The verdict of one test, decided once, by one pure function over the facts the
// runner recorded (how each process ended, its CPU time and memory, which limit the
// judge enforced, what the interactor reported). Nothing here touches a process,
// so every rule is pinned by a table of cases in verdict_rules_test.cpp.
//
// Each decision names the rule that made it (a stable id from verdict_rule_ids())
// and says why in one sentence, for the JSON's "why". Contest systems order the
// rules differently where the interactor's reject and the submission's own end
// compete; a RulePreset chooses the order (docs/verdicts.md has the three side by
// side with their sources): `icpc` (problemtools, Kattis: the default), `domjudge`
// (its testcase_run: only the order the two ended in counts) and `limits_first`
// (PC^2, CMS-style: a submission over a limit gets that limit's verdict whatever
// the interactor said).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/exit_facts.hpp"
#include "base/limits.hpp"
#include "base/verdict.hpp"

namespace judge {

// How a process of the test ended, as the runner saw it.
struct EndFacts {
  ExitFacts exit;
  bool killed_by_judge = false;  // the judge sent SIGKILL (a limit, or cleanup)
  bool hit_wall_limit = false;   // ... because the test's wall-clock limit ran out
  bool hit_cpu_limit = false;    // ... because it reached its CPU limit
  // The kernel's memory cgroup of the test killed a process of it for reaching the
  // memory limit (memory.oom_control / memory.events "oom_kill").
  bool oom_killed = false;
  // The test's memory cgroup reached its limit at some point (v1 memory.failcnt, v2
  // memory.events "max"): an allocation may have failed there.
  bool memory_limit_reached = false;
  // The memory cgroup's peak in KiB (-1: unknown): every process of the submission
  // together, kernel memory included. A fork bomb reaches the limit this way while
  // each of its processes stays small, so the MLE message names both.
  std::int64_t group_peak_kib = -1;
  // The tightest memory limit on the cgroups above the test's (the judge's own, a Slurm
  // job's --mem, a container's), in KiB; -1: none or unknown. An OOM kill with the
  // test's own limit never reached is that limit's: rule "outer_memory_limit".
  std::int64_t outer_memory_limit_kib = -1;
  // A CMS Communication process the judge stopped for writing more into its channel
  // to the manager than the output limit (run/fifo_channels.hpp): OLE.
  bool hit_output_limit = false;
  // A CMS manager: when every process had ended, in ms from the start (-1: never while
  // it ran); from then on it ran against a wall limit of its own (process/group_watch.hpp).
  std::int64_t alone_from_ms = -1;
};

// What the interactor said in FEEDBACK_DIR (docs/problem-format.md).
struct InteractorReport {
  std::optional<Verdict> reason;  // result.json "verdict"
  std::string message;            // judgemessage.txt, or result.json "message"
  bool contestant_eof = false;
  // result.json said "contestant_eof" (true or false). Then a reject with false is
  // the interactor's own reason, whatever the order the two processes were seen
  // to end in; without it the judge can only go by that order, which is racy (a
  // process's pipes close before the judge can see that it has ended).
  bool contestant_eof_reported = false;
  std::string malformed;          // non-empty: result.json could not be used (why)
  std::string team_message;       // FEEDBACK_DIR/teammessage.txt: what the contestant may read
  std::optional<double> score;    // FEEDBACK_DIR/score.txt (scoring problems)
  std::optional<double> score_multiplier;  // FEEDBACK_DIR/score_multiplier.txt
  // Non-empty: the interactor (or a testlib checker) said it failed itself (testlib's
  // FAIL, an exit code of no verdict): why. A JE, whatever the submission did.
  std::string failed;
};

struct TestFacts {
  EndFacts submission;
  EndFacts interactor;
  Side exited_first = Side::none;
  InteractorReport report;
  // The submission could not be executed (judge-box's exec error, with its errno: not
  // a program the kernel can run, a missing interpreter): its own fault, an RTE.
  std::string exec_error;
  // Bytes the interactor had written when the wall limit ran out (/proc/PID/io
  // wchar), -1 if unknown: 0 means both sides waited and the interactor never
  // spoke, which is the interactor's fault.
  std::int64_t interactor_bytes_written = -1;
  // How far the judge moved the wall limit because the submission was runnable
  // but waiting for a CPU (a busy machine is not the contestant's idleness).
  std::int64_t wall_limit_extended_ms = 0;
  // What that extension reads, the largest seen during the run (WatchFacts), -1 if
  // unknown: a smaller wall limit applied after the run would have moved this far.
  std::int64_t waited_for_cpu_ms = -1;
  // The limits the test ran under (the judge enforced these).
  Limits limits;
  // The judge's own delays while it watched the test (process/watchdog.hpp): the largest
  // gap between two of its samples and the time its thread waited for a CPU (-1:
  // unknown). A gap far over its 20 ms sampling means the judge itself was starved.
  std::int64_t judge_max_gap_ms = -1;
  std::int64_t judge_run_delay_ms = -1;
  // The interactor had ended its output before it could know that the submission had
  // ended (process/pipe_keeper.hpp): it ended first, whichever the judge reaped first. A
  // submission that crashed on that end-of-file crashed because of it.
  bool interactor_output_ended_first = false;
};

// A sampling gap from this long on says the judge was starved (its limits were kept
// late, or by the box's and the kernel's backstops).
inline constexpr std::int64_t judge_starved_gap_ms = 200;

struct Decision {
  Verdict verdict;
  std::string message;
  // The rule that decided (an id of verdict_rule_ids(), "rejected_first") and one
  // sentence naming it with the facts it read, for a setter: the message is the
  // contestant's.
  std::string rule{};
  std::string why{};
};

enum class RulePreset { icpc, domjudge, limits_first };
inline constexpr RulePreset all_rule_presets[] = {RulePreset::icpc, RulePreset::domjudge, RulePreset::limits_first};
// "icpc", "domjudge", "limits-first" (as --rules spells them).
std::string_view preset_name(RulePreset preset);
std::optional<RulePreset> parse_preset(std::string_view name);

// Every rule id decide_verdict can name (verdict_rules_test.cpp pins each one with a row).
const std::vector<std::string_view>& verdict_rule_ids();

// A peak at or above this share of the memory limit, with a crash, is MLE.
inline constexpr double memory_limit_share_for_mle = 0.9;

// The interactor's wall limit counts as used up by the submission when the submission
// ended (was reaped) with less than this left of it: a judge starved of CPU reaps a
// submission the kernel ended long before, and then finds the deadline passed
// before the interactor could see end-of-file.
inline constexpr std::int64_t interactor_grace_ms = 1000;

Decision decide_verdict(const TestFacts& facts, RulePreset preset = RulePreset::icpc);

// The kernel killed the submission for memory at a limit above the test's own (the
// judge's cgroup, a Slurm job's --mem): an OOM kill while the test's own memory cgroup
// never reached its limit (v1 memory.failcnt and v2 memory.events "max" count only the
// cgroup whose limit was hit), with an outer limit known.
bool outer_memory_limit_fired(const EndFacts& end);

}  // namespace judge
