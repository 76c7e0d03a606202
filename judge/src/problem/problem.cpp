#include "problem/problem.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <sstream>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "problem/icpc_package.hpp"
#include "problem/scoring.hpp"
#include "problem/tests.hpp"
#include "process/python3.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace fs = std::filesystem;

JudgePaths JudgePaths::from_environment() {
  JudgePaths paths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR};
  if (const char* source = std::getenv("JUDGE_SOURCE_DIR"); source && *source)
    paths.source_dir = source;
  if (const char* build = std::getenv("JUDGE_BUILD_DIR"); build && *build)
    paths.build_dir = build;
  return paths;
}

namespace {

std::string read_text_file(const fs::path& path) {
  auto text = read_file(path);
  if (!text) throw ConfigError(fmt::format("cannot read {}", path.string()));
  return *text;
}

// `path` relative to `base`, if it lies inside it.
std::optional<fs::path> relative_inside(const fs::path& path, const fs::path& base) {
  std::error_code ec;
  const fs::path canonical_path = fs::weakly_canonical(path, ec);
  const fs::path canonical_base = fs::weakly_canonical(base, ec);
  const fs::path relative = canonical_path.lexically_relative(canonical_base);
  if (relative.empty() || *relative.begin() == "..") return std::nullopt;
  return relative;
}

std::vector<std::string> resolve_interactor(const std::string& name, const fs::path& dir,
                                            const JudgePaths& paths) {
  const fs::path in_dir = dir / name;
  std::vector<fs::path> candidates{in_dir};
  // A problem of the source tree has its interactor built at the same place in the
  // build tree (not when the problem lies inside the build tree already).
  if (auto relative = relative_inside(in_dir, paths.source_dir);
      relative && !relative_inside(in_dir, paths.build_dir))
    candidates.push_back(paths.build_dir / *relative);
  for (const fs::path& candidate : candidates) {
    // The judge execs argv[0] without a PATH search: python3 by its absolute path.
    if (candidate.extension() == ".py" && fs::is_regular_file(candidate))
      return {python3_for(fmt::format("the interactor {}", candidate.string())).string(),
              fs::absolute(candidate).string()};
    if (is_executable_file(candidate)) return {fs::absolute(candidate).string()};
  }
  std::string looked;
  for (const fs::path& candidate : candidates) looked += "\n  " + candidate.string();
  throw ConfigError(fmt::format(
      "the interactor '{}' of problem {} was not found; looked at:{}\nBuild it first "
      "(cmake --build build) or fix \"interactor\" in problem.json",
      name, dir.string(), looked));
}

template <typename T>
T get_field(const nlohmann::json& config, const char* key, T fallback, const fs::path& file) {
  if (!config.contains(key)) return fallback;
  try {
    return config.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw ConfigError(fmt::format("{}: \"{}\" has the wrong type ({})", file.string(), key,
                                  config.at(key).dump()));
  }
}

std::int64_t get_positive(const nlohmann::json& config, const char* key,
                          std::int64_t fallback, const fs::path& file) {
  if (config.contains(key) && !config.at(key).is_number_integer())
    throw ConfigError(fmt::format("{}: \"{}\" must be a whole number, got {}", file.string(),
                                  key, config.at(key).dump()));
  const auto value = get_field<std::int64_t>(config, key, fallback, file);
  if (value <= 0)
    throw ConfigError(fmt::format("{}: \"{}\" must be positive, got {}", file.string(), key,
                                  value));
  return value;
}

}  // namespace

