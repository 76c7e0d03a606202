// Running one of the judge's own tools to completion: a compiler, or a problem
// package's `build` script. Not boxed (it is the judge's or the setter's trusted
// code, never a submission), with a CPU limit and a wall-clock bound of twice that,
// its stdout and stderr together in a log file whose start is returned (capped:
// a compiler can print megabytes, and the first error is what matters).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "base/exit_facts.hpp"

namespace judge {

struct ToolRunRequest {
  std::vector<std::string> argv;  // argv[0]: an absolute path (no PATH search)
  std::filesystem::path working_dir;  // empty: the judge's
  std::filesystem::path log_path;     // written, read back, removed
  std::int64_t cpu_limit_ms = 60000;
  std::size_t output_limit_bytes = 8192;
  // Non-empty: stdout goes into this file (a generator's test), the log gets stderr alone.
  std::filesystem::path stdout_path;
  // Non-empty: stdin reads this file (an input validator's test); else no stdin.
  std::filesystem::path stdin_path;
};

struct ToolRun {
  bool ended_in_time = false;
  ExitFacts exit;
  std::string output;  // the log's start, "\n[... truncated]" when capped
  bool succeeded() const { return ended_in_time && !exit.signaled && exit.exit_code == 0; }
  // The output, and why it failed when that is not in it ("took too long and was
  // stopped", "was killed by SIGSEGV", "exited with status 2").
  std::string failure_message(const std::string& tool) const;
};

// Throws JudgeFault when the tool cannot be started at all (spawn failed).
ToolRun run_tool(const ToolRunRequest& request);

}  // namespace judge
