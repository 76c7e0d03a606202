#include "problem/problem.hpp"

#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>

#include <fmt/core.h>
#include <fmt/format.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/search_path.hpp"
#include "base/text_file.hpp"
#include "problem/cms_task.hpp"
#include "problem/icpc_package.hpp"
#include "problem/polygon_package.hpp"
#include "problem/program_build.hpp"
#include "problem/scoring.hpp"
#include "problem/tests.hpp"
#include "process/python3.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Whether this executable lies inside the build tree it was built in.
bool running_from_build_tree() {
  std::error_code ec;
  const fs::path exe = fs::canonical("/proc/self/exe", ec);
  const fs::path build = fs::weakly_canonical(JUDGE_BUILD_DIR, ec);
  if (exe.empty() || build.empty()) return false;
  const fs::path relative = exe.lexically_relative(build);
  return !relative.empty() && *relative.begin() != "..";
}

bool is_problem_dir(const fs::path& dir) {
  return fs::is_regular_file(dir / "problem.json") || fs::is_regular_file(dir / "problem.yaml") ||
         fs::is_regular_file(dir / "problem.xml") || fs::is_regular_file(dir / "task.yaml");
}

// What a folder that is no problem lacks: every file looked for, by format, and the
// problem folders just inside it (an archive unpacked into a folder of its own).
std::string not_a_problem_message(const fs::path& dir) {
  std::string message = fmt::format(
      "{} is no problem folder: it has none of problem.json (this judge's format, or a TPS task's: \"code\" and "
      "\"type\"), problem.yaml (an ICPC/Kattis package, legacy or 2023-07+), problem.xml (a Polygon package), "
      "task.yaml (a CMS task in the italy_yaml layout, as CMS and task-maker read it)",
      dir.string());
  std::vector<std::string> inside;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_directory(ec) && is_problem_dir(entry.path())) inside.push_back(entry.path().filename().string());
  std::sort(inside.begin(), inside.end());
  if (!inside.empty())
    message +=
        fmt::format("; the folder{} {} inside it {}: give {}", inside.size() > 1 ? "s" : "", fmt::join(inside, ", "),
                    inside.size() > 1 ? "are problems" : "is one", inside.size() > 1 ? "one of them" : "that");
  else if (fs::is_regular_file(dir / "domjudge-problem.ini", ec))
    message += "; domjudge-problem.ini alone is DOMjudge's settings of a problem.yaml package";
  return message;
}

}  // namespace

JudgePaths JudgePaths::from_environment() {
  JudgePaths paths;
  if (running_from_build_tree()) paths = JudgePaths{JUDGE_SOURCE_DIR, JUDGE_BUILD_DIR};
  if (const char* search = std::getenv("JUDGE_PROBLEM_PATH"); search && *search) {
    std::string text = search;
    for (std::size_t start = 0; start <= text.size();) {
      const std::size_t end = std::min(text.find(':', start), text.size());
      if (end > start) paths.problem_path.emplace_back(text.substr(start, end - start));
      start = end + 1;
    }
  }
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

}  // namespace

namespace {

// The names a source includes with quotes (`#include "generator.hpp"`), as written.
std::vector<std::string> quoted_includes(const std::string& text) {
  static const std::regex include_line(R"re((?:^|\n)[ \t]*#[ \t]*include[ \t]*"([^"\n]+)")re");
  std::vector<std::string> names;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), include_line); it != std::sregex_iterator(); ++it)
    names.push_back((*it)[1].str());
  return names;
}

// The library's headers a source includes that are not files beside it (a header of
// its own of the same name wins, as the compiler finds it first).
bool includes_library_header(const fs::path& source, const std::vector<std::string>& includes,
                             const fs::path& include_dir) {
  std::error_code ec;
  for (const auto& name : includes)
    if (!fs::exists(source.parent_path() / name, ec) && fs::is_regular_file(include_dir / name, ec)) return true;
  return false;
}

}  // namespace

