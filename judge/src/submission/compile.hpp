// Compiling a submission: the compiler runs inside judge-box, like the submission
// itself, as the unprivileged user in its own namespaces, with a private root that
// holds the toolchain (/usr), the submission's own files (under /box/src) and nothing
// else (no test data, no /etc/shadow, no repository), stdin from /dev/null, a clean
// environment, and limits: CPU time, memory and processes (the test's cgroups, as for
// a submission), the size of every file it writes. One CPU budget covers the whole
// compile (its dependency step and the compile itself together). Its output folder
// is a tmpfs of its own in the box, bounded in bytes and files, copied out into a
// host folder made for it once the compiler ended: nothing larger reaches the cache.
// What it prints goes through a pipe the judge drains: the first bytes are kept, the
// rest is counted and dropped, so an error flood takes no disk and no memory. The
// message is made printable: a compile error's message never quotes a file outside
// the submission, because no such file is in the box.
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
  std::int64_t cpu_ms = 60000;             // for the whole compile, every step together
  std::int64_t wall_ms = 120000;           // likewise
  std::int64_t memory_kib = 2048 * 1024;
  std::int64_t processes = 256;
  std::int64_t output_kib = 256 * 1024;    // every file it writes (RLIMIT_FSIZE), and all it
                                           // leaves in its output folder together
  std::int64_t output_files = 1000;        // files it may leave in its output folder
  std::size_t message_bytes = 8192;        // of its messages, what is kept
  std::size_t data_bytes = 1024 * 1024;    // of a step whose output is data (dependencies)
};

struct CompileStep {
  bool ok = false;
  std::string message;  // capped and printable: the compiler's output, and why it failed
  std::string output;   // the same, for steps whose output is data (dependencies)
  std::int64_t cpu_ms = 0;   // what the step used (every process of it)
  std::int64_t wall_ms = 0;
};

// Runs one of the language's commands (compile, check or dependencies) on the
// sources: {files}, {entry}, {entry_class} name them in the box (/box/src/...), {build}
// is `build_dir` (exported from the box's /tmp/out). `limits` are what is left of the
// compile's budget. `keep_bytes` of the output are kept. `header_folder` not empty: a
// folder of precompiled headers (precompiled_header.hpp) offered to the compiler, in
// the box at /box/pch, first on its include path (`-I` right after the compiler's
// name). Throws JudgeFault when the box or the compiler cannot be started at all.
CompileStep run_compile_step(const std::vector<std::string>& command, const Sources& sources,
                             const std::filesystem::path& build_dir, const CompileLimits& limits, bool contain,
                             std::size_t keep_bytes, const std::filesystem::path& header_folder = {});

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
