// The `judge verify` command around verify_problem (verify.hpp): the same stop-signal
// handling, private TMPDIR and CPU claim as `judge run`, a line per submission as it
// is judged, the summary, the JSON.
#include <cstdio>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/output_file.hpp"
#include "base/plural.hpp"
#include "base/printable.hpp"
#include "process/cpu_claim.hpp"
#include "process/interrupt_watch.hpp"
#include "process/process.hpp"
#include "process/stoppable.hpp"
#include "run/preflight.hpp"
#include "submission/submission.hpp"
#include "verify/example_submissions.hpp"
#include "verify/verify.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The example submissions to judge: all, or those named (a file that is not an
// example submission is judged with no expectation).
std::vector<ExampleSubmission> chosen_submissions(const Problem& problem, const std::vector<std::string>& named) {
  std::vector<ExampleSubmission> all = list_example_submissions(problem);
  if (named.empty()) return all;
  std::vector<ExampleSubmission> chosen;
  for (const auto& path : named) {
    std::error_code ec;
    if (!fs::exists(path, ec)) throw ConfigError(fmt::format("submission {} does not exist", path));
    const fs::path wanted = fs::weakly_canonical(path, ec);
    auto found = std::find_if(all.begin(), all.end(), [&](const ExampleSubmission& example) {
      return fs::weakly_canonical(example.path, ec) == wanted;
    });
    if (found != all.end()) {
      chosen.push_back(*found);
    } else {
      ExampleSubmission own;
      own.path = path;
      own.name = path;
      chosen.push_back(own);
    }
  }
  return chosen;
}

int verify(const VerifyOptions& options, const InterruptWatch& interrupt) {
  const Problem problem = load_problem(options.problem, JudgePaths::from_environment());
  if (options.strict) refuse_warnings(problem);
  if (!options.json_file.empty()) check_result_file(options.json_file, "--json");
  const std::vector<ExampleSubmission> submissions = chosen_submissions(problem, options.submissions);
  if (submissions.empty())
    throw ConfigError(fmt::format("{} has no example submissions (looked in {})", problem.name,
                                  problem.submissions_dir.empty() ? "submissions/" : problem.submissions_dir.string()));
  std::size_t width = 10;
  for (const auto& submission : submissions) width = std::max(width, printable_line(submission.name).size());
  if (!options.quiet)
    fmt::print("{}: {} on {}{}\n", problem.name, count_of(submissions.size(), "submission"),
               count_of(problem.tests.size(), "test"),
               problem.time_limit_rule ? "; the time limit is inferred from the submissions" : "");
  std::fflush(stdout);
  VerifyOptions run_options = options;
  CpuClaim claim = CpuClaim::claim();  // held until the command ends
  run_options.cpu = claim.cpu();
  ProcessExecutor executor;
  const auto prepare = [&](const fs::path& path) {
    SubmissionOptions submission_options;
    submission_options.companions = submission_companions(problem);
    if (!options.quiet)
      submission_options.on_compile = [&](const std::string& language) {
        fmt::print("  compiling {} ({}) ...\n", printable_line(path.string()), language);
        std::fflush(stdout);
      };
    return prepare_submission(path, default_cache_dir(), submission_options);
  };
  const VerifyReport report = verify_problem(problem, submissions, run_options, executor, prepare,
                                             [&](const VerifiedSubmission& done) {
                                               interrupt.throw_if_interrupted();
                                               if (options.quiet) return;
                                               fmt::print("{}\n", format_verify_row(done, width));
                                               std::fflush(stdout);
                                             });
  interrupt.throw_if_interrupted();
  fmt::print("{}\n", format_verify_summary(report));
  std::fflush(stdout);
  if (!options.json_file.empty())
    write_output_file(options.json_file, "--json", json_text(verify_to_json(report), 2) + "\n");
  return exit_status_for(report);
}

}  // namespace

int run_verify_command(const VerifyOptions& options) {
  return run_stoppable([&](const InterruptWatch& interrupt) { return verify(options, interrupt); },
                       "; no result was written");
}

}  // namespace judge
