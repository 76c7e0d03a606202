#include "verify/verify.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>
#include <set>

#include <fmt/core.h>

#include "base/enum_name.hpp"
#include "base/errors.hpp"
#include "base/output_file.hpp"
#include "base/plural.hpp"
#include "base/printable.hpp"
#include "grade/grade.hpp"
#include "process/cpu_claim.hpp"
#include "process/interrupt_watch.hpp"
#include "process/private_tmpdir.hpp"
#include "report/run_report.hpp"
#include "run/runner.hpp"
#include "submission/submission.hpp"
#include "verify/example_submissions.hpp"
#include "verify/time_limit_inference.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

bool permits_a_time_verdict(const ExpectationRule& rule) {
  return rule.permitted.count(rule.scheme == VerdictScheme::exact ? Verdict::TLE : icpc_class(Verdict::TLE)) > 0 ||
         rule.permitted.count(Verdict::ILE) > 0;
}

// A submission whose run sets a lower bound on an inferred time limit (the spec:
// a rule that does not permit TLE), run first.
bool bounds_from_below(const ExampleSubmission& submission) {
  for (const auto& rule : submission.rules) {
    if (rule.time_limit == TimeLimitUse::lower) return true;
    if (rule.time_limit == TimeLimitUse::automatic && !rule.permitted.empty() && !permits_a_time_verdict(rule))
      return true;
  }
  return false;
}

std::vector<TestVerdict> test_verdicts(const RunResult& run) {
  if (run.verdict == Verdict::CE) return {{"compile", Verdict::CE, run.message}};
  std::vector<TestVerdict> verdicts;
  for (const auto& test : run.tests)
    verdicts.push_back({test.name, test.decision.verdict, test.facts.report.message});
  return verdicts;
}

// What expectations are checked on: each test's verdict, or where the scoring
// decides the verdict (a legacy Kattis package's graders) that verdict alone, as
// problemtools checks the graded result of data/.
std::vector<TestVerdict> checked_verdicts(const RunResult& run) {
  if (!run.score.verdict || run.verdict == Verdict::CE) return test_verdicts(run);
  return {{"data/", run.verdict, run.message}};
}

std::vector<TestTime> test_times(const RunResult& run) {
  std::vector<TestTime> times;
  for (const auto& test : run.tests) {
    std::int64_t cpu_ms = test.facts.submission.exit.cpu_ms;
    if (test.passes.is_array())
      for (const auto& pass : test.passes) cpu_ms = std::max(cpu_ms, pass.value("cpu_ms", std::int64_t{0}));
    times.push_back({test.name, static_cast<double>(cpu_ms) / 1000.0});
  }
  return times;
}

std::string expected_text(const ExampleSubmission& submission) {
  if (submission.rules.empty()) return "(nothing)";
  std::set<std::string> origins;
  for (const auto& rule : submission.rules) origins.insert(rule.origin);
  std::string text;
  for (const auto& origin : origins) text += (text.empty() ? "" : "; ") + origin;
  return text;
}

// The same run graded again under other limits (an inferred time limit): every
// test's recorded facts with those limits, through `grade`, stopping where the run
// would have stopped under them (after a test over a time limit).
RunResult rejudged(const Problem& problem, const RunResult& run, const RunOptions& options) {
  const GradingSpec spec = grading_spec(problem);
  SubmissionRecord again;
  again.display = run.submission;
  again.limits = options.limits;
  for (const auto& test : run.tests) {
    again.tests.push_back(with_limits({test.record}, options.limits).front());
    const Verdict verdict = grade_test(spec, again.tests.back(), options.limits).decision.verdict;
    if (options.stop_after_time_limit && (verdict == Verdict::TLE || verdict == Verdict::ILE)) break;
  }
  // Its score counts the tests it ran as all that were planned, as the first grading
  // did; the count shown is the run's.
  again.tests_planned = again.tests.size();
  RunResult result = grade(spec, again);
  result.tests_planned = run.tests_planned;
  return result;
}

struct Grading {
  const Problem& problem;
  const VerifyOptions& options;
  TestExecutor& executor;
  const PrepareSubmission& prepare;

  RunOptions run_options(std::int64_t cpu_ms) const {
    RunOptions run;
    run.limits = problem.limits;
    run.limits.cpu_ms = cpu_ms;
    // The wall limit follows from the time limit of the run. A package without a time
    // limit has a placeholder wall limit (from the placeholder time limit): never
    // used, or a submission that sleeps past the real limit would get through.
    run.limits.wall_ms = problem.time_limit_rule ? default_wall_ms(cpu_ms)
                                                 : std::max(problem.limits.wall_ms, default_wall_ms(cpu_ms));
    run.cpu = options.cpu;
    run.contain = options.contain;
    // A legacy Kattis package's graders may accept past a rejected test (on_reject:
    // continue, always_accept): every test runs, as problemtools runs them.
    run.stop_after_time_limit = !options.all_tests && problem.scoring.value("type", "") != "kattis_legacy";
    run.repeat = options.repeat;
    run.rules = parse_preset(options.rules).value_or(RulePreset::icpc);
    run.stderr_bytes = options.stderr_bytes;
    return run;
  }

