#include "grade/grade.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/icpc_exit.hpp"
#include "base/text_file.hpp"
#include "process/watchdog.hpp"

namespace judge {
namespace {

// One pass as the verdict rules read it.
struct GradedPass {
  TestFacts facts;  // in the ICPC shape
  Decision decision;
  nlohmann::json interactor_result;  // result.json with the feedback folder's scores
  bool accepted = false;
  bool probe = false;
};

bool accepted_icpc(const ExitFacts& exit) { return !exit.signaled && exit.exit_code == icpc_accept_exit; }

// A pass of a CMS task (cms_outcome.hpp): the processes' facts merged as the
// submission's, the outcome in the result's figures, where scoring reads it.
GradedPass grade_cms_pass(const PassRecord& pass) {
  GradedPass graded;
  const bool communication = !pass.processes.empty();
  const std::vector<ProcessRecord> processes =
      communication ? pass.processes
                    : std::vector<ProcessRecord>{
                          {pass.facts.submission, pass.facts.exec_error, pass.submission_stderr, pass.containment}};
  CmsManagerFacts manager{pass.facts.interactor, pass.interactor_ran, pass.manager_output, pass.interactor_stderr,
                          pass.output_matches};
  const CmsDecision cms = decide_cms(processes, manager, pass.facts.limits, communication);
  graded.facts = pass.facts;
  graded.facts.submission = merged_process_facts(processes, cms.failed_process);
  if (cms.failed_process >= 0) graded.facts.exec_error = processes[cms.failed_process].exec_error;
  graded.decision = cms.decision;
  graded.accepted = cms.decision.verdict == Verdict::AC;
  graded.interactor_result = nlohmann::json{{"outcome", cms.outcome}};
  return graded;
}

GradedPass grade_pass(InteractorConvention convention, const PassRecord& pass, RulePreset rules = RulePreset::icpc) {
  if (convention == InteractorConvention::cms) return grade_cms_pass(pass);
  GradedPass graded;
  TestFacts& facts = graded.facts;
  facts = convention == InteractorConvention::testlib && pass.interactor_ran
              ? icpc_shaped_facts(pass.facts, pass.interactor_stderr, pass.checker)
              : pass.facts;
  if (!pass.interactor_ran) {
    // Offline, not validated: as if the validator had rejected because the output
    // ended early, which leaves the verdict to how the submission ended.
    facts.interactor.exit.exit_code = icpc_reject_exit;
    facts.report.contestant_eof = facts.report.contestant_eof_reported = true;
    facts.report.message = "not validated: the submission did not end cleanly";
  }
  graded.accepted = accepted_icpc(facts.interactor.exit);
  // An interactor that failed without a judge message: its stderr says why.
  if (facts.report.message.empty() && !graded.accepted)
    facts.report.message = without_trailing_newlines(pass.interactor_stderr);
  // The scores the feedback folder gave join the result's figures, where scoring reads
  // every per-test figure (problem/icpc_scoring.cpp).
  graded.interactor_result = pass.interactor_result;
  for (auto [key, value] : {std::pair{"score", facts.report.score}, {"score_multiplier", facts.report.score_multiplier}}) {
    if (!value) continue;
    if (!graded.interactor_result.is_object()) graded.interactor_result = nlohmann::json::object();
    graded.interactor_result[key] = *value;
  }
  graded.probe = graded.accepted && pass.wrote_nextpass && pass.probe_marked;
  graded.decision = decide_verdict(facts, rules);
  return graded;
}

PassFacts pass_facts(std::int64_t number, const PassRecord& pass, const GradedPass& graded) {
  PassFacts facts;
  facts.pass = number;
  facts.pass_limit = pass.facts.limits.passes;
  facts.wrote_nextpass = pass.wrote_nextpass;
  facts.interactor_accepted = graded.accepted;
  facts.probe = graded.probe;
  facts.verdict = graded.decision.verdict;
  return facts;
}

nlohmann::json result_field(const nlohmann::json& result, const char* key) {
  return result.is_object() ? result.value(key, nlohmann::json()) : nlohmann::json();
}

// One entry of a multi-pass test's "passes".
nlohmann::json pass_entry(std::int64_t number, const GradedPass& graded) {
  return {{"pass", number},
          {"probe", graded.probe},
          {"verdict", graded.probe ? "probe" : std::string(verdict_name(graded.decision.verdict))},
          {"queries", result_field(graded.interactor_result, "queries")},
          {"query_limit", result_field(graded.interactor_result, "query_limit")},
          {"cpu_ms", graded.facts.submission.exit.cpu_ms}};
}

// The test's own verdict where the passes' protocol, not the last pass, decides it.
std::optional<Decision> protocol_decision(const PassDecision& step, std::size_t number, std::size_t recorded) {
  if (step.step == PassStep::judge_error)
    return Decision{Verdict::JE, step.message, "pass_protocol",
                    fmt::format("pass {} broke the multi-pass protocol: {}", number, step.message)};
  if (step.step == PassStep::too_many_passes)
    return Decision{Verdict::WA, step.message, "too_many_passes",
                    fmt::format("pass {} asked for another pass beyond the pass limit: WA, as the specification says",
                                number)};
  // A record that does not follow the protocol is the judge's own mistake, said so.
  const std::string judge_failed = "the judge did not follow the multi-pass protocol: its own failure";
  if (step.step == PassStep::next_pass && number == recorded)
    return Decision{Verdict::JE, fmt::format("the judge failed: pass {} asked for another, which did not run", number),
                    "judge_fault", judge_failed};
  if (step.step == PassStep::final_pass && number < recorded)
    return Decision{Verdict::JE, fmt::format("the judge failed: {} passes ran after the last one", recorded - number),
                    "judge_fault", judge_failed};
  return std::nullopt;
}

// One test's record, graded once under `rules` (its repeats and the other presets are
// the caller's).
TestOutcome grade_once(const GradingSpec& spec, RulePreset rules, const TestRecord& record, const Limits& limits) {
  TestOutcome outcome;
  outcome.name = record.name;
  outcome.transcript = record.transcript;
  outcome.facts.limits = limits;
  if (!record.judge_fault.empty() || record.passes.empty()) {
    const std::string why = record.judge_fault.empty() ? "no pass of the test was recorded" : record.judge_fault;
    outcome.decision = Decision{Verdict::JE, fmt::format("the judge failed: {}", why), "judge_fault",
                                "the judge itself failed on this test, not the interactor or the submission"};
    return outcome;
  }
  nlohmann::json entries = nlohmann::json::array();
  std::optional<Decision> forced;
  for (std::size_t index = 0; index < record.passes.size() && !forced; ++index) {
    const PassRecord& pass = record.passes[index];
    const GradedPass graded = grade_pass(spec.convention, pass, rules);
    const auto number = static_cast<std::int64_t>(index + 1);
    // Only a test of several passes shows them (below): a one-pass test, nearly every
    // test, builds no entry.
    if (record.passes.size() > 1) entries.push_back(pass_entry(number, graded));
    forced = protocol_decision(next_pass_step(pass_facts(number, pass, graded)), index + 1, record.passes.size());
    outcome.facts = graded.facts;
    outcome.interactor_result = graded.interactor_result;
    outcome.containment = pass.containment;
    outcome.submission_stderr = pass.submission_stderr;
    outcome.decision = graded.decision;
  }
  if (forced) outcome.decision = *forced;
  if (entries.size() > 1) outcome.passes = entries;
  return outcome;
}

RepeatOutcome repeat_of(const TestOutcome& outcome) {
  return {outcome.decision.verdict, outcome.facts.submission.exit.cpu_ms, outcome.facts.submission.exit.wall_ms};
}

// A scoring that decides the verdict (a legacy Kattis package's graders) overrides
// the first failing test's, and says so where they differ.
void take_graded_verdict(RunResult& result, bool a_test_failed) {
  const Verdict graded = *result.score.verdict;
  if (graded == Verdict::JE)
    result.message = fmt::format("the test data groups' grading failed: {}", result.score.verdict_reason);
  else if (graded == Verdict::AC && a_test_failed)
    result.message =
        fmt::format("accepted by the test data groups' graders (grader_flags), although {}", result.message);
  else if (graded != Verdict::AC && !a_test_failed)
    result.message = fmt::format("every test is AC, but the test data groups' graders gave {}", verdict_name(graded));
  else if (graded != result.verdict)
    result.message = fmt::format("{} by the test data groups' graders; {}", verdict_name(graded), result.message);
  result.verdict = graded;
}

}  // namespace

GradingSpec grading_spec(const Problem& problem, RulePreset rules) {
  return {problem.name, problem.convention, problem.scoring, problem.metrics, rules};
}

bool interactor_accepts(const ExitFacts& exit, InteractorConvention convention) {
  // A CMS manager's outcome is on its stdout, read after the test: its ending says
  // only that it did not fail (exit 0); the processes run on to their own ends.
  if (convention == InteractorConvention::cms) return !exit.signaled && exit.exit_code == 0;
  return convention == InteractorConvention::testlib ? testlib_accepts(exit) : accepted_icpc(exit);
}

PassDecision pass_step(InteractorConvention convention, const std::vector<PassRecord>& passes) {
  if (passes.empty()) return {PassStep::next_pass, ""};
  const PassRecord& last = passes.back();
  return next_pass_step(pass_facts(static_cast<std::int64_t>(passes.size()), last, grade_pass(convention, last)));
}

TestOutcome grade_test(const GradingSpec& spec, const TestRecord& record, const Limits& limits) {
  TestOutcome outcome = grade_once(spec, spec.rules, record, limits);
  outcome.record = record;
  for (RulePreset other : all_rule_presets) {
    if (other == spec.rules) continue;
    const Verdict verdict = grade_once(spec, other, record, limits).decision.verdict;
    if (verdict != outcome.decision.verdict) outcome.verdict_under.emplace_back(other, verdict);
  }
  if (record.repeats.empty()) return outcome;
  outcome.repeats.push_back(repeat_of(outcome));
  for (const TestRecord& repeat : record.repeats) {
    outcome.repeats.push_back(repeat_of(grade_once(spec, spec.rules, repeat, limits)));
    outcome.stable = outcome.stable && outcome.repeats.back().verdict == outcome.decision.verdict;
  }
  return outcome;
}

RunResult grade(const GradingSpec& spec, const SubmissionRecord& submission) {
  RunResult result;
  result.problem = spec.problem;
  result.submission = submission.display;
  result.limits = submission.limits;
  result.tests_planned = submission.tests_planned;
  result.metrics = spec.metrics;
  result.rules = spec.rules;
  validate_scoring(spec.scoring);
  if (submission.compile_error) {
    result.verdict = Verdict::CE;
    result.message = *submission.compile_error;
    result.score = compute_score(spec.scoring, {});
    result.score.score = 0;
    return result;
  }
  std::vector<ScoredTest> scored;
  bool failed = false;
  for (const TestRecord& record : submission.tests) {
    TestOutcome outcome = grade_test(spec, record, submission.limits);
    if (outcome.decision.verdict != Verdict::AC && !failed) {
      failed = true;
      result.verdict = outcome.decision.verdict;
      result.message = fmt::format("test {}: {}", outcome.name, outcome.decision.message);
    }
    scored.push_back({outcome.name, outcome.decision.verdict, outcome.interactor_result});
    result.tests.push_back(std::move(outcome));
  }
  result.score = compute_score(spec.scoring, scored);
  // Stopped early: the tests not run cannot count as passed.
  if (result.tests.size() < submission.tests_planned) result.score.score = 0;
  if (result.score.verdict) take_graded_verdict(result, failed);
  // What each test earned by itself, where the scoring says (a CMS task's outcome
  // times its weight): the test's "score".
  if (result.score.test_scores.is_object())
    for (TestOutcome& test : result.tests)
      if (result.score.test_scores.contains(test.name))
        test.facts.report.score = result.score.test_scores[test.name].get<double>();
  return result;
}

std::vector<TestRecord> with_limits(std::vector<TestRecord> records, const Limits& limits) {
  for (TestRecord& record : records) {
    for (PassRecord& pass : record.passes) {
      TestFacts& facts = pass.facts;
      facts.limits = limits;
      // A run that went on past the wall limit that follows from these limits would
      // have been stopped there (the CPU limit is checked from its CPU time already),
      // unless the judge would have moved that limit as it moves a running test's: by
      // what the submission and its interactor waited for a CPU (a loaded host), up
      // to the same bound (Watchdog::extend_wall_limit).
      EndFacts& submission = facts.submission;
      const std::int64_t would_extend_ms =
          std::max(facts.wall_limit_extended_ms, std::min(std::max<std::int64_t>(0, facts.waited_for_cpu_ms),
                                                          (Watchdog::max_wall_extension_factor - 1) * limits.wall_ms));
      if (submission.exit.wall_ms > limits.wall_ms) facts.wall_limit_extended_ms = would_extend_ms;
      if (submission.exit.wall_ms > limits.wall_ms + would_extend_ms && !submission.hit_cpu_limit)
        submission.hit_wall_limit = true;
    }
    record.repeats = with_limits(std::move(record.repeats), limits);
  }
  return records;
}

int exit_status_for_verdict(std::optional<Verdict> verdict) {
  if (!verdict || *verdict == Verdict::JE) return exit_judge_error;
  return *verdict == Verdict::AC ? exit_all_accepted : exit_not_accepted;
}

int exit_status_for(const RunResult& result) {
  int status = exit_status_for_verdict(result.verdict);
  for (const auto& test : result.tests) {
    // A graded verdict (Score::verdict) stands for the tests' but a judge error's.
    const Verdict verdict = test.decision.verdict;
    if (!result.score.verdict || verdict == Verdict::JE)
      status = combined_exit_status(status, exit_status_for_verdict(verdict));
    // A repeat the judge failed on (--repeat) is a judge error too: the run stopped there.
    for (const RepeatOutcome& repeat : test.repeats)
      if (repeat.verdict == Verdict::JE) status = exit_judge_error;
  }
  return status;
}

int combined_exit_status(int a, int b) {
  if (a == exit_judge_error || b == exit_judge_error) return exit_judge_error;
  return std::max(a, b);
}

}  // namespace judge
