#include "batch/worker.hpp"

#include <cstdio>
#include <iostream>
#include <iterator>
#include <optional>

#include "batch/facts.hpp"
#include "batch/workers.hpp"
#include "process/cpu_claim.hpp"
#include "process/private_tmpdir.hpp"
#include "process/process.hpp"
#include "run/runner.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;

json make_worker_job(const JudgePaths& paths, const Problem& problem, const Submission& submission,
                     const TestCase& test, const std::optional<fs::path>& transcripts_dir,
                     const fs::path& out_dir, const BatchPlan& plan) {
  TestCase job_test = test;
  job_test.input = fs::absolute(test.input);
  return {{"source_dir", paths.source_dir.string()},
          {"build_dir", paths.build_dir.string()},
          {"problem", fs::absolute(problem.dir).string()},
          {"submission", json(submission)},
          {"test", json(job_test)},
          {"transcripts_dir", transcripts_dir ? json(fs::absolute(*transcripts_dir).string()) : json()},
          {"out_dir", fs::absolute(out_dir).string()},
          {"repeat", plan.repeat},
          {"rules", preset_name(plan.rules)},
          {"stderr_bytes", plan.stderr_bytes}};
}

json run_worker_job(const json& job) {
  try {
    const JudgePaths paths{job.at("source_dir").get<std::string>(),
                           job.at("build_dir").get<std::string>()};
    const Problem problem = load_problem(job.at("problem").get<std::string>(), paths);
    const Submission submission = job.at("submission").get<Submission>();
    const TestCase test = job.at("test").get<TestCase>();
    RunOptions options;
    options.limits = problem.limits;
    if (job.at("transcripts_dir").is_string())
      options.transcripts_dir = job["transcripts_dir"].get<std::string>();
    // As `judge run --pin-cpu auto`: both processes of the test on a CPU no other
    // judge (no other worker) has claimed; the claim ends with this process.
    const CpuClaim cpu_claim = CpuClaim::claim();
    options.cpu = cpu_claim.cpu();
    options.repeat = job.value("repeat", 1);
    options.rules = parse_preset(job.value("rules", "icpc")).value_or(RulePreset::icpc);
    options.stderr_bytes = job.value("stderr_bytes", default_stderr_bytes);
    ProcessExecutor executor;
    // The facts only: the batch grades them (grade/grade.hpp), as `judge run` does.
    TestRecord record = run_test_repeated(problem, submission, test, nullptr, options, executor);
    // Transcripts are recorded relative to the batch folder (folders move, merge).
    if (record.transcript)
      record.transcript = fs::absolute(*record.transcript).lexically_relative(job.at("out_dir").get<std::string>());
    return {{"result", record_to_json(record)}};
  } catch (const std::exception& error) {
    return {{"error", error.what()}};
  }
}

int batch_worker_main() {
  become_subreaper();
  const std::string input{std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>()};
  const json job = read_worker_message(input);
  // The test's temporaries in one folder on a fast file system, as for `judge run`.
  std::optional<PrivateTmpdir> tmpdir;
  json answer;
  try {
    tmpdir.emplace();
  } catch (const std::exception& error) {
    answer = {{"error", error.what()}};
  }
  if (answer.is_null())
    answer = job.is_discarded() ? json{{"error", "batch-worker: the job is not CBOR or JSON"}} : run_worker_job(job);
  const std::string message = worker_message(answer);
  std::fwrite(message.data(), 1, message.size(), stdout);
  std::fflush(stdout);
  kill_orphans();
  return 0;
}

}  // namespace judge
