// A Submission is what `judge run` grades, made runnable: an executable as it is,
// a .py file through python3, a .cpp/.c source compiled once (g++ -O2 -std=c++20 /
// gcc -O2) into a cache keyed by the SHA-1 of compiler, flags and source, so the
// same source is never compiled twice. A compile error is not an exception: it is
// the submission's verdict CE, with the compiler's message.
#pragma once

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/errors.hpp"

namespace judge {

struct Submission {
  std::string display;               // as the user gave it
  std::vector<std::string> command;  // what to run (empty if the compile failed)
  bool compile_failed = false;
  std::string compile_message;       // compiler output (capped), when it failed
  bool compiled = false;             // compiled now (false: cache hit or not a source)
};

// As JSON (a batch passes prepared submissions to its workers): every field by name.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE(Submission, display, command, compile_failed, compile_message, compiled)

// The cache folder: $JUDGE_CACHE_DIR, else $XDG_CACHE_HOME/judge, else
// ~/.cache/judge, else /tmp/judge-cache-UID.
std::filesystem::path default_cache_dir();

// Throws ConfigError when the file is missing or cannot be run.
Submission prepare_submission(const std::filesystem::path& path,
                              const std::filesystem::path& cache_dir);

// The compile command for a source file (empty if it is not one we compile).
std::vector<std::string> compile_command(const std::filesystem::path& source,
                                         const std::filesystem::path& output);

}  // namespace judge
