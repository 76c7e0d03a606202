#include "stress/stress_command.hpp"

#include <cstdio>
#include <map>
#include <sstream>

#include <fmt/core.h>

#include "base/atomic_file.hpp"
#include "base/errors.hpp"
#include "base/plural.hpp"
#include "base/printable.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "box/sandbox.hpp"
#include "problem/problem.hpp"
#include "process/cpu_claim.hpp"
#include "process/interrupt_watch.hpp"
#include "process/stoppable.hpp"
#include "process/tool_run.hpp"
#include "run/runner.hpp"
#include "stress/stress_search.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

constexpr std::size_t shown_input_bytes = 2000;
constexpr std::size_t shown_transcript_lines = 60;

struct CaseVerdict {
  Verdict verdict = Verdict::AC;
  std::string message;
  fs::path input, transcript;
};

std::string case_name(const StressCase& c) {
  return c.n ? fmt::format("n{}-seed{}", *c.n, c.seed) : fmt::format("seed{}", c.seed);
}

std::string joined(const std::vector<std::string>& words) {
  std::string text;
  for (const auto& word : words) text += (text.empty() ? "" : " ") + word;
  return text;
}

StressPlan plan_of(const StressOptions& options) {
  StressPlan plan;
  std::istringstream words(options.args);
  plan.args_template.clear();
  for (std::string word; words >> word;) plan.args_template.push_back(word);
  if (!options.sizes.empty()) plan.sizes = parse_size_range(options.sizes);
  plan.seeds = options.seeds;
  plan.shrink_runs = options.shrink_runs;
  check_stress_plan(plan);
  return plan;
}

std::vector<std::string> generator_of(const StressOptions& options, const Problem& problem) {
  if (!options.generator.empty())
    return resolve_program("generator", options.generator, fs::current_path(), JudgePaths::from_environment());
  if (problem.generator.empty())
    throw ConfigError(fmt::format("problem {} names no \"generator\" in problem.json: give one with --generator GEN",
                                  problem.name));
  return resolve_program("generator", problem.generator, problem.dir, JudgePaths::from_environment());
}

// Everything one case needs: generates its input, judges it, keeps a failure's files.
class CaseJudge {
 public:
  CaseJudge(const Problem& problem, const Submission& submission, RunOptions options,
            std::vector<std::string> generator, fs::path scratch, fs::path out_dir)
      : problem_(problem), submission_(submission), options_(std::move(options)),
        generator_(std::move(generator)), scratch_(std::move(scratch)), out_dir_(std::move(out_dir)) {
    options_.transcripts_dir = scratch_;
  }

  bool failed(const StressCase& c) {
    TestCase test;
    test.name = case_name(c);
    test.input = scratch_ / "case.in";
    test.answer = "/dev/null";
    generate(c, test.input);
    const RunResult result = run_submission(problem_, submission_, {test}, options_, executor_);
    const TestOutcome& outcome = result.tests.at(0);
    if (outcome.decision.verdict == Verdict::JE)
      throw JudgeFault(fmt::format("judge error on the test of '{}' (not the submission's fault): {}",
                                   joined(c.args), outcome.decision.message));
    if (outcome.decision.verdict == Verdict::AC) return false;
    CaseVerdict kept{outcome.decision.verdict, outcome.decision.message, out_dir_ / (test.name + ".in"), {}};
    fs::create_directories(out_dir_);
    fs::copy_file(test.input, kept.input, fs::copy_options::overwrite_existing);
    if (outcome.transcript) {
      kept.transcript = out_dir_ / (test.name + ".transcript");
      fs::copy_file(*outcome.transcript, kept.transcript, fs::copy_options::overwrite_existing);
    }
    fmt::print("  {:<18} {}  {}\n", test.name, verdict_name(kept.verdict), printable(kept.message));
    std::fflush(stdout);
    failures_[test.name] = kept;
    return true;
  }

  const CaseVerdict& failure(const StressCase& c) const { return failures_.at(case_name(c)); }

 private:
  void generate(const StressCase& c, const fs::path& input) const {
    ToolRunRequest request;
    request.argv = generator_;
    request.argv.insert(request.argv.end(), c.args.begin(), c.args.end());
    request.log_path = scratch_ / "generator.log";
    request.stdout_path = input;
    const ToolRun run = run_tool(request);
    if (!run.succeeded())
      throw JudgeFault(fmt::format("the generator failed on '{}':\n{}", joined(c.args),
                                   run.failure_message("the generator")));
  }

