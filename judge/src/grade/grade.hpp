// Grading as one pure step. An executor (run/runner.hpp) gathers what each pass of
// each test left behind, as facts and nothing decided: how both programs ended, the
// limits that fired, the interactor's raw exit (a testlib interactor's own code), a
// testlib checker's raw exit and output, the feedback folder's files. `grade` turns
// those records and what grading needs of the problem (GradingSpec) into the
// RunResult: each pass's verdict (decide_verdict, verdict.hpp), whether a multi-pass
// test went on correctly (passes.hpp), each test's verdict, the overall verdict and
// the score. It touches no process and no file, so `judge run`, `judge batch`
// (from its journal) and `judge verify` (again under an inferred time limit) all
// call it on recorded facts, and grade_test.cpp pins it with tables.
//
// The executor also asks this module two questions while a test runs, both from
// facts: whether the interactor accepted (a rejected submission is no longer graded
// and may be stopped), and whether a multi-pass test goes on (pass_step).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "grade/cms_outcome.hpp"
#include "grade/passes.hpp"
#include "grade/testlib_convention.hpp"
#include "grade/verdict_rules.hpp"
#include "problem/problem.hpp"
#include "problem/scoring.hpp"

namespace judge {

// How much of the end of the submission's stderr a pass keeps unless told
// (--stderr-bytes): enough for a stack trace or a JVM's "Could not find or load main
// class", as the JSON's "stderr" shows it.
inline constexpr std::size_t default_stderr_bytes = 4096;

// What one pass of a test left behind. `facts.interactor.exit` is the interactor's
// own ending (a testlib interactor's code is testlib's: 0 OK, 1 WA, ...);
// `facts.report` is what its feedback folder held (judgemessage.txt, result.json,
// teammessage.txt, score.txt).
struct PassRecord {
  TestFacts facts;
  // An offline pass whose submission did not end cleanly: the validator never ran.
  bool interactor_ran = true;
  std::optional<CheckerFacts> checker;  // testlib: the checker, when it ran
  bool wrote_nextpass = false;          // FEEDBACK_DIR/nextpass.in existed after the pass
  bool probe_marked = false;            // result.json said "probe": true
  std::string submission_stderr;        // the tail of each program's stderr
  std::string interactor_stderr;
  nlohmann::json interactor_result;     // result.json as written (null if none)
  nlohmann::json containment;           // box/sandbox.hpp describe_containment
  // CMS (InteractorConvention::cms, cms_outcome.hpp): a Communication test's copies
  // of the program, in order (a Batch test has none: its run is facts.submission);
  // the start of the manager's or checker's stdout (the outcome; its stderr is
  // interactor_stderr); a Batch task without a checker: white-diff's answer.
  std::vector<ProcessRecord> processes;
  std::string manager_output;
  std::optional<bool> output_matches;
};

// Every pass of one test, in order. `judge_fault`: the judge itself failed on the
// test (a process or folder it could not make): the test is JE with that reason.
// `repeats`: with --repeat K, the records of runs 2..K of the same test (each without
// repeats of its own), graded like the first; the test's verdict is the first run's.
struct TestRecord {
  std::string name;
  std::vector<PassRecord> passes;
  std::string judge_fault;
  std::optional<std::filesystem::path> transcript;
  std::vector<TestRecord> repeats;
};

// What grading reads of a problem.
struct GradingSpec {
  std::string problem;
  InteractorConvention convention = InteractorConvention::icpc;
  nlohmann::json scoring;
  std::vector<std::string> metrics;  // shown in each test's entry
  RulePreset rules = RulePreset::icpc;  // --rules: the verdict rules' precedence
};
GradingSpec grading_spec(const Problem& problem, RulePreset rules = RulePreset::icpc);

// One run of a test (--repeat): its verdict and the submission's figures.
struct RepeatOutcome {
  Verdict verdict = Verdict::AC;
  std::int64_t cpu_ms = 0;
  std::int64_t wall_ms = 0;
};

// One graded test.
struct TestOutcome {
  std::string name;
  Decision decision;
  // The last pass's facts as the verdict rules read them (a testlib ending in the
  // ICPC shape: exit 42 or 43, a reason, a score).
  TestFacts facts;
  nlohmann::json interactor_result;  // result.json, with the scores the feedback folder gave
  std::optional<std::filesystem::path> transcript;
  nlohmann::json passes;  // multi-pass tests: one entry per pass (null for a single pass)
  nlohmann::json containment;
  std::string submission_stderr;
  TestRecord record;  // what it was graded from
  // With --repeat: every run, the first included, and whether all got one verdict.
  std::vector<RepeatOutcome> repeats;
  bool stable = true;
  // The other presets under which the same facts decide another verdict.
  std::vector<std::pair<RulePreset, Verdict>> verdict_under;
};

struct RunResult {
  std::string problem;
  std::string submission;
  Verdict verdict = Verdict::AC;
  std::string message;  // the compiler's message for CE; else the first failure's
  Score score;
  Limits limits;
  std::vector<TestOutcome> tests;
  std::size_t tests_planned = 0;
  std::vector<std::string> metrics;  // the problem's: shown in each test's entry
  RulePreset rules = RulePreset::icpc;  // the preset the verdicts were decided under
};

// A submission's recorded run: a compile error, or the tests that ran (in order; a
// run that stopped early has fewer than planned, and then earns no score).
struct SubmissionRecord {
  std::string display;
  std::optional<std::string> compile_error;
  Limits limits;
  std::vector<TestRecord> tests;
  std::size_t tests_planned = 0;
};

// `limits`: the run's, for a test the judge failed on before any pass ended (every
// pass records its own).
TestOutcome grade_test(const GradingSpec& spec, const TestRecord& record, const Limits& limits);
// Throws ConfigError for a scoring object it does not understand.
RunResult grade(const GradingSpec& spec, const SubmissionRecord& submission);

// While a test runs: whether the interactor's ending accepts (ICPC 42; testlib OK or
// points), and, once a pass has ended, whether the test goes on.
bool interactor_accepts(const ExitFacts& exit, InteractorConvention convention);
PassDecision pass_step(InteractorConvention convention, const std::vector<PassRecord>& passes);

// The records as they read under other limits (judge verify grades a run again under
// the time limit it inferred): a run past the new wall limit would have been stopped
// at it.
std::vector<TestRecord> with_limits(std::vector<TestRecord> records, const Limits& limits);

// The one mapping from verdicts to a command's exit status: 0 AC, 1 graded and not
// AC, 3 a judge error (JE; a test with no verdict recorded counts as one).
int exit_status_for_verdict(std::optional<Verdict> verdict);
// A run's: 0 every test AC, 1 some verdict not AC, 3 some test JE.
int exit_status_for(const RunResult& result);
// Several together: a JE anywhere wins, then a failure.
int combined_exit_status(int a, int b);

}  // namespace judge
