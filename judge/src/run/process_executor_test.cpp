// ProcessExecutor with real processes: the next test starts as soon as the test
// before has ended, while the judge reads that one's facts (run/runner.hpp), and a
// test started ahead that is not run after all is stopped and leaves nothing behind.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "base/temp_dir.hpp"
#include "file_text.hpp"
#include "problem/problem.hpp"
#include "run/runner.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// The judge's children that have not been reaped, by name (/proc/PID/comm).
std::vector<std::string> children_names() {
  std::vector<std::string> names;
  for (const auto& task : fs::directory_iterator("/proc/self/task")) {
    std::ifstream children(task.path() / "children");
    for (long pid = 0; children >> pid;) {
      std::string name = test_support::text_of(fs::path("/proc") / std::to_string(pid) / "comm");
      if (!name.empty() && name.back() == '\n') name.pop_back();
      names.push_back(name);
    }
  }
  return names;
}

bool has_child_named(const std::string& name) {
  for (const auto& child : children_names())
    if (child == name) return true;
  return false;
}

// The scenarios' echo interactor (judge/scenarios/_interactors/echo.cpp) and its
// accepted solution, on three tests: 01 and 03 normal, 02 a test whose interactor
// sends nothing, so that it and the solution wait for each other until killed.
// With --transcripts the relay writes them (the echo interactor writes none).
class ProcessExecutorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    const fs::path scenarios = fs::path(JUDGE_BUILD_DIR) / "judge/scenarios";
    const fs::path problem_dir = temp_.path() / "p";
    fs::create_directories(problem_dir / "tests");
    std::ofstream(problem_dir / "problem.json")
        << R"({"interactor": ")" << (scenarios / "_interactors/echo").string()
        << R"(", "testdata": "tests", "time_limit_ms": 1000, "wall_limit_ms": 3000,
               "interactor_writes_transcript": false})";
    std::ofstream(problem_dir / "tests" / "01.in") << "41 normal\n";
    std::ofstream(problem_dir / "tests" / "02.in") << "5 write-nothing\n";
    std::ofstream(problem_dir / "tests" / "03.in") << "7 normal\n";
    problem_ = load_problem(problem_dir.string(), JudgePaths::from_environment());
    ASSERT_EQ(problem_.tests.size(), 3u);
    submission_ = prepare_submission(scenarios / "solution_accepted/solution", temp_.path() / "cache");
    options_.limits = resolve_limits(problem_.limits, {});
  }

  const TestCase& test(std::size_t index) const { return problem_.tests.at(index); }

  // Runs 01 (accepted), telling the executor that test `next` comes after it.
  TestOutcome graded(const TestRecord& record) { return grade_test(grading_spec(problem_), record, options_.limits); }

  TestOutcome run_first_then(ProcessExecutor& executor, std::size_t next) {
    executor.expect_next(&test(next));
    TestOutcome first = graded(executor.run_test(problem_, submission_, test(0), options_));
    EXPECT_EQ(first.decision.verdict, Verdict::AC) << first.decision.message;
    EXPECT_EQ(executor.started_test(), &test(next)) << "the next test was not started ahead";
    return first;
  }

  // Runs 03 and checks it was judged in full: the interactor accepted.
  TestOutcome run_third(ProcessExecutor& executor) {
    TestOutcome third = graded(executor.run_test(problem_, submission_, test(2), options_));
    EXPECT_EQ(third.name, "03");
    EXPECT_EQ(third.facts.interactor.exit.exit_code, 42);
    EXPECT_EQ(third.decision.verdict, Verdict::AC) << third.decision.message;
    return third;
  }

  TempDir temp_{"process-executor-test-"};
  Problem problem_;
  Submission submission_;
  RunOptions options_;
};

TEST_F(ProcessExecutorTest, TheNextTestRunsWhileTheOneBeforeIsReadAndIsStoppedIfNotRun) {
  ProcessExecutor executor;
  run_first_then(executor, 1);
  // Test 02 runs already: its interactor waits for the solution, which waits for it.
  EXPECT_TRUE(has_child_named("echo")) << "the interactor of the test started ahead is not running";

  executor.discard_started();
  EXPECT_EQ(executor.started_test(), nullptr);
  // Killed and reaped by the time discard_started() returns: not even a zombie.
  EXPECT_FALSE(has_child_named("echo"));
}

