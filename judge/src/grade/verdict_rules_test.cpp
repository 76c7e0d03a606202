// One row per rule of decide_verdict: the facts of a test, the verdict expected,
// and a fragment of the message the contestant reads.
#include "grade/verdict_rules.hpp"

#include <signal.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <ostream>
#include <set>
#include <string>
#include <string_view>

#include <gtest/gtest.h>

namespace judge {
namespace {

ExitFacts exited(int code, std::int64_t cpu_ms = 10, std::int64_t peak_kib = 2000) {
  ExitFacts exit;
  exit.exit_code = code;
  exit.cpu_ms = cpu_ms;
  exit.peak_kib = peak_kib;
  return exit;
}

ExitFacts killed(int signal, std::int64_t cpu_ms = 10, std::int64_t peak_kib = 2000) {
  ExitFacts exit;
  exit.signaled = true;
  exit.signal = signal;
  exit.cpu_ms = cpu_ms;
  exit.peak_kib = peak_kib;
  return exit;
}

// A clean AC run: both exit normally, the submission first.
TestFacts accepted_run() {
  TestFacts facts;
  facts.submission.exit = exited(0);
  facts.interactor.exit = exited(42);
  facts.exited_first = Side::submission;
  facts.limits.cpu_ms = 2000;
  facts.limits.wall_ms = 5000;
  facts.limits.memory_kib = 256 * 1024;
  facts.limits.interactor_cpu_ms = 20000;
  return facts;
}

TestFacts rejected_run(Verdict reason, Side first) {
  TestFacts facts = accepted_run();
  facts.interactor.exit = exited(43);
  facts.report.reason = reason;
  facts.report.message = "line 3: bad";
  facts.exited_first = first;
  return facts;
}

struct Row {
  const char* rule;
  std::function<TestFacts()> facts;
  Verdict expected;
  const char* message_fragment;
  RulePreset preset = RulePreset::icpc;
};

// The case of issue 31: a busy-looping submission under a 1000 ms CPU limit, not
// stopped by a judge starved of CPU, ended by the kernel's SIGXCPU at 3870 ms and
// reaped only after the wall limit had passed, with the interactor still waiting.
TestFacts starved_judge_run() {
  TestFacts facts = accepted_run();
  facts.limits.cpu_ms = 1000;
  facts.limits.wall_ms = 3000;
  facts.submission.exit = killed(SIGXCPU, 3870);
  facts.submission.exit.wall_ms = 3400;
  facts.interactor.exit = killed(SIGKILL, 2);
  facts.interactor.killed_by_judge = facts.interactor.hit_wall_limit = true;
  return facts;
}

// A submission that writes a wrong answer and then spins: the interactor rejects
// first; where the submission runs on (limits-first), it reaches its CPU limit.
TestFacts wrong_then_spin_run() {
  TestFacts facts = rejected_run(Verdict::WA, Side::interactor);
  facts.submission.exit = killed(SIGKILL, 2010);
  facts.submission.killed_by_judge = facts.submission.hit_cpu_limit = true;
  return facts;
}

const Row rows[] = {
    {"both ended normally, interactor accepted", accepted_run, Verdict::AC, "accepted"},
    {"interactor rejected with WA", [] { return rejected_run(Verdict::WA, Side::submission); }, Verdict::WA,
     "line 3: bad"},
    {"interactor rejected without a reason: WA",
     [] {
       auto f = rejected_run(Verdict::WA, Side::interactor);
       f.report.reason.reset();
       return f;
     },
     Verdict::WA, "line 3"},
    {"interactor rejected with PE", [] { return rejected_run(Verdict::PE, Side::interactor); }, Verdict::PE, "line 3"},
    {"interactor rejected with QLE", [] { return rejected_run(Verdict::QLE, Side::interactor); }, Verdict::QLE,
     "line 3"},
    {"a reject that claims AC is still WA", [] { return rejected_run(Verdict::AC, Side::interactor); }, Verdict::WA,
     "line 3"},
    {"interactor crashed: JE",
     [] {
       auto f = accepted_run();
       f.interactor.exit = killed(SIGSEGV);
       return f;
     },
     Verdict::JE, "SIGSEGV"},
    {"interactor exited with another code: JE",
     [] {
       auto f = accepted_run();
       f.interactor.exit = exited(1);
       f.report.message = "test file: bad n";
       return f;
     },
     Verdict::JE, "bad n"},
    {"interactor exited 0: JE",
     [] {
       auto f = accepted_run();
       f.interactor.exit = exited(0);
       return f;
     },
     Verdict::JE, "code 0"},
    {"interactor crash beats a submission crash",
     [] {
       auto f = accepted_run();
       f.interactor.exit = killed(SIGABRT);
       f.submission.exit = killed(SIGSEGV);
       return f;
     },
     Verdict::JE, "SIGABRT"},
    {"interactor over its CPU limit: JE",
     [] {
       auto f = accepted_run();
       f.interactor.exit = killed(SIGKILL, 20001);
       f.interactor.killed_by_judge = f.interactor.hit_cpu_limit = true;
       return f;
     },
     Verdict::JE, "CPU limit"},
    {"interactor still running after the submission ended: JE",
     [] {
       auto f = accepted_run();
       f.interactor.exit = killed(SIGKILL, 5);
       f.interactor.killed_by_judge = f.interactor.hit_wall_limit = true;
       return f;
     },
     Verdict::JE, "did not finish"},
    {"interactor computing until the wall limit: JE",
     [] {
       auto f = accepted_run();
       f.interactor.exit = killed(SIGKILL, 4900);
       f.interactor.killed_by_judge = f.interactor.hit_wall_limit = true;
       f.submission.exit = killed(SIGKILL, 3);
       f.submission.killed_by_judge = f.submission.hit_wall_limit = true;
       return f;
     },
     Verdict::JE, "kept computing"},
    {"interactor never wrote anything while both waited: the submission was idle (a protocol "
     "where the submission speaks first looks the same)",
     [] {
       auto f = accepted_run();
       f.interactor.exit = killed(SIGKILL, 2);
       f.interactor.killed_by_judge = f.interactor.hit_wall_limit = true;
       f.interactor_bytes_written = 0;
       f.submission.exit = killed(SIGKILL, 3);
       f.submission.killed_by_judge = f.submission.hit_wall_limit = true;
       return f;
     },
     Verdict::ILE, "wall-clock limit"},
    {"unusable result.json: JE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::interactor);
       f.report.malformed = "not valid JSON";
       return f;
     },
     Verdict::JE, "result.json"},
    {"interactor rejected first: its verdict, not the submission's SIGPIPE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::interactor);
       f.submission.exit = killed(SIGPIPE);
       return f;
     },
     Verdict::WA, "line 3"},
    {"interactor rejected first: its verdict, not the judge's SIGKILL",
     [] {
       auto f = rejected_run(Verdict::PE, Side::interactor);
       f.submission.exit = killed(SIGKILL);
       f.submission.killed_by_judge = true;
       return f;
     },
     Verdict::PE, "line 3"},
    {"interactor rejected first: its verdict, even over a crash",
     [] {
       auto f = rejected_run(Verdict::QLE, Side::interactor);
       f.submission.exit = killed(SIGSEGV);
       return f;
     },
     Verdict::QLE, "line 3"},
    {"an own reason (contestant_eof false) wins even if the submission was seen first",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof_reported = true;
       f.submission.exit = exited(1);
       return f;
     },
     Verdict::WA, "line 3"},
    {"without contestant_eof, a reject seen after the submission's crash is RTE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.submission.exit = exited(1);
       return f;
     },
     Verdict::RTE, "code 1"},
    {"submission crashed, interactor then saw end-of-file: RTE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = killed(SIGSEGV);
       return f;
     },
     Verdict::RTE, "SIGSEGV"},
    {"end-of-file reject counts as consequence even when seen first",
     [] {
       auto f = rejected_run(Verdict::WA, Side::interactor);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = exited(3);
       return f;
     },
     Verdict::RTE, "code 3"},
    {"submission exited 0 before answering: the interactor's WA",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.report.message = "output ended before the answer";
       return f;
     },
     Verdict::WA, "ended before"},
    {"CPU limit: TLE",
     [] {
       auto f = accepted_run();
       f.submission.exit = killed(SIGKILL, 2010);
       f.submission.killed_by_judge = f.submission.hit_cpu_limit = true;
       f.interactor.exit = exited(43);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       return f;
     },
     Verdict::TLE, "2000 ms"},
    {"over the CPU limit but accepted: TLE",
     [] {
       auto f = accepted_run();
       f.submission.exit = exited(0, 2100);
       return f;
     },
     Verdict::TLE, "2100 ms"},
    {"exactly at the CPU limit: AC",
     [] {
       auto f = accepted_run();
       f.submission.exit = exited(0, 2000);
       return f;
     },
     Verdict::AC, ""},
    {"kernel's SIGXCPU: TLE",
     [] {
       auto f = accepted_run();
       f.submission.exit = killed(SIGXCPU, 1999);
       return f;
     },
     Verdict::TLE, "CPU"},
    {"wall limit with little CPU: ILE",
     [] {
       auto f = accepted_run();
       f.submission.exit = killed(SIGKILL, 3);
       f.submission.killed_by_judge = f.submission.hit_wall_limit = true;
       f.interactor.exit = killed(SIGKILL, 2);
       f.interactor.killed_by_judge = f.interactor.hit_wall_limit = true;
       f.interactor_bytes_written = 4;
       return f;
     },
     Verdict::ILE, "flush"},
    {"ILE says when the wall limit was extended for a busy CPU",
     [] {
       auto f = accepted_run();
       f.submission.exit = killed(SIGKILL, 40);
       f.submission.killed_by_judge = f.submission.hit_wall_limit = true;
       f.interactor.exit = killed(SIGKILL, 2);
       f.interactor.killed_by_judge = f.interactor.hit_wall_limit = true;
       f.interactor_bytes_written = 4;
       f.wall_limit_extended_ms = 1200;
       return f;
     },
     Verdict::ILE, "extended by 1200 ms"},
    {"wall limit after the interactor accepted: ILE",
     [] {
       auto f = accepted_run();
       f.exited_first = Side::interactor;
       f.submission.exit = killed(SIGKILL, 3);
       f.submission.killed_by_judge = f.submission.hit_wall_limit = true;
       return f;
     },
     Verdict::ILE, "wall-clock"},
    {"crash with peak near the memory limit: MLE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = killed(SIGSEGV, 100, 250 * 1024);
       return f;
     },
     Verdict::MLE, "peak"},
    {"abort after the memory cgroup's limit was reached, with a low peak: MLE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = killed(SIGABRT, 100, 5000);
       f.submission.memory_limit_reached = true;
       return f;
     },
     Verdict::MLE, "the limit was reached"},
    {"a crash that merely says 'out of memory', far from the limit: RTE (words are no fact)",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = killed(SIGABRT, 100, 3000);
       return f;
     },
     Verdict::RTE, "SIGABRT"},
    {"a submission that could not be executed: RTE with the reason",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = exited(127);
       f.exec_error = "cannot execute /box/a.out: Exec format error";
       return f;
     },
     Verdict::RTE, "could not be executed: cannot execute /box/a.out: Exec format error"},
    {"killed by the memory cgroup's OOM killer with a low peak: MLE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = killed(SIGKILL, 100, 40 * 1024);
       f.submission.oom_killed = true;
       return f;
     },
     Verdict::MLE, "ran out of memory: killed by the kernel at the memory limit"},
    {"killed at the judge's own cgroup's limit (150 MiB) before the test's 256 MiB: MLE that says so",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.limits.memory_kib = 256 * 1024;
       f.submission.exit = killed(SIGKILL, 300, 140 * 1024);
       f.submission.oom_killed = true;
       f.submission.outer_memory_limit_kib = 150 * 1024;
       return f;
     },
     Verdict::MLE,
     "killed by the kernel at the memory limit of the judge's own cgroup (150 MiB), reached before "
     "the problem's 256 MiB (peak 143360 KiB when it was killed)"},
    {"an OOM kill at the test's own limit with an outer limit above it stays the test's: MLE at its limit",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.limits.memory_kib = 64 * 1024;
       f.submission.exit = killed(SIGKILL, 100, 64 * 1024);
       f.submission.oom_killed = f.submission.memory_limit_reached = true;
       f.submission.outer_memory_limit_kib = 150 * 1024;
       return f;
     },
     Verdict::MLE, "killed by the kernel at the memory limit of 65536 KiB"},
    {"a fork bomb killed at the memory limit by its processes together: MLE naming both peaks",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = killed(SIGKILL, 200, 1024);
       f.submission.oom_killed = true;
       f.submission.group_peak_kib = 64 * 1024;
       return f;
     },
     Verdict::MLE,
     "its processes together peaked at 65536 KiB, kernel memory for them included; "
     "the largest one at 1024 KiB"},
    {"an OOM kill of a child the program survived is not MLE",
     [] {
       auto f = accepted_run();
       f.submission.exit = exited(0, 100, 40 * 1024);
       f.submission.oom_killed = true;
       return f;
     },
     Verdict::AC, ""},
    {"a high peak without a crash is not MLE",
     [] {
       auto f = accepted_run();
       f.submission.exit = exited(0, 100, 250 * 1024);
       return f;
     },
     Verdict::AC, ""},
    {"TLE takes precedence over MLE",
     [] {
       auto f = accepted_run();
       f.submission.exit = killed(SIGKILL, 2050, 250 * 1024);
       f.submission.killed_by_judge = f.submission.hit_cpu_limit = true;
       return f;
     },
     Verdict::TLE, "CPU"},
    {"SIGXFSZ: OLE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof = f.report.contestant_eof_reported = true;
       f.submission.exit = killed(SIGXFSZ);
       return f;
     },
     Verdict::OLE, "output limit"},
    {"crash after the interactor accepted: RTE",
     [] {
       auto f = accepted_run();
       f.exited_first = Side::interactor;
       f.submission.exit = killed(SIGSEGV);
       return f;
     },
     Verdict::RTE, "SIGSEGV"},
    {"non-zero exit after the interactor accepted: RTE",
     [] {
       auto f = accepted_run();
       f.submission.exit = exited(1);
       return f;
     },
     Verdict::RTE, "code 1"},
    {"SIGPIPE after the interactor accepted is a consequence: AC",
     [] {
       auto f = accepted_run();
       f.exited_first = Side::interactor;
       f.submission.exit = killed(SIGPIPE);
       return f;
     },
     Verdict::AC, ""},
    {"the submission over its CPU limit used the interactor's wall time up (a starved judge): TLE", starved_judge_run,
     Verdict::TLE, "3870 ms"},
    {"the same with the wall limit extended: counted from the extended deadline",
     [] {
       auto f = starved_judge_run();
       f.submission.exit.wall_ms = 5800;
       f.wall_limit_extended_ms = 3000;
       return f;
     },
     Verdict::TLE, "limit is 1000 ms"},
    {"a submission over its CPU limit that ended early leaves the interactor's hang a JE",
     [] {
       auto f = starved_judge_run();
       f.submission.exit.wall_ms = 1100;
       return f;
     },
     Verdict::JE, "did not finish"},
    {"the interactor said it failed itself (testlib FAIL): JE",
     [] {
       auto f = rejected_run(Verdict::WA, Side::interactor);
       f.report.failed = "FAIL test 3: n out of range";
       return f;
     },
     Verdict::JE, "n out of range"},
    {"icpc: a reject first wins over the TLE after it", wrong_then_spin_run, Verdict::WA, "line 3"},
    {"domjudge: a reject first wins over the TLE after it", wrong_then_spin_run, Verdict::WA, "line 3",
     RulePreset::domjudge},
    {"limits-first: the TLE after a reject wins", wrong_then_spin_run, Verdict::TLE, "2010 ms",
     RulePreset::limits_first},
    {"limits-first: a crash after a reject is no limit, the reject wins",
     [] {
       auto f = rejected_run(Verdict::PE, Side::interactor);
       f.submission.exit = killed(SIGSEGV);
       return f;
     },
     Verdict::PE, "line 3", RulePreset::limits_first},
    {"domjudge: only the order counts, not result.json's contestant_eof",
     [] {
       auto f = rejected_run(Verdict::WA, Side::submission);
       f.report.contestant_eof_reported = true;
       f.submission.exit = exited(1);
       return f;
     },
     Verdict::RTE, "code 1", RulePreset::domjudge},
    {"a testlib PE whose end-of-file crashed the submission, reaped first: the interactor's output had ended "
     "first, so PE",
     [] {
       auto f = rejected_run(Verdict::PE, Side::submission);
       f.submission.exit = exited(1);
       f.interactor_output_ended_first = true;
       return f;
     },
     Verdict::PE, "line 3"},
    {"domjudge: the same is RTE (only the order the two were reaped in counts)",
     [] {
       auto f = rejected_run(Verdict::PE, Side::submission);
       f.submission.exit = exited(1);
       f.interactor_output_ended_first = true;
       return f;
     },
     Verdict::RTE, "code 1", RulePreset::domjudge},
    {"SIGPIPE while the interactor still ran: RTE",
     [] {
       auto f = accepted_run();
       f.exited_first = Side::submission;
       f.submission.exit = killed(SIGPIPE);
       return f;
     },
     Verdict::RTE, "SIGPIPE"},
};

