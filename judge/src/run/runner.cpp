#include "run/runner.hpp"

#include <ctime>
#include <exception>
#include <functional>
#include <memory>
#include <system_error>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "box/cgroup.hpp"
#include "process/cpu_claim.hpp"
#include "run/interaction.hpp"
#include "run/passes.hpp"
#include "run/test_resources.hpp"

namespace judge {
namespace fs = std::filesystem;

fs::path transcript_file(const fs::path& dir, const std::string& test_name) {
  const fs::path name(test_name);
  bool inside = !test_name.empty() && name.is_relative();
  for (const fs::path& part : name) inside = inside && part != ".." && part != "." && !part.empty();
  if (!inside)
    throw JudgeFault(fmt::format("test name {} would put its transcript outside {}", test_name, dir.string()));
  return dir / (test_name + ".interaction");
}

namespace {

// Where this test's transcript goes, if one is kept (the interactor writes it).
// A test's name may hold folders (an ICPC package's secret/01): its transcript goes
// into the same folders under DIR, made here (transcript_file).
std::optional<fs::path> transcript_path(const TestCase& test, const RunOptions& options) {
  if (!options.transcripts_dir) return std::nullopt;
  fs::path transcript = fs::absolute(transcript_file(*options.transcripts_dir, test.name));
  fs::create_directories(transcript.parent_path());
  fs::remove(transcript);
  return transcript;
}

nlohmann::json result_field(const nlohmann::json& result, const char* key) {
  return result.is_object() ? result.value(key, nlohmann::json()) : nlohmann::json();
}

// One entry of a multi-pass test's "passes".
nlohmann::json pass_entry(std::int64_t pass, const InteractionResult& result, const Decision& decision) {
  return {{"pass", pass},
          {"probe", result.probe},
          {"verdict", result.probe ? "probe" : std::string(verdict_name(decision.verdict))},
          {"queries", result_field(result.interactor_result, "queries")},
          {"query_limit", result_field(result.interactor_result, "query_limit")},
          {"cpu_ms", result.facts.submission.exit.cpu_ms}};
}

InteractionRequest pass_request(const Problem& problem, const Submission& submission,
                                const TestCase& test, const RunOptions& options) {
  InteractionRequest request;
  request.submission_command = command_for_limits(submission, options.limits.memory_kib);
  request.submission_roots = submission.roots;
  request.unlimited_address_space = submission.unlimited_address_space;
  request.extra_processes = submission.extra_processes;
  request.interactor_command = problem.interactor_command;
  request.answer_file = test.answer;
  request.interactor_args = test.validator_args;
  request.interactor_working_dir = problem.interactor_working_dir;
  request.interactor_writes_transcript = problem.interactor_writes_transcript;
  request.convention = problem.convention;
  request.checker_command = problem.checker_command;
  request.mode = problem.mode;
  request.limits = options.limits;
  request.cpu = options.cpu;
  request.contain = options.contain;
  return request;
}

// One pass, started: its work folder, where its transcript goes, and its two
// programs, running (Interaction::wire and spawn done).
struct StartedPass {
  std::optional<TempDir> work;
  std::optional<fs::path> transcript;
  std::unique_ptr<Interaction> interaction;
};

StartedPass start_pass(const Problem& problem, const Submission& submission, const TestCase& test,
                       const RunOptions& options, const std::string& net_namespace, TestResources& resources,
                       const fs::path& input, const fs::path& feedback, const std::optional<fs::path>& transcript,
                       std::int64_t pass) {
  StartedPass started;
  started.work.emplace(resources.folder("judge-work-"));
  InteractionRequest request = pass_request(problem, submission, test, options);
  request.net_namespace = net_namespace;
  request.resources = &resources;
  request.test_input = input;
  request.feedback_dir = feedback;
  request.work_dir = started.work->path();
  // A later pass's transcript follows the earlier one's in a file of its own.
  if (transcript)
    request.transcript = pass == 1 ? *transcript : fs::path(fmt::format("{}.pass{}", transcript->string(), pass));
  started.transcript = request.transcript;
  started.interaction = std::make_unique<Interaction>(std::move(request));
  started.interaction->wire();
  started.interaction->spawn();
  return started;
}

}  // namespace

// A test whose first pass was started before the runner asked for it (ProcessExecutor
// starts the next test while it reads the facts of the one before). A test that
// could not be started keeps the reason, thrown when the test is run.
struct StartedTest {
  const TestCase* test = nullptr;
  std::optional<fs::path> transcript;
  std::optional<TempDir> feedback;
  StartedPass first_pass;
  std::exception_ptr failure;
};

namespace {

std::unique_ptr<StartedTest> start_test(const Problem& problem, const Submission& submission,
                                        const TestCase& test, const RunOptions& options,
                                        const std::string& net_namespace, TestResources& resources) {
  auto started = std::make_unique<StartedTest>();
  started->test = &test;
  started->transcript = transcript_path(test, options);
  // One feedback folder for every pass of the test: what the interactor leaves there
  // persists from pass to pass (ICPC multi-pass), but nextpass.in, which is moved out.
  started->feedback.emplace(resources.folder("judge-feedback-"));
  started->first_pass = start_pass(problem, submission, test, options, net_namespace, resources,
                                   fs::absolute(test.input), started->feedback->path(), started->transcript, 1);
  return started;
}

// `started`: the test's first pass if it was started ahead (else it is started now).
// `start_next`: called once the test's last pass has ended, before its facts are read.
TestOutcome run_passes(const Problem& problem, const Submission& submission, const TestCase& test,
                       const RunOptions& options, const std::string& net_namespace,
                       TestResources& resources, std::unique_ptr<StartedTest> started,
                       const std::function<void()>& start_next) {
  if (!started) started = start_test(problem, submission, test, options, net_namespace, resources);
  TestOutcome outcome;
  outcome.name = test.name;
  const std::optional<fs::path> transcript = started->transcript;
  // The inputs of passes after the first, made when a second pass comes.
  std::optional<TempDir> pass_inputs;
  TempDir feedback = std::move(*started->feedback);
  fs::path input = fs::absolute(test.input);
  nlohmann::json passes = nlohmann::json::array();
  StartedPass current = std::move(started->first_pass);
  started.reset();
  for (std::int64_t pass = 1;; ++pass) {
    if (pass > 1)
      current = start_pass(problem, submission, test, options, net_namespace, resources, input, feedback.path(),
                           transcript, pass);
    current.interaction->supervise();
    // Both programs are gone. Without a nextpass.in this pass is the test's last
    // (run/passes.hpp): the next test may start now, on the test's CPU, while the
    // judge reads this one's facts on its own.
    const bool wrote_nextpass = fs::exists(feedback.path() / "nextpass.in");
    if (!wrote_nextpass && start_next) start_next();
    const InteractionResult result = current.interaction->collect();
    current.interaction.reset();  // its cgroup goes back to `resources`
    // Nothing of the work folder is read after the pass (collect() took the stderr
    // tails); it is removed while a later test runs.
    resources.retire(std::move(*current.work));
    current.work.reset();
    // Every clock reading of this pass's submission happened before now: the next
    // pass starts in a later second than all of them, so a solution seeded from the
    // seconds (solutions/nuts-bolts/accepted/random_pivot_clock.cpp) draws other
    // pivots. Counted from the pass's start instead, a pass that began late in a
    // second (judge-box's setup takes milliseconds) let the submission read the next
    // second, which the next pass then read again (seen once in a full test run).
    const auto ended_second = static_cast<std::int64_t>(std::time(nullptr));
    outcome.facts = result.facts;
    outcome.interactor_result = result.interactor_result;
    outcome.containment = result.containment;
    if (pass == 1 && current.transcript && fs::exists(*current.transcript)) outcome.transcript = current.transcript;

    PassFacts pass_facts;
    pass_facts.pass = pass;
    pass_facts.pass_limit = options.limits.passes;
    pass_facts.wrote_nextpass = wrote_nextpass;
    pass_facts.interactor_accepted =
        !result.facts.interactor.exit.signaled && result.facts.interactor.exit.exit_code == 42;
    pass_facts.probe = result.probe;
    const Decision decision = decide_verdict(result.facts);
    pass_facts.verdict = decision.verdict;
    passes.push_back(pass_entry(pass, result, decision));

    const PassDecision step = next_pass_step(pass_facts);
    if (step.step == PassStep::judge_error) outcome.forced_decision = Decision{Verdict::JE, step.message};
    if (step.step == PassStep::too_many_passes) outcome.forced_decision = Decision{Verdict::WA, step.message};
    if (step.step != PassStep::next_pass) break;
    // Next pass: its test input is the nextpass.in this pass left, moved out of the
    // feedback folder (the specification: removed before the next pass).
    if (!pass_inputs) pass_inputs.emplace("judge-passes-");
    input = pass_inputs->path() / fmt::format("pass{}.in", pass + 1);
    fs::rename(feedback.path() / "nextpass.in", input);
    if (problem.new_second_between_passes) wait_for_next_second(ended_second);
  }
  if (passes.size() > 1) outcome.passes = passes;
  resources.retire(std::move(feedback));
  return outcome;
}

// The test the judge failed on: JE with the reason, nothing else known.
TestOutcome judge_fault_outcome(const TestCase& test, const RunOptions& options, const std::string& why) {
  TestOutcome outcome;
  outcome.name = test.name;
  outcome.facts.limits = options.limits;
  outcome.forced_decision = Decision{Verdict::JE, fmt::format("the judge failed: {}", why)};
  return outcome;
}

}  // namespace

ProcessExecutor::ProcessExecutor(bool contain) : net_namespace_(contain) {
  // The first test's cgroup is made while the judge loads the problem and checks the
  // tests (run/test_resources.hpp).
  if (contain) resources_.make_cgroup_ahead();
}

ProcessExecutor::~ProcessExecutor() { discard_started(); }

TestOutcome ProcessExecutor::run_test(const Problem& problem, const Submission& submission,
                                      const TestCase& test, const RunOptions& options) {
  // Pinned tests: the judge itself runs on the other CPUs from the first test on
  // (process/cpu_claim.hpp says why).
  if (options.cpu >= 0 && kept_off_cpu_ != options.cpu) {
    keep_calling_thread_off_cpu(options.cpu);
    kept_off_cpu_ = options.cpu;
  }
  // Started ahead for another test than this one (a caller that changed its mind):
  // stopped, and this one starts afresh.
  if (started_ && started_->test != &test) discard_started();
  std::unique_ptr<StartedTest> started = std::move(started_);
  const std::string net_namespace = options.contain ? net_namespace_.path() : "";
  // The next test starts as soon as this one's last pass has ended, while the judge
  // reads this one's facts (the stderr tails, the interactor's report, the cgroup's
  // counters: ~0.1 ms of a 2 ms test). Not when reading them runs a program of its
  // own (a testlib checker): that would share the CPUs with the next test.
  const TestCase* next = next_;
  next_ = nullptr;
  const bool checker_runs = problem.convention == InteractorConvention::testlib && !problem.checker_command.empty();
  std::function<void()> start_next;
  if (next != nullptr && !checker_runs)
    start_next = [&, next] {
      try {
        started_ = start_test(problem, submission, *next, options, net_namespace, resources_);
      } catch (...) {
        // The next test's failure, not this one's: it is thrown when that test runs.
        started_ = std::make_unique<StartedTest>();
        started_->test = next;
        started_->failure = std::current_exception();
      }
    };
  // A folder or a file the judge could not make is the judge's failure, whatever
  // the library that noticed it.
  try {
    if (started && started->failure) std::rethrow_exception(started->failure);
    return run_passes(problem, submission, test, options, net_namespace, resources_, std::move(started), start_next);
  } catch (const fs::filesystem_error& error) {
    throw JudgeFault(error.what());
  } catch (const std::system_error& error) {
    throw JudgeFault(error.what());
  }
}

const TestCase* ProcessExecutor::started_test() const {
  return started_ && started_->first_pass.interaction ? started_->test : nullptr;
}

void ProcessExecutor::discard_started() {
  std::unique_ptr<StartedTest> started = std::move(started_);
  if (!started || !started->first_pass.interaction) return;
  // Nobody will read this test's facts: its programs are killed and reaped (with
  // their orphans) at once, and its folders and cgroup go back to be removed.
  Interaction& interaction = *started->first_pass.interaction;
  interaction.kill();
  try {
    interaction.supervise();
  } catch (const std::exception&) {
    // Killed and unwatched: nothing of it is reported, and whatever stays is
    // ended by the next test's kill_orphans or the judge's own exit.
  }
  started->first_pass.interaction.reset();
  // Nor is anything of it shown: a transcript it began (or its relay wrote) goes.
  std::error_code ignored;
  if (started->transcript) fs::remove(*started->transcript, ignored);
  resources_.retire(std::move(*started->first_pass.work));
  resources_.retire(std::move(*started->feedback));
}

RunResult run_submission(const Problem& problem, const Submission& submission,
                         const std::vector<TestCase>& tests, const RunOptions& options,
                         TestExecutor& executor, const TestObserver& on_test) {
  RunResult result;
  result.problem = problem.name;
  result.submission = submission.display;
  result.limits = options.limits;
  result.tests_planned = tests.size();
  result.metrics = problem.metrics;
  validate_scoring(problem.scoring);
  if (submission.compile_failed) {
    result.verdict = Verdict::CE;
    result.message = submission.compile_message;
    result.score = compute_score(problem.scoring, {});
    result.score.score = 0;
    return result;
  }
  bool failed = false;
  bool judge_failed = false;
  std::vector<ScoredTest> scored;
  // A run that may stop after any test names no next one: nothing is started that
  // would only be stopped again.
  const bool may_stop_early = options.stop_at_first_failure || options.stop_after_time_limit;
  try {
    for (std::size_t index = 0; index < tests.size() && !judge_failed; ++index) {
      TestOutcome outcome;
      executor.expect_next(!may_stop_early && index + 1 < tests.size() ? &tests[index + 1] : nullptr);
      try {
        outcome = executor.run_test(problem, submission, tests[index], options);
      } catch (const JudgeFault& fault) {
        outcome = judge_fault_outcome(tests[index], options, fault.what());
        judge_failed = true;
      }
      outcome.decision = outcome.forced_decision ? *outcome.forced_decision : decide_verdict(outcome.facts);
      if (outcome.decision.verdict != Verdict::AC && !failed) {
        failed = true;
        result.verdict = outcome.decision.verdict;
        result.message = fmt::format("test {}: {}", outcome.name, outcome.decision.message);
      }
      scored.push_back({outcome.name, outcome.decision.verdict, outcome.interactor_result});
      result.tests.push_back(std::move(outcome));
      if (on_test) on_test(result.tests.back(), index, tests.size());
      if (failed && options.stop_at_first_failure) break;
      const Verdict verdict = result.tests.back().decision.verdict;
      if (options.stop_after_time_limit && (verdict == Verdict::TLE || verdict == Verdict::ILE)) break;
    }
  } catch (...) {
    // Stopped by an exception (a stop signal, seen by on_test): the test started
    // ahead, if any, is stopped too.
    executor.discard_started();
    throw;
  }
  // A test started ahead and not run (the run stopped on a judge fault).
  executor.discard_started();
  result.score = compute_score(problem.scoring, scored);
  // Stopped early: the tests not run cannot count as passed.
  if (result.tests.size() < tests.size()) result.score.score = 0;
  return result;
}

int exit_status_for(const RunResult& result) {
  for (const auto& test : result.tests)
    if (test.decision.verdict == Verdict::JE) return exit_judge_error;
  return result.verdict == Verdict::AC ? exit_all_accepted : exit_not_accepted;
}

}  // namespace judge