TEST_F(ProcessExecutorTest, ATestStartedAheadAndNotRunLeavesNoTranscript) {
  options_.transcripts_dir = temp_.path() / "transcripts";
  ProcessExecutor executor;
  const TestOutcome first = run_first_then(executor, 2);
  ASSERT_TRUE(first.transcript.has_value());
  EXPECT_TRUE(fs::exists(*options_.transcripts_dir / "01.interaction"));
  executor.discard_started();
  EXPECT_TRUE(fs::exists(*options_.transcripts_dir / "01.interaction"));
  EXPECT_FALSE(fs::exists(*options_.transcripts_dir / "03.interaction"));
}

TEST_F(ProcessExecutorTest, ATestStartedAheadIsJudgedAsIfStartedWhenAsked) {
  ProcessExecutor executor;
  run_first_then(executor, 2);
  run_third(executor);
  EXPECT_EQ(executor.started_test(), nullptr);  // nothing named after it: nothing started
}

// A batch worker names the next test only once the test before has ended
// (expect_next_when_ended): asked then, and once; the test it names starts ahead and is
// judged in full; asked for none, nothing starts; the question is for one test only.
TEST_F(ProcessExecutorTest, TheNextTestAskedForWhenTheOneBeforeEndedStartsAhead) {
  ProcessExecutor executor;
  int asked = 0;
  executor.expect_next_when_ended([&] {
    ++asked;
    EXPECT_FALSE(has_child_named("echo")) << "asked before the test before had ended";
    return &test(2);
  });
  const TestOutcome first = graded(executor.run_test(problem_, submission_, test(0), options_));
  EXPECT_EQ(first.decision.verdict, Verdict::AC) << first.decision.message;
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(executor.started_test(), &test(2));
  run_third(executor);
  EXPECT_EQ(asked, 1);  // not asked again for the test after
  EXPECT_EQ(executor.started_test(), nullptr);

  executor.expect_next_when_ended([&] {
    ++asked;
    return nullptr;
  });
  run_third(executor);
  EXPECT_EQ(asked, 2);
  EXPECT_EQ(executor.started_test(), nullptr);
}

TEST_F(ProcessExecutorTest, AnotherTestThanTheOneStartedAheadStopsItAndRunsAfresh) {
  ProcessExecutor executor;
  run_first_then(executor, 1);
  // Asked for 03 instead: 02's programs would wait for each other until the wall
  // limit (3 s); they are stopped at once.
  const TestOutcome third = run_third(executor);
  EXPECT_LT(third.facts.submission.exit.wall_ms, 2000);
  EXPECT_FALSE(has_child_named("echo"));
}

// Issue 32: the boxes of a run are forked from the executor's one judge-box server,
// test after test, the one started ahead included (containment.box_started says so);
// the test hook JUDGE_TEST_NO_BOX_SERVER=1 executes judge-box for every box.
TEST_F(ProcessExecutorTest, EveryBoxOfARunIsForkedFromItsJudgeBoxServer) {
  for (const char* hook : {"", "1"}) {
    ::setenv("JUDGE_TEST_NO_BOX_SERVER", hook, 1);
    ProcessExecutor executor;
    ::unsetenv("JUDGE_TEST_NO_BOX_SERVER");
    const std::string expected = *hook == '\0' ? "served" : "executed";
    const TestOutcome first = run_first_then(executor, 2);
    const TestOutcome third = run_third(executor);
    for (const TestOutcome* outcome : {&first, &third}) {
      if (outcome->containment.value("sandbox", "") != "judge-box") GTEST_SKIP() << "no judge-box here";
      EXPECT_EQ(outcome->containment.value("box_started", ""), expected) << outcome->name << " " << hook;
    }
  }
}

}  // namespace
}  // namespace judge