// The interactor library for a source that includes one of its headers
// (interactor.hpp, generator.hpp, input_validation.hpp, ...: every header of the
// library's include folder): the repository's (a judge in its build tree), or the one
// installed beside the judge (PREFIX/include/judge_interactor,
// PREFIX/lib/libjudge_interactor.a). fmt is linked from the system, as the installed
// CMake package does.
std::optional<ProgramLibrary> library_for_source(const fs::path& source, const JudgePaths& paths) {
  const auto text = read_file(source);
  if (!text) return std::nullopt;
  const std::vector<std::string> includes = quoted_includes(*text);
  if (includes.empty()) return std::nullopt;
  std::vector<ProgramLibrary> candidates;
  if (!paths.source_dir.empty())
    candidates.push_back({paths.source_dir / "interactors/lib", paths.build_dir / "interactors/lib/libjudge_interactor.a",
                          {"-lfmt"}});
  std::error_code ec;
  const fs::path prefix = fs::canonical("/proc/self/exe", ec).parent_path().parent_path();
  candidates.push_back({prefix / "include/judge_interactor", prefix / "lib/libjudge_interactor.a", {"-lfmt"}});
  std::string looked;
  for (const auto& candidate : candidates) {
    if (fs::is_regular_file(candidate.include_dir / "interactor.hpp", ec) && fs::is_regular_file(candidate.archive, ec))
      return includes_library_header(source, includes, candidate.include_dir) ? std::optional(candidate)
                                                                               : std::nullopt;
    looked += fmt::format("\n  {} and {}", (candidate.include_dir / "interactor.hpp").string(), candidate.archive.string());
  }
  // No library here: only a source that names one of its best-known headers needs it.
  static const std::set<std::string> known{"interactor.hpp", "input_validation.hpp", "generator.hpp"};
  const bool needs_library = std::any_of(includes.begin(), includes.end(), [&](const std::string& name) {
    return known.contains(name) && !fs::exists(source.parent_path() / name, ec);
  });
  if (!needs_library) return std::nullopt;
  throw ConfigError(fmt::format("{} includes a header of the interactor library, but the library is not there; looked for:{}"
                                "\n(install the judge with its interactor library: cmake --install; in a build tree, "
                                "build the judge_tools target)",
                                source.string(), looked));
}


// The interactor's or the checker's command (`role` names it in messages): an
// executable, a .py file (python3 by its absolute path: the judge execs argv[0]
// without a PATH search), or C/C++ sources, built once into the cache
// (program_build.hpp). A program of the source tree is looked for at the same place
// in the build tree too (not when the problem lies inside the build tree already).
std::vector<std::string> resolve_program(const std::string& role, const std::string& name, const fs::path& dir,
                                         const JudgePaths& paths) {
  const fs::path in_dir = dir / name;
  std::vector<fs::path> candidates{in_dir};
  if (auto relative = relative_inside(in_dir, paths.source_dir);
      relative && !relative_inside(in_dir, paths.build_dir))
    candidates.push_back(paths.build_dir / *relative);
  for (const fs::path& candidate : candidates) {
    const std::string extension = candidate.extension().string();
    if (extension == ".py" && fs::is_regular_file(candidate))
      return {python3_for(fmt::format("the {} {}", role, candidate.string())).string(),
              fs::absolute(candidate).string()};
    if ((extension == ".cpp" || extension == ".cc" || extension == ".c") && fs::is_regular_file(candidate)) {
      const auto library = library_for_source(candidate, paths);
      return build_package_program(fs::absolute(candidate), default_cache_dir(), library ? &*library : nullptr).command;
    }
    if (is_executable_file(candidate)) return {fs::absolute(candidate).string()};
  }
  for (const fs::path& candidate : candidates)
    if (fs::is_regular_file(candidate))
      throw ConfigError(fmt::format("the {} {} of problem {} is not executable: chmod +x it, or name its source "
                                    "(.cpp, .c, .py) in problem.json",
                                    role, candidate.string(), dir.string()));
  std::string looked;
  for (const fs::path& candidate : candidates) looked += "\n  " + candidate.string();
  // Building the judge's tree makes the programs of its own problems; a user's
  // problem (or any problem of an installed judge) names a file of its own.
  const bool in_source_tree = candidates.size() > 1;
  throw ConfigError(fmt::format(
      "the {} '{}' of problem {} was not found; looked at:{}\n{}fix \"{}\" in problem.json (a path relative "
      "to the problem's folder: an executable, a .py file or a .c/.cpp source)",
      role, name, dir.string(), looked, in_source_tree ? "Build it first (cmake --build build) or " : "", role));
}