  // Prepares and runs one submission; skipped (with the reason) when it cannot be made
  // runnable.
  VerifiedSubmission run(const ExampleSubmission& example, std::int64_t cpu_ms) const {
    VerifiedSubmission verified{
        example.name, expected_text(example), VerifyStatus::skipped, "", std::nullopt, std::nullopt, "", false};
    Submission submission;
    try {
      submission = prepare(example.path);
    } catch (const ConfigError& error) {
      verified.reason = error.what();
      return verified;
    }
    verified.run = run_submission(problem, submission, problem.tests, run_options(cpu_ms), executor);
    return verified;
  }

  void check(const ExampleSubmission& example, VerifiedSubmission& verified) const {
    if (!verified.run) return;
    const CheckResult result = check_expectation(example, checked_verdicts(*verified.run), verified.run->score.score);
    verified.status = result.passed ? VerifyStatus::ok : VerifyStatus::fail;
    verified.reason = result.reason;
    // Checked on the graded verdict alone: say so rather than "1 AC as ... expects".
    const std::string counted = fmt::format("1 {} as ", verdict_name(verified.run->verdict));
    if (verified.run->score.verdict && verified.reason.starts_with(counted))
      verified.reason = fmt::format("data/ graded {} with score {:g}, as {}", verdict_name(verified.run->verdict),
                                    verified.run->score.score, verified.reason.substr(counted.size()));
    if (verified.run->score.verdict && verified.reason.starts_with("test data/ got "))
      verified.reason = "data/ was graded " + verified.reason.substr(std::string_view("test data/ got ").size());
    // problemtools: a group scored outside its range is the package's error.
    const nlohmann::json& details = verified.run->score.details;
    if (details.is_object() && details.contains("out_of_range")) {
      verified.status = VerifyStatus::fail;
      verified.reason = fmt::format("{} (the package's range: problemtools reports it as an error); {}",
                                    details["out_of_range"][0].get<std::string>(), verified.reason);
    }
    // A verdict that changes from run to run is no verdict to rely on.
    for (const auto& test : verified.run->tests) {
      if (test.stable) continue;
      verified.flaky = fmt::format("FLAKY on {}: {}", test.name, verdicts_seen(test.repeats));
      verified.status = VerifyStatus::fail;
      verified.reason = verified.flaky + "; " + verified.reason;
      break;
    }
    const std::string warning = verified.sensitivity ? sensitivity_warning(*verified.sensitivity) : "";
    if (options.strict && !warning.empty()) {
      verified.strict_failure = true;
      verified.status = VerifyStatus::fail;
      verified.reason = warning + " (--strict); " + verified.reason;
    }
  }
};

// The run at the higher limit graded at both limits (time_sensitivity.hpp): a run made
// under more than the higher limit (the inference's first runs) is graded again at
// it; one made under less is taken as it is (cut_short says when it stopped there).
void judge_at_both_limits(const Problem& problem, VerifiedSubmission& verified, const RunOptions& at_limit,
                          const RunOptions& at_high, const TimeLimitRule& multipliers) {
  if (!verified.run || verified.run->verdict == Verdict::CE) return;
  const RunResult high =
      verified.run->limits.cpu_ms > at_high.limits.cpu_ms ? rejudged(problem, *verified.run, at_high) : *verified.run;
  if (verified.run->limits.cpu_ms != at_limit.limits.cpu_ms) verified.run = rejudged(problem, *verified.run, at_limit);
  verified.sensitivity = time_sensitivity(*verified.run, high, multipliers);
}

}  // namespace