class VerdictRules : public testing::TestWithParam<Row> {};

// A row shows as its rule, in failure messages (GetParam() = ...) and in its test's
// name, where every run of other characters becomes one '_' ("SIGXFSZ: OLE" runs as
// Table/VerdictRules.DecidesAsTheRuleSays/SIGXFSZ_OLE), instead of the row's bytes.
void PrintTo(const Row& row, std::ostream* out) { *out << row.rule; }

std::string rule_name(const testing::TestParamInfo<Row>& info) {
  std::string name;
  for (const char c : std::string_view(info.param.rule)) {
    const bool kept = std::isalnum(static_cast<unsigned char>(c)) != 0;
    if (kept || (!name.empty() && name.back() != '_')) name += kept ? c : '_';
  }
  while (!name.empty() && name.back() == '_') name.pop_back();
  return name;  // gtest stops at a duplicate or an empty name
}

TEST_P(VerdictRules, DecidesAsTheRuleSays) {
  const Row& row = GetParam();
  const Decision decision = decide_verdict(row.facts(), row.preset);
  EXPECT_EQ(verdict_name(decision.verdict), verdict_name(row.expected)) << row.rule;
  EXPECT_NE(decision.message.find(row.message_fragment), std::string::npos)
      << row.rule << ": message was '" << decision.message << "'";
  // Every decision names its rule, one of the catalogue, and says why in a sentence.
  const auto& ids = verdict_rule_ids();
  EXPECT_NE(std::find(ids.begin(), ids.end(), decision.rule), ids.end()) << row.rule << ": rule '" << decision.rule << "'";
  EXPECT_GT(decision.why.size(), 30u) << row.rule << ": why was '" << decision.why << "'";
  EXPECT_EQ(decision.why.find('\n'), std::string::npos) << decision.why;
}

