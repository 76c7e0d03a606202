// The verdict of one test, decided once, by one pure function over the facts the
// runner recorded (how each process ended, its CPU time and memory, which limit the
// judge enforced, what the interactor reported). Nothing here touches a process,
// so every rule is pinned by a table of cases in verdict_rules_test.cpp.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

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
  // The limits the test ran under (the judge enforced these).
  Limits limits;
};

struct Decision {
  Verdict verdict;
  std::string message;
};

// A peak at or above this share of the memory limit, with a crash, is MLE.
inline constexpr double memory_limit_share_for_mle = 0.9;

Decision decide_verdict(const TestFacts& facts);

}  // namespace judge