VerifyReport verify_problem(const Problem& problem, const std::vector<ExampleSubmission>& submissions,
                            const VerifyOptions& options, TestExecutor& executor,
                            const PrepareSubmission& prepare,
                            const std::function<void(const VerifiedSubmission&)>& on_done) {
  VerifyReport report;
  report.problem = problem.name;
  report.format = std::string(format_name(problem.format));
  report.notes = problem.notes;
  report.warnings = problem.warnings;
  const Grading grading{problem, options, executor, prepare};
  std::int64_t time_limit_ms = problem.limits.cpu_ms;
  std::map<std::string, VerifiedSubmission> done;
  if (problem.time_limit_rule) {
    // First the submissions that bound the limit from below, with the placeholder.
    std::vector<TimeBoundSample> samples;
    for (const auto& example : submissions) {
      if (!bounds_from_below(example)) continue;
      VerifiedSubmission verified = grading.run(example, time_limit_ms);
      if (verified.run) {
        const auto bounds = time_bounds_of(example, test_times(*verified.run));
        samples.insert(samples.end(), bounds.begin(), bounds.end());
      }
      done.emplace(example.name, std::move(verified));
    }
    const TimeLimitInference inference = infer_time_limit(samples, *problem.time_limit_rule);
    report.time_limit_inferred = true;
    report.time_limit_explanation = inference.explanation;
    const double seconds = inference.time_limit_s.value_or(std::max(inference.lower_s, 1.0));
    time_limit_ms = std::max<std::int64_t>(1, static_cast<std::int64_t>(seconds * 1000.0 + 0.5));
    if (!inference.time_limit_s) report.notes.push_back("no time limit meets every bound: " + inference.explanation);
  }
  report.time_limit_ms = time_limit_ms;
  const RunOptions at_limit = grading.run_options(time_limit_ms);
  // Every submission runs at limit * time_limit_to_tle and is judged at both limits,
  // as problemtools does: those that must TLE, still TLE there, bound an inferred
  // limit from above too, and any verdict that changes between the two is said.
  const TimeLimitRule multipliers = problem.time_limit_rule.value_or(problem.time_multipliers);
  const RunOptions at_high = grading.run_options(std::max<std::int64_t>(
      time_limit_ms, std::llround(static_cast<double>(time_limit_ms) * multipliers.time_limit_to_tle)));
  for (const auto& example : submissions) {
    auto it = done.find(example.name);
    if (it == done.end()) it = done.emplace(example.name, grading.run(example, at_high.limits.cpu_ms)).first;
    VerifiedSubmission& verified = it->second;
    judge_at_both_limits(problem, verified, at_limit, at_high, multipliers);
    grading.check(example, verified);
    if (on_done) on_done(verified);
    report.submissions.push_back(verified);
  }
  return report;
}

namespace {

std::string_view status_name(VerifyStatus status) {
  return enum_name(status, std::array<std::string_view, 3>{"OK", "FAIL", "SKIP"});
}

// A CMS task's tests that are AC with a partial outcome (0 < outcome < 1).
std::vector<const TestOutcome*> partial_tests(const RunResult& run) {
  std::vector<const TestOutcome*> partial;
  for (const auto& test : run.tests) {
    const std::optional<double> outcome = cms_outcome(test);
    if (test.decision.verdict == Verdict::AC && outcome && *outcome > 0 && *outcome < 1) partial.push_back(&test);
  }
  return partial;
}

// ", 0.5 on 000 (+3 partial)": the first partial outcome of an all-AC run.
std::string partial_text(const RunResult& run) {
  const auto partial = partial_tests(run);
  if (partial.empty()) return "";
  std::string text = fmt::format(", {:g} on {}", *cms_outcome(*partial.front()), partial.front()->name);
  if (partial.size() > 1) text += fmt::format(" (+{} partial)", partial.size() - 1);
  return text;
}

// "AC x6", or the first test that is not AC: "TLE on secret/03 (+2 more not AC)"; a
// CMS task's run that is all AC adds its first partial outcome: "AC x4, 0.5 on 000".
std::string got_text(const RunResult& run) {
  if (run.verdict == Verdict::CE) return "CE";
  // A graded verdict first (a legacy Kattis package's graders), then the tests'.
  const std::string graded =
      run.score.verdict ? fmt::format("{} {:g} graded; ", verdict_name(run.verdict), run.score.score) : "";
  std::size_t not_ac = 0;
  const TestOutcome* first = nullptr;
  for (const auto& test : run.tests) {
    if (test.decision.verdict == Verdict::AC) continue;
    ++not_ac;
    if (first == nullptr) first = &test;
  }
  if (first == nullptr) return fmt::format("{}AC x{}{}", graded, run.tests.size(), partial_text(run));
  const Verdict verdict = first->decision.verdict;
  const Verdict icpc = icpc_class(verdict);
  std::string text = fmt::format("{}{}{} on {}", graded, verdict_name(verdict),
                                 icpc == verdict ? "" : fmt::format(" ({})", verdict_name(icpc)), first->name);
  if (not_ac > 1) text += fmt::format(" (+{} more not AC)", not_ac - 1);
  if (run.tests.size() < run.tests_planned) text += fmt::format(", {} of {} run", run.tests.size(), run.tests_planned);
  return text;
}

std::int64_t slowest_test_cpu_ms(const RunResult& run) {
  std::int64_t slowest = 0;
  for (const auto& test : run.tests) slowest = std::max(slowest, test.facts.submission.exit.cpu_ms);
  return slowest;
}

}  // namespace

