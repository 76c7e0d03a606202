#include "runner.hpp"

#include <stdlib.h>

#include <ctime>

#include <fmt/core.h>

#include "interaction.hpp"
#include "passes.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// A temporary folder that is removed with everything in it when it goes away.
class TempDir {
 public:
  explicit TempDir(const char* prefix) {
    std::string pattern = (fs::temp_directory_path() / (std::string(prefix) + "XXXXXX")).string();
    if (::mkdtemp(pattern.data()) == nullptr)
      throw std::runtime_error(fmt::format("cannot create a temporary folder {}", pattern));
    path_ = pattern;
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

}  // namespace

EffectiveLimits effective_limits(const Problem& problem, const RunOptions& options) {
  EffectiveLimits limits{problem.time_limit_ms, problem.wall_limit_ms, problem.memory_kib};
  if (options.time_limit_ms) {
    limits.time_limit_ms = *options.time_limit_ms;
    limits.wall_limit_ms = std::max(problem.wall_limit_ms, 2 * limits.time_limit_ms + 1000);
  }
  if (options.memory_mib) limits.memory_kib = *options.memory_mib * 1024;
  return limits;
}

TestOutcome ProcessExecutor::run_test(const Problem& problem, const Submission& submission,
                                      const TestCase& test, const RunOptions& options) {
  const EffectiveLimits limits = effective_limits(problem, options);
  TestOutcome outcome;
  outcome.name = test.name;
  std::optional<fs::path> transcript;
  if (options.transcripts_dir && problem.interactor_writes_transcript) {
    fs::create_directories(*options.transcripts_dir);
    transcript = fs::absolute(*options.transcripts_dir / (test.name + ".interaction"));
    fs::remove(*transcript);
  }

  TempDir pass_inputs("judge-passes-");
  fs::path input = fs::absolute(test.input);
  nlohmann::json passes = nlohmann::json::array();
  for (std::int64_t pass = 1;; ++pass) {
    TempDir work("judge-work-");
    TempDir feedback("judge-feedback-");
    InteractionRequest request;
    request.submission_command = submission.command;
    request.interactor_command = problem.interactor_command;
    request.test_input = input;
    request.answer_file = test.answer;
    request.feedback_dir = feedback.path();
    request.work_dir = work.path();
    request.time_limit_ms = limits.time_limit_ms;
    request.wall_limit_ms = limits.wall_limit_ms;
    request.memory_kib = limits.memory_kib;
    request.output_limit_kib = problem.output_limit_kib;
    request.process_limit = problem.process_limit;
    request.interactor_time_limit_ms = problem.interactor_time_limit_ms;
    request.interactor_memory_kib = problem.interactor_memory_kib;
    request.cpu = options.cpu;
    request.contain = options.contain;
    // A later pass's transcript follows the earlier one's in a file of its own.
    if (transcript)
      request.transcript = pass == 1 ? *transcript
                                     : fs::path(transcript->string() + ".pass" + std::to_string(pass));
    InteractionResult result = run_interaction(request);
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
    if (request.transcript && fs::exists(*request.transcript) && pass == 1)
      outcome.transcript = request.transcript;

    PassFacts pass_facts;
    pass_facts.pass = pass;
    pass_facts.pass_limit = problem.pass_limit;
    pass_facts.wrote_nextpass = fs::exists(feedback.path() / "nextpass.in");
    pass_facts.interactor_accepted =
        !result.facts.interactor.exit.signaled && result.facts.interactor.exit.exit_code == 42;
    pass_facts.probe = result.probe;
    const Decision decision = decide_verdict(result.facts);
    pass_facts.verdict = decision.verdict;
    const auto& facts_json = result.interactor_result;
    passes.push_back({{"pass", pass},
                      {"probe", result.probe},
                      {"verdict", result.probe ? "probe" : std::string(verdict_name(decision.verdict))},
                      {"queries", facts_json.is_object() ? facts_json.value("queries", nlohmann::json()) : nullptr},
                      {"query_limit", facts_json.is_object() ? facts_json.value("query_limit", nlohmann::json()) : nullptr},
                      {"cpu_ms", result.facts.submission.exit.cpu_ms}});

    const PassDecision step = next_pass_step(pass_facts);
    if (step.step == PassStep::judge_error) {
      outcome.forced_decision = Decision{Verdict::JE, step.message};
      break;
    }
    if (step.step == PassStep::final_pass) break;
    // Next pass: its test input is the nextpass.in this pass left (kept outside
    // the feedback folder, which goes away now).
    input = pass_inputs.path() / fmt::format("pass{}.in", pass + 1);
    fs::copy_file(feedback.path() / "nextpass.in", input);
    wait_for_next_second(ended_second);
  }
  if (passes.size() > 1) outcome.passes = passes;
  return outcome;
}

RunResult run_submission(const Problem& problem, const Submission& submission,
                         const std::vector<TestCase>& tests, const RunOptions& options,
                         TestExecutor& executor, const TestObserver& on_test) {
  RunResult result;
  result.problem = problem.name;
  result.submission = submission.display;
  result.limits = effective_limits(problem, options);
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
  std::vector<ScoredTest> scored;
  for (std::size_t index = 0; index < tests.size(); ++index) {
    TestOutcome outcome = executor.run_test(problem, submission, tests[index], options);
    outcome.decision = outcome.forced_decision ? *outcome.forced_decision
                                               : decide_verdict(outcome.facts);
    if (outcome.decision.verdict != Verdict::AC && !failed) {
      failed = true;
      result.verdict = outcome.decision.verdict;
      result.message = fmt::format("test {}: {}", outcome.name, outcome.decision.message);
    }
    scored.push_back({outcome.name, outcome.decision.verdict, outcome.interactor_result});
    result.tests.push_back(std::move(outcome));
    if (on_test) on_test(result.tests.back(), index, tests.size());
    if (failed && options.stop_at_first_failure) break;
  }
  result.score = compute_score(problem.scoring, scored);
  if (result.tests.size() < tests.size()) {
    // Stopped early: the tests not run cannot count as passed.
    result.score.score = 0;
  }
  return result;
}

int exit_status_for(const RunResult& result) {
  for (const auto& test : result.tests)
    if (test.decision.verdict == Verdict::JE) return 3;
  return result.verdict == Verdict::AC ? 0 : 1;
}

}  // namespace judge
