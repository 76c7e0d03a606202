// A Problem is a problem directory's problem.json, checked and resolved: limits
// with units, where its interactor and its tests are, and how it is scored. The
// format is documented in docs/problem-format.md; every mistake in it is a
// ConfigError that says what to fix (exit status 2), never a crash.
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "run/limits.hpp"

namespace judge {

// Where the judge's own source and build trees are (compiled in, overridable with
// the environment variables JUDGE_SOURCE_DIR and JUDGE_BUILD_DIR).
struct JudgePaths {
  std::filesystem::path source_dir;
  std::filesystem::path build_dir;
  static JudgePaths from_environment();
};

struct Problem {
  std::string name;
  std::filesystem::path dir;
  std::vector<std::string> interactor_command;  // executable (or python3 + script)
  std::filesystem::path testdata_dir;
  Limits limits;  // as problem.json gives them (the command line may override some)
  bool interactor_writes_transcript = true;
  nlohmann::json scoring;  // {"type": ..., "max_score": ...}; see scoring.hpp
  // result.json keys copied into each test's entry of the verdict JSON.
  std::vector<std::string> metrics;
};

// Loads PROBLEM given as a name (interactors/<name>/ of the source tree) or as a
// path to a directory holding problem.json.
Problem load_problem(const std::string& name_or_path, const JudgePaths& paths);

// Parses problem.json text for a problem directory (no files are looked at except
// to resolve the interactor). Exposed for tests.
Problem parse_problem(const std::string& json_text, const std::filesystem::path& dir,
                      const JudgePaths& paths);

// The names of the problems of the source tree (interactors/*/problem.json).
std::vector<std::string> known_problems(const JudgePaths& paths);

}  // namespace judge
