// `judge run PROBLEM SUBMISSION`: loads the problem, checks before any test runs that
// the run can be saved (run/preflight.hpp), prepares the submission (compiling it),
// grades it on the selected tests through a TestExecutor, prints a line per test and
// a summary, and writes the verdict JSON atomically. Exit status: 0 every test AC;
// 1 some test not AC; 2 the user's mistake (ConfigError); 3 JE on some test (a broken
// interactor or test file, or the judge failing during a test); 128 + N stopped by
// signal N. The argument parsing is cli.cpp's; this part is in the core library so
// that tests can run it with an executor of their own.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "run/runner.hpp"

namespace judge {

struct RunArgs {
  std::string problem;
  std::string submission;
  std::vector<std::string> tests;
  std::string json_file;
  std::string transcripts_dir;
  std::int64_t time_limit_ms = 0;  // 0: the problem's
  std::int64_t memory_mib = 0;     // 0: the problem's
  bool quiet = false;
  bool stop_at_first_failure = false;
  std::string pin_cpu = "auto";
  std::string sandbox = "auto";
  int repeat = 1;
  std::string rules = "icpc";
  std::size_t stderr_bytes = default_stderr_bytes;
};

// --rules by its name; a ConfigError (exit 2) names the three.
RulePreset rule_preset_named(const std::string& rules);

// Why --transcripts keeps nothing for this problem ("" when it keeps each test's
// interaction): a CMS task's tests (Batch: no interaction; Communication: the judge
// sees only what the processes send, not what the manager sends them). Said on stderr
// as a warning before the run.
std::string transcripts_warning(const Problem& problem);

// Runs the command with real processes. The InterruptWatch is made first, before
// any thread or child exists (process/interrupt_watch.hpp).
int run_command(const RunArgs& args);

// The same with another executor (tests).
int run_command(const RunArgs& args, TestExecutor& executor);

}  // namespace judge
