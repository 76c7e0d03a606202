// One test of a batch, run by a freshly executed judge: `judge batch-worker` (a
// hidden subcommand) reads a job on stdin, runs the test exactly as
// `judge run` does (ProcessExecutor, its CPU claimed as with --pin-cpu auto, the
// judge a child subreaper), and writes {"result": <batch_facts record>} or
// {"error": "..."} on stdout, both as CBOR (batch/workers.hpp says why). A fresh program image keeps the figures honest: a
// process started with vfork inherits its starter's peak RSS, and a worker forked
// from a large batch process would lend it its size.
//
// Job: {"source_dir", "build_dir", "problem": <problem folder>, "submission":
// {...}, "test": {"name", "input", "answer"}, "transcripts_dir": path or null,
// "out_dir": <the batch folder, transcripts are recorded relative to it>, "repeat",
// "rules", "stderr_bytes": the plan's --repeat, --rules, --stderr-bytes}.
#pragma once

#include <filesystem>
#include <optional>

#include <nlohmann/json.hpp>

#include "batch/plan.hpp"
#include "problem/tests.hpp"
#include "submission/submission.hpp"

namespace judge {

// A job for `judge batch-worker` (the submission as its JSON, submission.hpp).
nlohmann::json make_worker_job(const JudgePaths& paths, const Problem& problem,
                               const Submission& submission, const TestCase& test,
                               const std::optional<std::filesystem::path>& transcripts_dir,
                               const std::filesystem::path& out_dir, const BatchPlan& plan);

// Runs a job; never throws (a failure is {"error": ...}).
nlohmann::json run_worker_job(const nlohmann::json& job);

// `judge batch-worker`: stdin to stdout. Returns the exit status (0).
int batch_worker_main();

}  // namespace judge
