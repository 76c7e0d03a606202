#include "export/sample_interactions.hpp"

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "run/runner.hpp"
#include "submission/cache_dir.hpp"
#include "verify/example_submissions.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The tests the package has in data/sample/, by the file name they have there.
std::vector<std::pair<std::string, TestCase>> sample_tests(const Package& package, const Problem& problem) {
  std::vector<std::pair<std::string, TestCase>> samples;
  for (const PackageFile& file : package.files) {
    if (!file.path.starts_with("data/sample/") || !file.path.ends_with(".in")) continue;
    const std::string stem = fs::path(file.path).stem().string();
    for (const TestCase& test : problem.tests)
      if (fs::path(test.name).filename().string() == stem) samples.emplace_back(stem, test);
  }
  return samples;
}

std::optional<ExampleSubmission> first_accepted(const Problem& problem) {
  if (problem.submissions_dir.empty()) return std::nullopt;
  for (const ExampleSubmission& submission : list_example_submissions(problem))
    if (submission.folder == "accepted") return submission;
  return std::nullopt;
}

}  // namespace

void add_sample_interactions(Package& package, const Problem& problem) {
  const auto samples = sample_tests(package, problem);
  if (samples.empty()) return;
  const auto accepted = first_accepted(problem);
  if (!accepted) {
    package.not_carried.push_back(
        "the samples' .interaction files: the problem has no accepted example submission to run on them");
    return;
  }
  const TempDir scratch("judge-export-interactions-");
  try {
    const Submission submission = prepare_submission(accepted->path, default_cache_dir());
    RunOptions options;
    options.limits = resolve_limits(problem.limits, {});
    options.transcripts_dir = scratch.path();
    ProcessExecutor executor;
    std::vector<TestCase> tests;
    for (const auto& [stem, test] : samples) tests.push_back(test);
    const RunResult result = run_submission(problem, submission, tests, options, executor);
    if (result.verdict != Verdict::AC)
      throw ConfigError(
          fmt::format("{} got {} on the samples: {}", accepted->name, verdict_name(result.verdict), result.message));
    for (const auto& [stem, test] : samples) {
      const auto transcript = read_file(transcript_file(scratch.path(), test.name));
      if (!transcript || transcript->empty())
        throw ConfigError(
            fmt::format("the interactor kept no transcript of {} (it does not use the interactor "
                        "library, which writes them)",
                        test.name));
      package.add_text("data/sample/" + stem + ".interaction", *transcript);
      // 2025-09: a sample shown by its .interaction is downloaded as .in.download and
      // .ans.download ("you must provide" both): the sample's own files, the input a
      // local testing tool takes.
      package.add_copy("data/sample/" + stem + ".in.download", test.input);
      if (test.answer == "/dev/null") package.add_text("data/sample/" + stem + ".ans.download", "");
      else
        package.add_copy("data/sample/" + stem + ".ans.download", test.answer);
    }
  } catch (const std::exception& error) {
    package.not_carried.push_back(fmt::format(
        "the samples' .interaction files (the format shows them instead of the hidden .in): {}", error.what()));
  }
}

}  // namespace judge