namespace {

// nlohmann keeps the last of two equal keys; in a problem.json both are a mistake.
void refuse_duplicate_keys(const std::string& json_text, const fs::path& file) {
  std::vector<std::set<std::string>> open_objects;
  std::string duplicate;
  const nlohmann::json::parser_callback_t callback = [&](int, nlohmann::json::parse_event_t event,
                                                         nlohmann::json& parsed) {
    using Event = nlohmann::json::parse_event_t;
    if (event == Event::object_start) open_objects.emplace_back();
    if (event == Event::object_end && !open_objects.empty()) open_objects.pop_back();
    if (event == Event::key && !open_objects.empty() && !open_objects.back().insert(parsed.get<std::string>()).second &&
        duplicate.empty())
      duplicate = parsed.get<std::string>();
    return true;
  };
  const nlohmann::json parsed = nlohmann::json::parse(json_text, callback, /*allow_exceptions=*/false);
  (void)parsed;
  if (!duplicate.empty())
    throw ConfigError(fmt::format("{}: the key \"{}\" is given twice: keep one", file.string(), duplicate));
}

template <typename T>
T get_field(const nlohmann::json& config, const char* key, T fallback, const fs::path& file) {
  if (!config.contains(key)) return fallback;
  try {
    return config.at(key).get<T>();
  } catch (const nlohmann::json::exception&) {
    throw ConfigError(fmt::format("{}: \"{}\" has the wrong type ({})", file.string(), key, json_text(config.at(key))));
  }
}

// A whole number in its documented range (base/limits.hpp), or the fallback.
std::int64_t get_limit(const nlohmann::json& config, const LimitRange& range, std::int64_t fallback,
                       const fs::path& file) {
  if (!config.contains(range.key)) return fallback;
  const auto& value = config.at(range.key);
  // A number past 64 bits parses as unsigned or floating: not a whole number in range.
  if (!value.is_number_integer() || (value.is_number_unsigned() && value.get<std::uint64_t>() > INT64_MAX))
    throw ConfigError(fmt::format("{}: \"{}\" must be a whole number between {} and {}, got {}", file.string(),
                                  range.key, range.min, range.max, json_text(value)));
  check_limit_range(range, value.get<std::int64_t>(), file.string());
  return value.get<std::int64_t>();
}

// "interactor_convention" (icpc, testlib) and a testlib problem's "checker".
void read_convention(const nlohmann::json& config, const fs::path& file, const fs::path& dir, const JudgePaths& paths,
                     Problem& problem) {
  const auto convention = get_field<std::string>(config, "interactor_convention", "icpc", file);
  if (convention != "icpc" && convention != "testlib")
    throw ConfigError(fmt::format("{}: \"interactor_convention\" must be icpc or testlib, got \"{}\"",
                                  file.string(), convention));
  problem.convention = convention == "testlib" ? InteractorConvention::testlib : InteractorConvention::icpc;
  if (config.contains("checker")) {
    if (problem.convention != InteractorConvention::testlib)
      throw ConfigError(fmt::format("{}: a \"checker\" runs only after a testlib interactor: add "
                                    "\"interactor_convention\": \"testlib\" or remove it", file.string()));
    problem.checker_command =
        resolve_program("checker", get_field<std::string>(config, "checker", "", file), dir, paths);
  }
  // A testlib interactor writes no transcript of the judge's format: the relay does.
  if (problem.convention == InteractorConvention::testlib && !config.contains("interactor_writes_transcript"))
    problem.interactor_writes_transcript = false;
}

// "input_validator": a file or a list of files (sources or programs), and each
// subtask's "input_validator_flags": a test is validated once without flags and once
// with the flags of every subtask it is in (the constraints of that subtask).
void read_input_validators(const nlohmann::json& config, const fs::path& file, const fs::path& dir,
                           Problem& problem) {
  if (config.contains("input_validator")) {
    const nlohmann::json& value = config["input_validator"];
    std::vector<std::string> names;
    if (value.is_string()) names.push_back(value.get<std::string>());
    else names = get_field<std::vector<std::string>>(config, "input_validator", {}, file);
    for (const auto& name : names) {
      if (!fs::exists(dir / name))
        throw ConfigError(fmt::format("{}: the input validator {} does not exist", file.string(),
                                      (dir / name).string()));
      problem.input_validators.push_back(fs::absolute(dir / name).lexically_normal());
    }
  }
  if (problem.scoring["type"] != "subtasks") return;
  for (const auto& subtask : problem.scoring["subtasks"]) {
    if (!subtask.contains("input_validator_flags")) continue;
    const nlohmann::json& flags = subtask["input_validator_flags"];
    if (!flags.is_array() || !std::all_of(flags.begin(), flags.end(), [](const auto& f) { return f.is_string(); }))
      throw ConfigError(fmt::format("{}: subtask {}: \"input_validator_flags\" must be a list of strings, got {}",
                                    file.string(), json_text(subtask["name"]), json_text(flags)));
  }
  for (TestCase& test : problem.tests) test.input_validator_runs = subtask_validator_runs(problem.scoring, test.name);
}

// "generator" and "answer_generator" (resolved only when `judge generate` runs them)
// and "manifest" (default: TESTDATA/manifest.txt when there is one).
void read_generator(const nlohmann::json& config, const fs::path& file, const fs::path& dir, Problem& problem) {
  problem.generator = get_field<std::string>(config, "generator", "", file);
  problem.answer_generator = get_field<std::string>(config, "answer_generator", "", file);
  const auto manifest = get_field<std::string>(config, "manifest", "", file);
  problem.manifest = manifest.empty() ? problem.testdata_dir / "manifest.txt" : (dir / manifest).lexically_normal();
  if (!manifest.empty() && !fs::is_regular_file(problem.manifest))
    throw ConfigError(fmt::format("{}: the manifest {} does not exist", file.string(), problem.manifest.string()));
  if (manifest.empty() && !fs::is_regular_file(problem.manifest)) problem.manifest.clear();
}

}  // namespace