INSTANTIATE_TEST_SUITE_P(Table, VerdictRules, testing::ValuesIn(rows), rule_name);

TEST(VerdictRules, EveryRuleOfTheCatalogueIsPinnedByARow) {
  std::set<std::string> reached;
  for (const Row& row : rows) reached.insert(decide_verdict(row.facts(), row.preset).rule);
  for (std::string_view id : verdict_rule_ids()) EXPECT_EQ(reached.count(std::string(id)), 1u) << id;
}

TEST(VerdictRules, WhyNamesTheRuleAndWhatItWonOver) {
  const Decision icpc = decide_verdict(wrong_then_spin_run());
  EXPECT_EQ(icpc.rule, "rejected_first");
  EXPECT_EQ(icpc.why,
            "the interactor rejected first (exit 43) while the submission was still running: WA wins over the "
            "later TLE, as ICPC's rules say");
  const Decision limits = decide_verdict(wrong_then_spin_run(), RulePreset::limits_first);
  EXPECT_EQ(limits.rule, "limit_over_reject");
  EXPECT_NE(limits.why.find("whatever the interactor said"), std::string::npos) << limits.why;
  const Decision starved = decide_verdict(starved_judge_run());
  EXPECT_EQ(starved.rule, "submission_used_up_the_wall_time");
  EXPECT_NE(starved.why.find("SIGXCPU"), std::string::npos) << starved.why;
}

TEST(VerdictRules, PresetNamesRoundTrip) {
  for (RulePreset preset : all_rule_presets) EXPECT_EQ(parse_preset(preset_name(preset)), preset);
  EXPECT_EQ(parse_preset("limits-first"), RulePreset::limits_first);
  EXPECT_FALSE(parse_preset("pc2").has_value());
}

TEST(VerdictNames, RoundTrip) {
  for (const char* name : {"AC", "WA", "PE", "QLE", "TLE", "ILE", "MLE", "OLE", "RTE", "CE", "JE"}) {
    const auto verdict = parse_verdict(name);
    ASSERT_TRUE(verdict.has_value()) << name;
    EXPECT_EQ(verdict_name(*verdict), name);
    EXPECT_EQ(verdict_from_folder(verdict_folder(*verdict)), verdict);
  }
  EXPECT_FALSE(parse_verdict("ok").has_value());
  EXPECT_EQ(verdict_from_folder("idle_limit_exceeded"), Verdict::ILE);
}

}  // namespace
}  // namespace judge
