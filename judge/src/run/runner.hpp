// run_submission runs one submission on a list of tests of one problem: it runs each
// test through a TestExecutor, which records the facts of every pass, and grades
// them (grade/grade.hpp: each verdict, the overall verdict = the first test that is
// not AC, in test order, the score). The TestExecutor is the seam: ProcessExecutor
// runs real processes, and the flow tests (runner_test.cpp) use a fake one that
// returns prepared facts.
//
// A JudgeFault while a test runs (the judge could not start a process, make a pipe,
// a folder) does not lose the run: that test is recorded with the reason (graded JE),
// the run stops there, and the tests judged before it keep their verdicts.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/limits.hpp"
#include "box/net_namespace.hpp"
#include "grade/grade.hpp"
#include "problem/problem.hpp"
#include "problem/scoring.hpp"
#include "problem/tests.hpp"
#include "process/box_server.hpp"
#include "run/resources_ahead.hpp"
#include "submission/submission.hpp"

namespace judge {

struct RunOptions {
  // The limits every test runs under: resolve_limits(problem.limits, the command
  // line's overrides), resolved once by the caller.
  Limits limits;
  std::optional<std::filesystem::path> transcripts_dir;
  bool stop_at_first_failure = false;
  // Stop after the first test that exceeded a time limit (TLE, ILE): every further
  // one would cost a whole limit (judge verify).
  bool stop_after_time_limit = false;
  int cpu = -1;  // >= 0: pin both processes of every test to this CPU (see run/interaction.hpp)
  bool contain = true;  // run submissions inside judge-box (box/sandbox.hpp); --sandbox none: false
  // --repeat: each test runs this many times (its verdict is the first run's; the
  // others show whether it is stable: grade/grade.hpp).
  int repeat = 1;
  // --stderr-bytes: how much of the end of the submission's stderr each pass keeps.
  std::size_t stderr_bytes = default_stderr_bytes;
  // --rules: the verdict rules' precedence. limits-first also lets a submission run
  // on after the interactor rejected (its limits still decide).
  RulePreset rules = RulePreset::icpc;
};

// --repeat accepts 1..max_repeat.
inline constexpr int max_repeat = 1000;
// DIR/<test name>.interaction: where a test's transcript is kept. A name with
// folders (secret/01) keeps them under DIR; one that would leave DIR (an absolute
// path, a `..`) is a JudgeFault.
std::filesystem::path transcript_file(const std::filesystem::path& dir, const std::string& test_name);

class TestExecutor {
 public:
  virtual ~TestExecutor() = default;
  // Runs one test and returns the facts of each of its passes (grading them is
  // grade.hpp's). Throws JudgeFault when the judge itself cannot run it.
  virtual TestRecord run_test(const Problem& problem, const Submission& submission,
                               const TestCase& test, const RunOptions& options) = 0;
  // Once the run's last test has ended: what the tests still hold may be removed on
  // a thread of the executor's own while the caller writes the result, and
  // wait_released() waits until it has been (ProcessExecutor: ResourcesAhead).
  virtual void release_in_background() {}
  virtual void wait_released() {}
  // Before each run_test: the test the runner will run after that one (nullptr: none,
  // or the run may stop after it). An executor may start it as soon as the test
  // before has ended and read that one's facts meanwhile (ProcessExecutor).
  virtual void expect_next(const TestCase* /*next*/) {}
  // After the last run_test: a test started ahead and not run is stopped and dropped.
  virtual void discard_started() {}
};

struct StartedTest;  // run/runner.cpp

// Runs tests with real processes (Interaction), each pass in fresh temporary folders
// (the submission's working directory, the feedback directory) and, boxed, fresh
// cgroups, made while the test before runs and removed while the test after runs
// (run/resources_ahead.hpp). Its boxes share one network namespace
// (box/net_namespace.hpp), made from the start on a thread of its own; `contain`
// false (--sandbox none): none is made.
//
// Its boxes are forked from one judge-box server, started with the executor
// (process/box_server.hpp): no exec of judge-box per test. The test hook
// JUDGE_TEST_NO_BOX_SERVER=1 (benchmarks, tests) executes judge-box for every box.
//
// Told the next test (expect_next), it starts that test as soon as the test it runs
// has ended (both programs reaped, their orphans killed), then reads this test's
// facts while the next one runs: a run of many short tests does not wait for the
// judge's bookkeeping between two tests. The next test's programs run on the test's
// CPU, the judge on the others; nothing of one test is shared with the other.
class ProcessExecutor : public TestExecutor {
 public:
  explicit ProcessExecutor(bool contain = true);
  ProcessExecutor(const ProcessExecutor&) = delete;
  ProcessExecutor& operator=(const ProcessExecutor&) = delete;
  ~ProcessExecutor() override;
  TestRecord run_test(const Problem& problem, const Submission& submission,
                      const TestCase& test, const RunOptions& options) override;
  void release_in_background() override { resources_.release_in_background(); }
  void wait_released() override { resources_.wait_released(); }
  void expect_next(const TestCase* next) override { next_ = next; }
  // For the next run_test only, when no next test was named (expect_next): `ask` is
  // called once that test has ended and names the test to start ahead, or nullptr. A
  // batch worker learns its next job while a test runs (batch/worker.cpp); the test it
  // names runs with the same problem, submission and options as the one that ended.
  void expect_next_when_ended(std::function<const TestCase*()> ask) { ask_next_ = std::move(ask); }
  void discard_started() override;
  // The children kill_orphans must spare between tests: judge-boxes still exiting, and
  // the executor's judge-box server.
  std::vector<pid_t> spared_pids() const { return resources_.spared_pids(); }

  // The test started ahead, if any (tests: run/process_executor_test.cpp).
  const TestCase* started_test() const;

 private:
  SharedNetNamespace net_namespace_;
  // Before resources_, which points to it: destroyed after it.
  std::unique_ptr<BoxServer> box_server_;
  ResourcesAhead resources_;
  int kept_off_cpu_ = -1;  // the test CPU the judge's thread keeps off (process/cpu_claim.hpp)
  const TestCase* next_ = nullptr;          // expect_next()
  std::function<const TestCase*()> ask_next_;  // expect_next_when_ended()
  std::unique_ptr<StartedTest> started_;    // that test, started once the one before ended
};

using TestObserver = std::function<void(const TestOutcome&, std::size_t index, std::size_t total)>;

// Runs the tests and grades what they recorded (grade.hpp `grade`); `on_test` sees each
// test graded as soon as it has run.
RunResult run_submission(const Problem& problem, const Submission& submission,
                         const std::vector<TestCase>& tests, const RunOptions& options,
                         TestExecutor& executor, const TestObserver& on_test = {});

// One test run options.repeat times (--repeat), the runs after the first in its
// `repeats`; a JudgeFault is recorded as the failing run's `judge_fault` and ends the
// repeats. `next_test`: the test that follows (null: none, or the run may stop),
// announced to the executor after the last run (a batch worker runs one test: null).
TestRecord run_test_repeated(const Problem& problem, const Submission& submission, const TestCase& test,
                             const TestCase* next_test, const RunOptions& options, TestExecutor& executor);

// Sleeps until time(nullptr) differs from `since`, so that a program seeding its
// random generator from the clock in seconds sees another seed in the next pass.
void wait_for_next_second(std::int64_t since);

}  // namespace judge