std::string format_verify_row(const VerifiedSubmission& submission, std::size_t name_width) {
  const std::string got = submission.run ? got_text(*submission.run) : "-";
  const std::string cpu = submission.run ? fmt::format("{} ms", slowest_test_cpu_ms(*submission.run)) : "-";
  std::string row =
      fmt::format("{:<{}}  {:<4}  {:<34}  {:>9}  {}", printable_line(submission.name), name_width,
                  status_name(submission.status), printable_line(got), cpu, printable_line(submission.reason));
  // What the manager said of the first partial outcome (why the test earned part).
  const auto partial = submission.run ? partial_tests(*submission.run) : std::vector<const TestOutcome*>{};
  if (!partial.empty() && !partial.front()->decision.message.empty())
    row += fmt::format("  [{}: {}]", printable_line(partial.front()->name),
                       printable_line(partial.front()->decision.message));
  // The time-limit warnings, unless --strict already made one the reason.
  const std::string warning = submission.sensitivity ? sensitivity_warning(*submission.sensitivity) : "";
  if (!warning.empty() && !submission.strict_failure) row += "  [warning: " + warning + "]";
  return row;
}

std::string format_verify_summary(const VerifyReport& report) {
  std::size_t ok = 0, failed = 0, skipped = 0, sensitive = 0, close = 0, flaky = 0;
  for (const auto& submission : report.submissions) {
    if (submission.status == VerifyStatus::ok) ++ok;
    else if (submission.status == VerifyStatus::fail) ++failed;
    else ++skipped;
    sensitive += submission.sensitivity && submission.sensitivity->sensitive ? 1 : 0;
    close +=
        submission.sensitivity && !submission.sensitivity->sensitive && submission.sensitivity->close_to_limit ? 1 : 0;
    flaky += submission.flaky.empty() ? 0 : 1;
  }
  std::string text =
      fmt::format("{} ({}): {} of {} as expected, {} not, {} skipped; time limit {} ms{}", report.problem,
                  report.format, ok, count_of(report.submissions.size(), "submission"), failed, skipped,
                  report.time_limit_ms, report.time_limit_inferred ? " (inferred)" : "");
  if (sensitive + close + flaky > 0)
    text += fmt::format("\n  warnings: {} sensitive to time limit, {} close to the limit, {} FLAKY", sensitive, close,
                        flaky);
  if (report.time_limit_inferred) text += "\n  " + report.time_limit_explanation;
  for (const auto& warning : report.warnings) text += "\n  warning: " + printable(warning);
  for (const auto& note : report.notes) text += "\n  note: " + printable(note);
  return text;
}

nlohmann::json verify_to_json(const VerifyReport& report) {
  nlohmann::json submissions = nlohmann::json::array();
  for (const auto& submission : report.submissions) {
    nlohmann::json entry = {{"name", submission.name},
                            {"expected", submission.expected},
                            {"status", status_name(submission.status)},
                            {"reason", submission.reason}};
    if (submission.run) {
      entry["verdict"] = verdict_name(submission.run->verdict);
      entry["icpc_verdict"] = verdict_name(icpc_class(submission.run->verdict));
      entry["slowest_cpu_ms"] = slowest_test_cpu_ms(*submission.run);
      entry["score"] = submission.run->score.score;
      entry["result"] = to_json(*submission.run);
    }
    if (submission.sensitivity) entry["time_sensitivity"] = sensitivity_to_json(*submission.sensitivity);
    if (!submission.flaky.empty()) entry["flaky"] = submission.flaky;
    submissions.push_back(entry);
  }
  return {{"problem", report.problem},
          {"format", report.format},
          {"time_limit_ms", report.time_limit_ms},
          {"time_limit_inferred", report.time_limit_inferred},
          {"time_limit_explanation", report.time_limit_explanation},
          {"notes", report.notes},
          {"warnings", report.warnings},
          {"submissions", submissions}};
}

void refuse_warnings(const Problem& problem) {
  if (problem.warnings.empty()) return;
  std::string text;
  for (const auto& warning : problem.warnings) text += "\n  " + warning;
  throw ConfigError(fmt::format("{}: {} warning(s), errors under --strict:{}", problem.name, problem.warnings.size(),
                                text));
}

int exit_status_for(const VerifyReport& report) {
  int status = exit_all_accepted;
  for (const auto& submission : report.submissions) {
    if (submission.run)
      for (const auto& test : submission.run->tests)
        if (test.decision.verdict == Verdict::JE) return exit_judge_error;
    if (submission.strict_failure) status = exit_usage;
    else if (submission.status == VerifyStatus::fail && status != exit_usage)
      status = exit_not_accepted;
  }
  return status;
}

}  // namespace judge
