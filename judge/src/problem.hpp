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

namespace judge {

// A usage or configuration error: the user can fix it (exit status 2).
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

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
  std::int64_t time_limit_ms = 2000;
  std::int64_t wall_limit_ms = 0;
  std::int64_t memory_kib = 256 * 1024;
  std::int64_t output_limit_kib = 8192;
  std::int64_t process_limit = 64;
  std::int64_t interactor_time_limit_ms = 20000;
  std::int64_t interactor_memory_kib = 2048 * 1024;
  bool interactor_writes_transcript = true;
  std::int64_t pass_limit = 2;  // passes of one multi-pass test (nextpass.in), at most
  nlohmann::json scoring;  // {"type": ..., "max_score": ...}; see scoring.hpp
  // result.json keys copied into each test's entry of the verdict JSON.
  std::vector<std::string> metrics;
};

struct TestCase {
  std::string name;
  std::filesystem::path input;
  std::filesystem::path answer;  // NAME.ans beside the input, or /dev/null
};

// Loads PROBLEM given as a name (interactors/<name>/ of the source tree) or as a
// path to a directory holding problem.json.
Problem load_problem(const std::string& name_or_path, const JudgePaths& paths);

// Parses problem.json text for a problem directory (no files are looked at except
// to resolve the interactor). Exposed for tests.
Problem parse_problem(const std::string& json_text, const std::filesystem::path& dir,
                      const JudgePaths& paths);

// Every *.in file of the problem's testdata folder, in name order.
std::vector<TestCase> list_tests(const Problem& problem);

// The tests picked by `--tests`: each selector is a test name of the problem or the
// path of a test file anywhere. No selectors: every test.
std::vector<TestCase> select_tests(const Problem& problem,
                                   const std::vector<std::string>& selectors);

// The names of the problems of the source tree (interactors/*/problem.json).
std::vector<std::string> known_problems(const JudgePaths& paths);

}  // namespace judge