Problem parse_problem(const std::string& json_text, const fs::path& dir,
                      const JudgePaths& paths) {
  const fs::path file = dir / "problem.json";
  nlohmann::json config;
  try {
    config = nlohmann::json::parse(json_text);
  } catch (const nlohmann::json::parse_error& error) {
    throw ConfigError(fmt::format("{} is not valid JSON: {}", file.string(), error.what()));
  }
  if (!config.is_object())
    throw ConfigError(fmt::format("{} must hold a JSON object", file.string()));
  static const std::set<std::string> known_keys{
      "name", "interactor", "testdata", "time_limit_ms", "wall_limit_ms", "memory_mib",
      "output_limit_kib", "process_limit", "interactor_time_limit_ms",
      "interactor_memory_mib", "interactor_writes_transcript", "scoring", "metrics", "pass_limit",
      "new_second_between_passes", "submissions"};
  for (const auto& [key, value] : config.items()) {
    if (!known_keys.contains(key))
      throw ConfigError(fmt::format("{}: unknown key \"{}\" (known keys are listed in "
                                    "docs/problem-format.md)",
                                    file.string(), key));
  }

  Problem problem;
  problem.dir = dir;
  problem.name = get_field<std::string>(config, "name", dir.filename().string(), file);
  Limits& limits = problem.limits;
  limits.cpu_ms = get_positive(config, "time_limit_ms", 2000, file);
  limits.wall_ms = get_positive(config, "wall_limit_ms", default_wall_ms(limits.cpu_ms), file);
  limits.memory_kib = get_positive(config, "memory_mib", 256, file) * 1024;
  limits.output_kib = get_positive(config, "output_limit_kib", 8192, file);
  limits.processes = get_positive(config, "process_limit", 64, file);
  limits.interactor_cpu_ms = get_positive(config, "interactor_time_limit_ms", 20000, file);
  limits.interactor_memory_kib = get_positive(config, "interactor_memory_mib", 2048, file) * 1024;
  limits.passes = get_positive(config, "pass_limit", 2, file);
  problem.interactor_writes_transcript =
      get_field<bool>(config, "interactor_writes_transcript", true, file);
  problem.new_second_between_passes = get_field<bool>(config, "new_second_between_passes", false, file);
  problem.scoring = config.value("scoring", nlohmann::json{{"type", "all_or_nothing"}});
  if (problem.scoring.is_object() && !problem.scoring.contains("max_score"))
    problem.scoring["max_score"] = 100;
  try {
    validate_scoring(problem.scoring);
  } catch (const ConfigError& error) {
    throw ConfigError(fmt::format("{}: {}", file.string(), error.what()));
  }
  problem.metrics = get_field<std::vector<std::string>>(config, "metrics", {}, file);
  if (problem.scoring["type"] == "max_metric") {
    const std::string metric = problem.scoring["metric"].get<std::string>();
    if (std::find(problem.metrics.begin(), problem.metrics.end(), metric) == problem.metrics.end())
      problem.metrics.push_back(metric);
  }

  const auto testdata = get_field<std::string>(config, "testdata", ".", file);
  problem.testdata_dir = (dir / testdata).lexically_normal();
  if (!fs::is_directory(problem.testdata_dir))
    throw ConfigError(fmt::format("{}: the testdata folder {} does not exist", file.string(),
                                  problem.testdata_dir.string()));
  problem.tests = list_tests_in(problem.testdata_dir);
  const auto submissions = get_field<std::string>(config, "submissions", "submissions", file);
  if (fs::is_directory(dir / submissions)) problem.submissions_dir = (dir / submissions).lexically_normal();
  else if (config.contains("submissions"))
    throw ConfigError(fmt::format("{}: the submissions folder {} does not exist", file.string(),
                                  (dir / submissions).lexically_normal().string()));
  problem.interactor_command = resolve_interactor(
      get_field<std::string>(config, "interactor", "interactor", file), dir, paths);
  return problem;
}

Problem load_problem(const std::string& name_or_path, const JudgePaths& paths) {
  // A bare name is a problem of the repository first; a folder of the same name in
  // the current directory is only taken when no such problem exists (write ./NAME).
  fs::path dir;
  const bool bare_name = name_or_path.find('/') == std::string::npos;
  if (bare_name && fs::is_regular_file(paths.source_dir / "interactors" / name_or_path / "problem.json")) {
    dir = paths.source_dir / "interactors" / name_or_path;
  } else if (fs::is_directory(name_or_path)) {
    dir = name_or_path;
  } else {
    std::string names;
    for (const auto& known : known_problems(paths)) names += " " + known;
    throw ConfigError(fmt::format(
        "no problem '{}': give a problem name (known:{}) or a directory holding problem.json "
        "or problem.yaml (an ICPC package)",
        name_or_path, names.empty() ? " none" : names));
  }
  dir = fs::absolute(dir).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  const fs::path file = dir / "problem.json";
  if (fs::is_regular_file(file)) return parse_problem(read_text_file(file), dir, paths);
  if (fs::is_regular_file(dir / "problem.yaml"))
    return load_icpc_package(dir, PackageOptions{default_cache_dir()});
  throw ConfigError(fmt::format(
      "{} has neither problem.json (this judge's format) nor problem.yaml (an ICPC/Kattis "
      "package)",
      dir.string()));
}

std::string_view format_name(ProblemFormat format) {
  switch (format) {
    case ProblemFormat::native: return "problem.json";
    case ProblemFormat::icpc_legacy: return "ICPC legacy";
    case ProblemFormat::icpc: return "ICPC 2023-07+";
  }
  return "?";
}

std::vector<std::string> known_problems(const JudgePaths& paths) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(paths.source_dir / "interactors", ec)) {
    if (fs::is_regular_file(entry.path() / "problem.json"))
      names.push_back(entry.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

}  // namespace judge