std::vector<std::vector<std::string>> subtask_validator_runs(const nlohmann::json& scoring,
                                                             const std::string& test_name) {
  std::vector<std::vector<std::string>> runs;
  if (!scoring.is_object() || scoring.value("type", "") != "subtasks") return runs;
  for (const auto& subtask : scoring["subtasks"]) {
    if (!subtask.contains("input_validator_flags") || !matches_any(test_name, subtask["tests"])) continue;
    if (runs.empty()) runs.push_back({});
    runs.push_back(subtask["input_validator_flags"].get<std::vector<std::string>>());
  }
  return runs;
}

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
  refuse_duplicate_keys(json_text, file);
  // TPS (IOI's task format) names its task file problem.json too (tps_task.hpp).
  if (is_tps_problem_json(config)) return load_tps_task(dir, default_cache_dir());
  static const std::set<std::string> known_keys{
      "name", "interactor", "testdata", "time_limit_ms", "wall_limit_ms", "memory_mib",
      "output_limit_kib", "process_limit", "interactor_time_limit_ms",
      "interactor_memory_mib", "interactor_writes_transcript", "scoring", "metrics", "pass_limit",
      "new_second_between_passes", "submissions", "interactor_convention", "checker", "input_validator",
      "generator", "manifest", "answer_generator"};
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
  limits.cpu_ms = get_limit(config, time_limit_range, 2000, file);
  limits.wall_ms = get_limit(config, wall_limit_range, default_wall_ms(limits.cpu_ms), file);
  limits.memory_kib = get_limit(config, memory_range, 256, file) * 1024;
  limits.output_kib = get_limit(config, output_range, 8192, file);
  limits.processes = get_limit(config, process_range, 64, file);
  limits.interactor_cpu_ms = get_limit(config, interactor_time_range, 20000, file);
  limits.interactor_memory_kib = get_limit(config, interactor_memory_range, 2048, file) * 1024;
  limits.passes = get_limit(config, pass_range, 2, file);
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
  problem.interactor_command =
      resolve_program("interactor", get_field<std::string>(config, "interactor", "interactor", file), dir, paths);
  read_convention(config, file, dir, paths, problem);
  read_input_validators(config, file, dir, problem);
  read_generator(config, file, dir, problem);
  return problem;
}

