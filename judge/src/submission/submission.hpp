// A Submission is what `judge run` grades, made runnable: an executable as it is, or
// the sources of a language of the languages table (languages.hpp: C, C++, Python 3,
// Java, Kotlin, Rust, and what a user adds), one file or a folder of files (sources.hpp),
// compiled once inside judge-box (compile.hpp) into the build cache (build_cache.hpp).
// prepare_submission reads top-down as the way from a file to a program goes:
//   1. take in     the files copied into the cache by the rules of submission_files.hpp;
//                  their language and entry point (sources.hpp, languages.hpp)
//   2. key         BuildCache::key_of: commands, toolchain, entry point, content
//   3. look up     BuildCache::lookup: a build whose files read outside are unchanged
//   4. build       in the box (compile.hpp), offered a precompiled header
//                  (precompiled_header.hpp), into a staged entry
//   5. publish     BuildCache::publish: renamed into place whole; the cache's bound kept
// A package's programs go the same way, outside the box (problem/program_build.hpp).
// A compile error is not an exception: it is the submission's verdict CE, with the
// compiler's message. A submission the judge cannot read, a language whose toolchain
// is not installed, a folder with no entry point are ConfigErrors that say what to do.
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "submission/cache_dir.hpp"
#include "submission/companions.hpp"
#include "submission/compile.hpp"

namespace judge {

struct Submission {
  std::string display;               // as the user gave it
  std::string language;              // the language's id; "" for an executable as it is
  // What to run (empty if the compile failed): host paths in the cache; {memory_mib} and
  // {heap_mib} are filled in when the limits are known (a JVM's -Xmx).
  std::vector<std::string> command;
  // Files and folders the program needs, copied into the box whole (the build's
  // folder, a multi-file submission's folder); see box/sandbox.hpp BoxSettings::roots.
  std::vector<std::string> roots;
  bool unlimited_address_space = false;  // no RLIMIT_AS (a JVM; its cgroup limits it)
  std::int64_t extra_processes = 0;      // the language's own threads
  bool compile_failed = false;
  std::string compile_message;       // compiler output (capped, printable), when it failed
  bool compiled = false;             // compiled now (false: cache hit or nothing to compile)
};

// As JSON (a batch passes prepared submissions to its workers): every field by name.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Submission, display, language, command, roots, unlimited_address_space,
                                                extra_processes, compile_failed, compile_message, compiled)


struct SubmissionOptions {
  bool contain = true;       // compile inside judge-box (--sandbox none: false)
  std::string language;      // a language id to use whatever the file endings say
  std::string entrypoint;    // a folder's entry point, relative to it
  // Called with the language's id just before a compile starts (never on a cache
  // hit): the commands say "compiling ..." so a long compile is not a silent wait.
  std::function<void(const std::string& language)> on_compile;
  // Not empty: even the submission's own name must not lead out of this folder
  // (judge batch: the participant's; submission_files.hpp).
  std::filesystem::path confine_to;
  CompileLimits compile_limits;  // for the whole compile (tests make them small)
  // A precompiled header offered to a C++ compile (precompiled_header.hpp); false:
  // the plain compile (tests compare the two).
  bool precompiled_headers = true;
  // Not empty: a task's stub or grader compiled with the submission (companions.hpp).
  Companions companions;
};

// The submission's files are taken in by the rules of submission_files.hpp (no link
// followed out of its folder, regular files only, bounded) into the cache, and
// everything after works on that copy: the box never gets a host path of the
// contestant's. Throws SubmissionRefused (a ConfigError) for a submission those rules
// refuse, ConfigError when it cannot be read or made runnable.
Submission prepare_submission(const std::filesystem::path& path, const std::filesystem::path& cache_dir,
                              const SubmissionOptions& options = {});

// The program's command with the limits filled in ({memory_mib}, {heap_mib}).
std::vector<std::string> command_for_limits(const Submission& submission, std::int64_t memory_kib);

}  // namespace judge
