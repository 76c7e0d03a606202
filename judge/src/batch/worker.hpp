// The tests of a batch, run by a separately executed judge: `judge batch-worker
// --serve` (a hidden subcommand), one per -j slot for the whole batch, takes job
// after job (batch/workers.hpp), runs each test exactly as `judge run` does
// (ProcessExecutor, its CPU claimed as with --pin-cpu auto, the judge a child
// subreaper), and answers {"result": <batch_facts record>} or {"error": "..."}, as
// CBOR (batch/workers.hpp says why). Without --serve it runs one job, stdin to stdout.
//
// Memory figures stay honest however large the worker grows: a submission's peak is
// the ru_maxrss of its program, which judge-box's init forks from judge-box's own
// small image after judge-box is executed (box/judge_box.cpp); the worker's size never
// reaches it (a vforked process inherits its starter's peak RSS at exec, but that is
// judge-box, whose figure nobody reports). The cgroup's peak is the test's own cgroup.
// scripts/test_batch.py checks it with a worker made 200 MiB large.
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

// `judge batch-worker`: one job, stdin to stdout. Returns the exit status (0).
int batch_worker_main();

// `judge batch-worker --serve --slot N`: framed jobs on stdin, one framed answer each
// on stdout (batch/workers.hpp), until stdin ends; returns 0 then. `slot` (-1: none)
// picks the CPU shared when other judges claimed them all. The CPU claim and
// the problems loaded are kept from job to job; each job gets its own temporaries
// folder, its test a fresh judge-box (its own mount and pid namespaces, /tmp, cgroup
// and uid), and whatever the test left running is killed before the answer goes.
// The batch may send a job behind the one running (WorkerPool::queue_served): once
// the test has ended, the worker reads it if it is there (without waiting) and, when
// it is the same job but for its test (problem, submission, options) and its CPU is its
// own, starts that test at once, as `judge run` starts its next test (run/runner.hpp,
// expect_next), while it reads the facts of the test that ended. Jobs are still
// answered one at a time, in order; a test's facts do not depend on it (fresh box).
// Test hooks: JUDGE_TEST_WORKER_DIE_AT_JOB=N (the worker SIGKILLs itself as it starts
// its Nth job, once the job queued behind it, if the batch queues one, has arrived)
// and JUDGE_TEST_WORKER_BALLAST_MIB=M (it allocates and touches M MiB first), for the
// tests of crash recovery and honest memory figures.
int batch_worker_serve_main(int slot = -1);

}  // namespace judge
