// Compiling a submission: the compiler runs inside judge-box, like the submission
// itself, as the unprivileged user in its own namespaces, with a private root that
// holds the toolchain (/usr), the submission's own files (under /box/src) and nothing
// else (no test data, no /etc/shadow, no repository), stdin from /dev/null, a clean
// environment, and limits: CPU time, memory and processes (the test's cgroups, as for
// a submission), the size of every file it writes. Its output folder is exported from
// the box into a host folder made for it. What it prints is read only up to a cap,
// made printable: a compile error's message never quotes a file outside the
// submission, because no such file is in the box.
//
// With --sandbox none the compiler runs as a plain child of the judge instead (the
// same limits where the kernel gives them without a box).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

#include "submission/sources.hpp"

namespace judge {

struct CompileLimits {
  std::int64_t cpu_ms = 60000;
  std::int64_t wall_ms = 120000;
  std::int64_t memory_kib = 2048 * 1024;
  std::int64_t processes = 256;
  std::int64_t output_kib = 256 * 1024;    // every file it writes, its messages included
  std::size_t message_bytes = 8192;        // of its messages, what is kept
};

struct CompileStep {
  bool ok = false;
  std::string message;  // capped and printable: the compiler's output, and why it failed
  std::string output;   // the same, for steps whose output is data (dependencies)
};

// Runs one of the language's commands (compile, check or dependencies) on the
// sources: {files}, {entry}, {entry_class} name them in the box (/box/src/...), {build}
// is `build_dir` (exported from the box's /tmp/out). Throws JudgeFault when the box or
// the compiler cannot be started at all.
CompileStep run_compile_step(const std::vector<std::string>& command, const Sources& sources,
                             const std::filesystem::path& build_dir, const CompileLimits& limits, bool contain);

// A command's words with the placeholders filled in.
struct Placeholders {
  std::vector<std::string> files;  // {files}: one word each
  std::string entry;               // {entry}
  std::string entry_class;         // {entry_class}
  std::string build;               // {build}
  std::string memory_mib;          // {memory_mib}
  std::string heap_mib;            // {heap_mib}
};
std::vector<std::string> expand_command(const std::vector<std::string>& command, const Placeholders& values);

// The command with its program found on the box's PATH (box_search_path) when it is a
// bare name: the judge execs argv[0] as it is, with or without a box.
std::vector<std::string> resolve_program(std::vector<std::string> command);

}  // namespace judge
