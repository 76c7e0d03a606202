// `judge batch`: grades many submissions of many problems in one run, resumable
// and shardable. The batch process plans the work (batch/plan.hpp), skips what its
// journal already holds, compiles each source once (in a forked worker) and runs
// each test on a long-lived `judge batch-worker --serve` (batch/worker.hpp; one per
// slot, `jobs` at once, a crashed one replaced and its test retried once,
// batch/workers.hpp), appends each finished test to
// the journal (batch/journal.hpp) and, for a whole batch (not a shard), writes each
// submission's verdict JSON as soon as its last test is done, then the standings
// and the reports asked for. Killed at any moment, it loses only the tests that
// were running; `--resume` runs exactly the rest.
//
// Timing: CPU time and memory are each process's own (wait4), whatever runs beside
// it; wall time is not, so the journal records how many tests ran at once and the
// report says where workers competed for cores.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "base/errors.hpp"
#include "batch/plan.hpp"
#include "problem/problem.hpp"

namespace judge {

struct BatchOptions {
  std::vector<std::string> submissions;  // folders DIR/<participant>/<problem>.<ext>, or files
  std::filesystem::path out_dir;
  std::vector<std::string> problems;     // empty: every problem of the repository
  std::vector<std::string> tests;        // empty: every test
  std::size_t jobs = 0;                  // 0: default_jobs()
  bool resume = false;
  Shard shard;
  bool keep_transcripts = false;
  std::optional<std::filesystem::path> junit_file;
  std::optional<std::filesystem::path> html_file;
  std::optional<std::filesystem::path> ccs_package;  // --ccs-package DIR
  bool quiet = false;
  int repeat = 1;                                   // --repeat
  RulePreset rules = RulePreset::icpc;              // --rules
  std::size_t stderr_bytes = default_stderr_bytes;  // --stderr-bytes
  ScoreboardRules scoreboard = ScoreboardRules::points;  // --scoreboard
  IoiMax ioi_max = IoiMax::subtask;                      // --ioi-max
  std::optional<std::int64_t> contest_start_ms;          // --contest-start (over the manifest's)
  std::optional<std::int64_t> penalty_minutes;           // --penalty-time (over the manifest's)
};

// Cores this process may run on (sched_getaffinity).
std::size_t available_cores();

// Half the cores, at least 1: an interactive test keeps two processes busy (the
// submission and the interactor, who mostly take turns), and CPU-bound neighbours
// would otherwise make the wall limit (ILE) less fair.
std::size_t default_jobs();

// Runs the batch. Returns the exit status: 0 every submission AC; 1 graded, some
// not AC; 3 a judge error (JE, a worker that failed); 130 interrupted (SIGINT or
// SIGTERM). Throws ConfigError for a usage or configuration error.
int run_batch(const BatchOptions& options, const JudgePaths& paths);

}  // namespace judge
