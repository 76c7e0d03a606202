#include "run/runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <ctime>
#include <exception>
#include <functional>
#include <memory>
#include <string_view>
#include <system_error>
#include <thread>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "box/cgroup.hpp"
#include "box/sandbox.hpp"
#include "process/cpu_claim.hpp"
#include "run/communication.hpp"
#include "run/interaction.hpp"
#include "run/resources_ahead.hpp"

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
  request.stderr_tail_bytes = options.stderr_bytes;
  request.stop_after_reject = options.rules != RulePreset::limits_first;
  return request;
}

}  // namespace

// One pass, started: its work folder, where its transcript goes, and its two
// programs, running (Interaction::wire and spawn done). Not file-local: StartedTest
// (runner.hpp declares it) holds one.
struct StartedPass {
  std::optional<TempDir> work;
  std::optional<fs::path> transcript;
  std::unique_ptr<Interaction> interaction;
};

namespace {

StartedPass start_pass(const Problem& problem, const Submission& submission, const TestCase& test,
                       const RunOptions& options, const std::string& net_namespace, ResourcesAhead& resources,
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

std::unique_ptr<StartedTest> start_test(const Problem& problem, const Submission& submission, const TestCase& test,
                                        const RunOptions& options, const std::string& net_namespace,
                                        ResourcesAhead& resources) {
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
TestRecord run_passes(const Problem& problem, const Submission& submission, const TestCase& test,
                      const RunOptions& options, const std::string& net_namespace, ResourcesAhead& resources,
                      std::unique_ptr<StartedTest> started, const std::function<void()>& start_next) {
  if (!started) started = start_test(problem, submission, test, options, net_namespace, resources);
  TestRecord record;
  record.name = test.name;
  const std::optional<fs::path> transcript = started->transcript;
  // The inputs of passes after the first, made when a second pass comes.
  std::optional<TempDir> pass_inputs;
  TempDir feedback = std::move(*started->feedback);
  fs::path input = fs::absolute(test.input);
  StartedPass current = std::move(started->first_pass);
  started.reset();
  for (std::int64_t pass = 1;; ++pass) {
    if (pass > 1)
      current = start_pass(problem, submission, test, options, net_namespace, resources, input, feedback.path(),
                           transcript, pass);
    current.interaction->supervise();
    // Both programs are gone. Without a nextpass.in this pass is the test's last
    // (grade/passes.hpp): the next test may start now, on the test's CPU, while the
    // judge reads this one's facts on its own.
    const bool wrote_nextpass = fs::exists(feedback.path() / "nextpass.in");
    if (!wrote_nextpass && start_next) start_next();
    record.passes.push_back(current.interaction->collect());
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
    // second, which the next pass then read again.
    const auto ended_second = static_cast<std::int64_t>(std::time(nullptr));
    if (pass == 1 && current.transcript && fs::exists(*current.transcript)) record.transcript = current.transcript;
    // Whether the test goes on is decided from the facts, as grading reads them.
    if (pass_step(problem.convention, record.passes).step != PassStep::next_pass) break;
    // Next pass: its test input is the nextpass.in this pass left, moved out of the
    // feedback folder (the specification: removed before the next pass).
    if (!pass_inputs) pass_inputs.emplace("judge-passes-");
    input = pass_inputs->path() / fmt::format("pass{}.in", pass + 1);
    fs::rename(feedback.path() / "nextpass.in", input);
    if (problem.new_second_between_passes) wait_for_next_second(ended_second);
  }
  resources.retire(std::move(feedback));
  return record;
}

// A test of a CMS Communication task (run/communication.hpp): one pass, run at once
// (no test is started ahead: each of its processes is a box and a cgroup of its own).
TestRecord run_communication_test(const Problem& problem, const Submission& submission, const TestCase& test,
                                  const RunOptions& options, const std::string& net_namespace,
                                  ResourcesAhead& resources) {
  TestRecord record;
  record.name = test.name;
  TempDir work = resources.folder("judge-work-");
  InteractionRequest request = pass_request(problem, submission, test, options);
  request.net_namespace = net_namespace;
  request.resources = &resources;
  request.test_input = fs::absolute(test.input);
  request.feedback_dir = work.path();
  request.work_dir = work.path();
  {
    Communication communication(std::move(request), problem.cms->num_processes, problem.cms->user_io);
    record.passes.push_back(communication.run());
  }
  resources.retire(std::move(work));
  return record;
}

// One run of a test through the executor: a JudgeFault is recorded as the test's.
TestRecord run_once(const Problem& problem, const Submission& submission, const TestCase& test,
                    const RunOptions& options, TestExecutor& executor) {
  try {
    return executor.run_test(problem, submission, test, options);
  } catch (const JudgeFault& fault) {
    TestRecord failed;
    failed.name = test.name;
    failed.judge_fault = fault.what();
    return failed;
  }
}

// Each run is announced to the executor as the next one, so it starts while the judge
// reads the facts of the run before.
}  // namespace

TestRecord run_test_repeated(const Problem& problem, const Submission& submission, const TestCase& test,
                             const TestCase* next_test, const RunOptions& options, TestExecutor& executor) {
  const int runs = std::max(options.repeat, 1);
  executor.expect_next(runs > 1 ? &test : next_test);
  TestRecord first = run_once(problem, submission, test, options, executor);
  for (int run = 2; run <= runs && first.judge_fault.empty(); ++run) {
    executor.expect_next(run < runs ? &test : next_test);
    first.repeats.push_back(run_once(problem, submission, test, options, executor));
    if (!first.repeats.back().judge_fault.empty()) break;
  }
  return first;
}

namespace {

// The test graded alone and shown to the observer; its verdict decides whether the
// run stops here.
Verdict observe(const GradingSpec& spec, const TestRecord& record, const Limits& limits, std::size_t index,
                std::size_t total, const TestObserver& on_test) {
  const TestOutcome outcome = grade_test(spec, record, limits);
  if (on_test) on_test(outcome, index, total);
  return outcome.decision.verdict;
}

}  // namespace

ProcessExecutor::ProcessExecutor(bool contain) : net_namespace_(contain) {
  // The first test's cgroup is made while the judge loads the problem and checks the
  // tests (run/resources_ahead.hpp).
  if (contain) resources_.make_cgroup_ahead();
  // The judge-box server starts now, on this thread, the one that runs the tests (its
  // parent-death signal is this thread's); its own start runs beside the judge's.
  // Without judge-box, the first box says why it cannot run.
  const char* no_server = std::getenv("JUDGE_TEST_NO_BOX_SERVER");
  if (!contain || (no_server != nullptr && std::string_view(no_server) == "1")) return;
  if (const fs::path box = find_box_executable(); !box.empty()) {
    box_server_ = std::make_unique<BoxServer>(box);
    box_server_->prepare();
    resources_.use_box_server(box_server_.get());
  }
}

ProcessExecutor::~ProcessExecutor() { discard_started(); }

TestRecord ProcessExecutor::run_test(const Problem& problem, const Submission& submission,
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
  // counters: a fixed cost that a short test would otherwise wait for). Not when
  // reading them runs a program of its
  // own (a testlib checker): that would share the CPUs with the next test; nor for a
  // CMS Communication task, whose tests run one at a time (run_communication_test).
  const TestCase* next = next_;
  next_ = nullptr;
  std::function<const TestCase*()> ask_next = std::move(ask_next_);
  ask_next_ = nullptr;
  const bool one_at_a_time =
      (problem.convention == InteractorConvention::testlib && !problem.checker_command.empty()) ||
      (problem.cms && problem.cms->type == CmsTaskType::communication);
  std::function<void()> start_next;
  if ((next != nullptr || ask_next) && !one_at_a_time)
    start_next = [&, next] {
      // Asked only now that this test has ended: a batch worker's next job has had the
      // whole test to arrive (expect_next_when_ended).
      const TestCase* upcoming = next != nullptr ? next : ask_next();
      if (upcoming == nullptr) return;
      try {
        started_ = start_test(problem, submission, *upcoming, options, net_namespace, resources_);
      } catch (...) {
        // The next test's failure, not this one's: it is thrown when that test runs.
        started_ = std::make_unique<StartedTest>();
        started_->test = upcoming;
        started_->failure = std::current_exception();
      }
    };
  // A folder or a file the judge could not make is the judge's failure, whatever
  // the library that noticed it.
  try {
    if (started && started->failure) std::rethrow_exception(started->failure);
    if (problem.cms && problem.cms->type == CmsTaskType::communication)
      return run_communication_test(problem, submission, test, options, net_namespace, resources_);
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
  const GradingSpec spec = grading_spec(problem, options.rules);
  SubmissionRecord record;
  record.display = submission.display;
  record.limits = options.limits;
  record.tests_planned = tests.size();
  if (submission.compile_failed) record.compile_error = submission.compile_message;
  validate_scoring(spec.scoring);
  // A run that may stop after any test names no next one: nothing is started that
  // would only be stopped again.
  const bool may_stop_early = options.stop_at_first_failure || options.stop_after_time_limit;
  try {
    for (std::size_t index = 0; index < tests.size() && !record.compile_error; ++index) {
      const TestCase* next_test = !may_stop_early && index + 1 < tests.size() ? &tests[index + 1] : nullptr;
      TestRecord test = run_test_repeated(problem, submission, tests[index], next_test, options, executor);
      const bool judge_failed = !test.judge_fault.empty() ||
                                std::any_of(test.repeats.begin(), test.repeats.end(),
                                            [](const TestRecord& repeat) { return !repeat.judge_fault.empty(); });
      record.tests.push_back(std::move(test));
      // Graded now for the observer (the terminal's line) and the stop rules; `grade`
      // below grades the same records the same way.
      const Verdict verdict = observe(spec, record.tests.back(), options.limits, index, tests.size(), on_test);
      if (judge_failed) break;
      if (options.stop_at_first_failure && verdict != Verdict::AC) break;
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
  return grade(spec, record);
}

void wait_for_next_second(std::int64_t since) {
  while (static_cast<std::int64_t>(std::time(nullptr)) == since)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

}  // namespace judge
