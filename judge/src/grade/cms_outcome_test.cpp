// CMS's convention read from facts: a table of endings of the manager and of the
// processes, and the verdict and outcome each must give.
#include "grade/cms_outcome.hpp"

#include <signal.h>

#include <gtest/gtest.h>

namespace judge {
namespace {

ProcessRecord clean(std::int64_t cpu_ms = 100) {
  ProcessRecord process;
  process.end.exit.cpu_ms = cpu_ms;
  return process;
}

ProcessRecord signaled(int signal) {
  ProcessRecord process = clean();
  process.end.exit.signaled = true;
  process.end.exit.signal = signal;
  return process;
}

CmsManagerFacts manager(const std::string& out, const std::string& err = "") {
  CmsManagerFacts facts;
  facts.stdout_text = out;
  facts.stderr_text = err;
  return facts;
}

Limits limits() {
  Limits result;
  result.cpu_ms = 1000;
  result.wall_ms = 5000;
  result.interactor_cpu_ms = 10000;
  return result;
}

struct Case {
  const char* what;
  std::vector<ProcessRecord> processes;
  CmsManagerFacts manager;
  Verdict verdict;
  double outcome;
  const char* message_part;
};

CmsManagerFacts ended_by(CmsManagerFacts facts, int signal, int exit_code = 0) {
  facts.end.exit.signaled = signal != 0;
  facts.end.exit.signal = signal;
  facts.end.exit.exit_code = exit_code;
  return facts;
}

// A process the judge killed at a limit: the wall limit (idle) or its CPU limit.
ProcessRecord stopped(bool at_wall_limit, std::int64_t cpu_ms) {
  ProcessRecord process = signaled(SIGKILL);
  process.end.exit.cpu_ms = cpu_ms;
  process.end.killed_by_judge = true;
  (at_wall_limit ? process.end.hit_wall_limit : process.end.hit_cpu_limit) = true;
  return process;
}

void check(const std::vector<Case>& cases) {
  for (const Case& c : cases) {
    const CmsDecision decision = decide_cms(c.processes, c.manager, limits(), true);
    EXPECT_EQ(decision.decision.verdict, c.verdict) << c.what << ": " << decision.decision.message;
    EXPECT_DOUBLE_EQ(decision.outcome, c.outcome) << c.what;
    EXPECT_NE(decision.decision.message.find(c.message_part), std::string::npos)
        << c.what << ": " << decision.decision.message;
  }
}

// clang-format off
TEST(CmsOutcome, TheManagersOutcomeUnlessAProcessFailed) {
  ProcessRecord exits_two = clean();
  exits_two.end.exit.exit_code = 2;
  const ProcessRecord idle = stopped(true, 5), over_time = stopped(false, 1001);
  CmsManagerFacts waited = manager("");
  waited.end.hit_wall_limit = true;
  check({
      {"the manager's outcome 1", {clean()}, manager("1.0\n", "translate:success\n"), Verdict::AC, 1,
       "Output is correct"},
      {"a partial outcome is AC with part of the score", {clean()}, manager("0.25\n", "close"), Verdict::AC, 0.25,
       "close (outcome 0.25)"},
      {"outcome 0 is WA with the manager's message", {clean()}, manager("0\n", "answered 8, the number was 7\nmore"),
       Verdict::WA, 0, "answered 8, the number was 7"},
      {"stock message wrong", {clean()}, manager("0.0", "translate:wrong"), Verdict::WA, 0, "Output isn't correct"},
      {"a process that crashed: its verdict, outcome 0", {clean(), signaled(SIGSEGV)}, manager("1.0"), Verdict::RTE, 0,
       "process 1: killed by SIGSEGV"},
      {"SIGPIPE after the manager rejected: its WA (CMS's outcome 0 all the same)", {signaled(SIGPIPE)},
       manager("0", "too many questions"), Verdict::WA, 0,
       "too many questions (the program then wrote after the manager had stopped reading, and was killed by "
       "SIGPIPE)"},
      {"the same with several processes names the one", {clean(), signaled(SIGPIPE)}, manager("0", "bad bits"),
       Verdict::WA, 0, "bad bits (process 1 then wrote after the manager"},
      {"SIGPIPE after the manager accepted is a failure, as CMS counts it", {signaled(SIGPIPE)},
       manager("1", "translate:success"), Verdict::RTE, 0,
       "SIGPIPE (it wrote after the manager had stopped reading; the manager said: Output is correct)"},
      {"another process's crash beside a SIGPIPE after a rejection: the crash", {signaled(SIGPIPE), signaled(SIGSEGV)},
       manager("0", "bad bits"), Verdict::RTE, 0, "process 1: killed by SIGSEGV"},
      {"a non-zero exit is RTE", {exits_two}, manager("1.0"), Verdict::RTE, 0, "exited with code 2"},
      {"a process past its CPU limit", {over_time, clean()}, manager("0"), Verdict::TLE, 0, "process 0: used 1001 ms"},
      {"the CPU times summed reach the limit", {clean(600), clean(400)}, manager("1.0"), Verdict::TLE, 0,
       "1000 ms of CPU together"},
      {"just under the limit together", {clean(600), clean(399)}, manager("1.0"), Verdict::AC, 1, ""},
      {"both waited at the wall limit: the process is idle", {idle}, waited, Verdict::ILE, 0, "wall-clock"},
      {"one waiting at the wall limit for one past its CPU limit: the latter is blamed", {idle, over_time}, waited,
       Verdict::TLE, 0, "process 1: used 1001 ms"},
  });
}

TEST(CmsOutcome, AFailingManagerIsJudgeErrorWhateverTheProcessesDid) {
  CmsManagerFacts slow_manager = manager("");
  slow_manager.end.hit_cpu_limit = true;
  CmsManagerFacts waited = manager("");
  waited.end.hit_wall_limit = true;
  check({
      {"a crashed manager is JE whatever the processes did", {signaled(SIGSEGV)}, ended_by(manager("1.0\n"), SIGSEGV),
       Verdict::JE, 0, "the manager was killed by SIGSEGV"},
      {"a manager exiting 1 is JE", {clean()}, ended_by(manager("", "cannot read input.txt"), 0, 1), Verdict::JE, 0,
       "exited with code 1"},
      {"no outcome is JE", {clean()}, manager("yes\n"), Verdict::JE, 0, "printed no outcome"},
      {"nothing printed is JE", {clean()}, manager(""), Verdict::JE, 0, "printed no outcome"},
      {"an outcome that is not finite is JE", {clean()}, manager("nan"), Verdict::JE, 0, "printed no outcome"},
      {"the manager past its own CPU limit is JE", {clean()}, slow_manager, Verdict::JE, 0, "its own CPU limit"},
      {"the manager alone at the wall limit is JE", {clean()}, waited, Verdict::JE, 0, "every process had ended"},
  });
}
// clang-format on

TEST(CmsOutcome, BatchWithoutCheckerReadsWhiteDiffAndSkipsTheSumRule) {
  CmsManagerFacts diff;
  diff.ran = false;
  diff.output_matches = true;
  EXPECT_EQ(decide_cms({clean(999)}, diff, limits(), false).decision.verdict, Verdict::AC);
  diff.output_matches = false;
  const CmsDecision wrong = decide_cms({clean()}, diff, limits(), false);
  EXPECT_EQ(wrong.decision.verdict, Verdict::WA);
  EXPECT_EQ(wrong.decision.message, "Output isn't correct");
  // A run that failed was not checked: its failure decides.
  CmsManagerFacts not_run;
  not_run.ran = false;
  EXPECT_EQ(decide_cms({signaled(SIGSEGV)}, not_run, limits(), false).decision.verdict, Verdict::RTE);
  EXPECT_EQ(decide_cms({clean()}, not_run, limits(), false).decision.verdict, Verdict::JE);
}

TEST(CmsOutcome, OutcomesAreReadAsPythonsFloatReadsThem) {
  EXPECT_EQ(parse_cms_outcome(" 0.5 \n"), 0.5);
  EXPECT_EQ(parse_cms_outcome("1\nignored"), 1.0);
  EXPECT_EQ(parse_cms_outcome("1e0"), 1.0);
  EXPECT_FALSE(parse_cms_outcome("1.0 points"));
  EXPECT_FALSE(parse_cms_outcome(""));
  EXPECT_EQ(cms_message("translate:partial\n"), "Output is partially correct");
  EXPECT_EQ(cms_message("\nsecond line"), "");
}

TEST(CmsOutcome, MergedFactsSumTheCpuAndKeepTheDecidingEnding) {
  const EndFacts merged = merged_process_facts({clean(100), signaled(SIGSEGV)}, 1);
  EXPECT_EQ(merged.exit.cpu_ms, 200);
  EXPECT_TRUE(merged.exit.signaled);
}

}  // namespace
}  // namespace judge