  const Problem& problem_;
  const Submission& submission_;
  RunOptions options_;
  std::vector<std::string> generator_;
  fs::path scratch_, out_dir_;
  std::map<std::string, CaseVerdict> failures_;
  // One for every case, as `judge run` has one for every test: its judge-box server
  // and network namespace are made once, and each case still gets a fresh box,
  // cgroups and folders (run/runner.hpp).
  ProcessExecutor executor_;
};

void print_smallest(const StressOutcome& outcome, const StressPlan& plan, const CaseVerdict& failure) {
  const StressCase& smallest = *outcome.smallest;
  fmt::print("\nsmallest failing test: generator {}  ->  {}: {}\n", joined(smallest.args), verdict_name(failure.verdict),
             printable(failure.message));
  if (plan.sizes && smallest.n == outcome.first_failure->n && *smallest.n > plan.sizes->first)
    fmt::print("(no smaller size failed: sizes {}..{} tried, {} seeds each, within --shrink-runs)\n", plan.sizes->first,
               outcome.sizes_tried_up_to, plan.seeds_per_size);
  const std::string input = read_file(failure.input).value_or("");
  fmt::print("input ({}, {} bytes):\n{}{}", failure.input.string(), input.size(),
             printable(input.substr(0, shown_input_bytes)), input.size() > shown_input_bytes ? "\n[...]\n" : "");
  if (failure.transcript.empty()) return;
  fmt::print("transcript ({}; '<' sent to the submission, '>' received):\n", failure.transcript.string());
  std::istringstream lines(read_file(failure.transcript).value_or(""));
  std::size_t count = 0;
  for (std::string line; std::getline(lines, line); ++count)
    if (count < shown_transcript_lines) fmt::print("  {}\n", printable(line));
  if (count > shown_transcript_lines) fmt::print("  [... {} more lines]\n", count - shown_transcript_lines);
}

int stress(const StressOptions& options, const InterruptWatch& interrupt) {
  const Problem problem = load_problem(options.problem, JudgePaths::from_environment());
  const StressPlan plan = plan_of(options);
  const std::vector<std::string> generator = generator_of(options, problem);
  if (options.sandbox != "auto" && options.sandbox != "none")
    throw ConfigError(fmt::format("--sandbox {}: expected auto or none", options.sandbox));
  RunOptions run_options;
  run_options.limits = resolve_limits(problem.limits, {});
  run_options.contain = options.sandbox == "auto";
  if (run_options.contain) require_box_executable();
  CpuClaim claim = CpuClaim::claim();  // held until the command ends
  run_options.cpu = claim.cpu();
  SubmissionOptions submission_options;
  submission_options.companions = submission_companions(problem);
  submission_options.on_compile = [&](const std::string& language) {
    fmt::print("compiling {} ({}) ...\n", printable_line(options.submission), language);
    std::fflush(stdout);
  };
  const Submission submission = prepare_submission(options.submission, default_cache_dir(), submission_options);
  interrupt.throw_if_interrupted();
  if (submission.compile_failed) {
    fmt::print("{}: compile error\n{}\n", printable_line(submission.display), printable(submission.compile_message));
    return exit_not_accepted;
  }
  const fs::path out_dir = options.out_dir.empty() ? fs::current_path() / ("stress-" + problem.name) : fs::path(options.out_dir);
  const TempDir scratch("judge-stress-");
  CaseJudge judge(problem, submission, run_options, generator, scratch.path(), out_dir);
  fmt::print("{} on {}: up to {} generated tests ('{}'{}), until one fails\n", printable_line(submission.display), problem.name,
             plan.seeds, joined(plan.args_template),
             plan.sizes ? fmt::format(", n in {}..{}", plan.sizes->first, plan.sizes->second) : "");
  std::fflush(stdout);
  std::int64_t passed = 0;
  const StressOutcome outcome = stress_search(plan, [&](const StressCase& c) {
    interrupt.throw_if_interrupted();
    const bool failed = judge.failed(c);
    if (!failed && ++passed % 20 == 0 && !options.quiet) {
      fmt::print("  {} tests passed (last: {})\n", passed, joined(c.args));
      std::fflush(stdout);
    }
    return failed;
  });
  interrupt.throw_if_interrupted();
  if (!outcome.smallest) {
    fmt::print("{}: no failure in {} generated {}\n", printable_line(submission.display), outcome.runs,
               plural(outcome.runs, "test"));
    return exit_all_accepted;
  }
  print_smallest(outcome, plan, judge.failure(*outcome.smallest));
  fmt::print("{} judged\n", count_of(outcome.runs, "test"));
  return exit_not_accepted;
}

}  // namespace

int run_stress_command(const StressOptions& options) {
  return run_stoppable([&](const InterruptWatch& interrupt) { return stress(options, interrupt); },
                       "; the failing tests found so far are in --out");
}

}  // namespace judge