Problem load_problem(const std::string& name_or_path, const JudgePaths& paths) {
  // A bare name is looked for in JUDGE_PROBLEM_PATH, then among the repository's
  // problems (a judge in its build tree); a folder of the same name in the current
  // directory is only taken when no such problem exists (write ./NAME).
  fs::path dir;
  const bool bare_name = name_or_path.find('/') == std::string::npos && name_or_path != "." && name_or_path != "..";
  if (bare_name) {
    for (const fs::path& folder : paths.problem_path)
      if (dir.empty() && is_problem_dir(folder / name_or_path)) dir = folder / name_or_path;
    if (dir.empty() && !paths.source_dir.empty() &&
        fs::is_regular_file(paths.source_dir / "interactors" / name_or_path / "problem.json"))
      dir = paths.source_dir / "interactors" / name_or_path;
  }
  if (dir.empty() && fs::is_directory(name_or_path)) dir = name_or_path;
  if (dir.empty()) {
    std::string names;
    for (const auto& known : known_problems(paths)) names += " " + known;
    throw ConfigError(fmt::format(
        "no problem '{}': give a problem name (known:{}; JUDGE_PROBLEM_PATH lists the folders searched) or a "
        "directory holding problem.json, problem.yaml (an ICPC package), problem.xml (a Polygon package) or "
        "task.yaml (a CMS task); a TPS task folder holds problem.json too",
        name_or_path, names.empty() ? " none" : names));
  }
  dir = fs::absolute(dir).lexically_normal();
  if (dir.filename().empty()) dir = dir.parent_path();
  const fs::path file = dir / "problem.json";
  if (fs::is_regular_file(file)) return parse_problem(read_text_file(file), dir, paths);
  if (fs::is_regular_file(dir / "problem.yaml"))
    return load_icpc_package(dir, PackageOptions{default_cache_dir()});
  if (fs::is_regular_file(dir / "problem.xml")) return load_polygon_package(dir, default_cache_dir());
  if (fs::is_regular_file(dir / "task.yaml")) return load_cms_task(dir, default_cache_dir());
  throw ConfigError(not_a_problem_message(dir));
}

std::string_view format_name(ProblemFormat format) {
  switch (format) {
    case ProblemFormat::native: return "problem.json";
    case ProblemFormat::icpc_legacy: return "ICPC legacy";
    case ProblemFormat::icpc: return "ICPC 2023-07+";
    case ProblemFormat::polygon: return "Polygon";
    case ProblemFormat::cms: return "CMS";
    case ProblemFormat::tps: return "TPS task";
  }
  return "?";
}

std::vector<std::string> known_problems(const JudgePaths& paths) {
  std::set<std::string> names;
  std::error_code ec;
  for (const fs::path& folder : paths.problem_path)
    for (const auto& entry : fs::directory_iterator(folder, ec))
      if (is_problem_dir(entry.path())) names.insert(entry.path().filename().string());
  if (!paths.source_dir.empty())
    for (const auto& entry : fs::directory_iterator(paths.source_dir / "interactors", ec))
      if (fs::is_regular_file(entry.path() / "problem.json")) names.insert(entry.path().filename().string());
  return {names.begin(), names.end()};
}

}  // namespace judge
