#include "problem/tps_task.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/limits.hpp"
#include "base/parse_number.hpp"
#include "base/text_file.hpp"
#include "problem/cms_scoring.hpp"
#include "problem/problem.hpp"
#include "problem/program_build.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

nlohmann::json tps_read_json(const fs::path& file) {
  const std::optional<std::string> text = read_file(file);
  if (!text) throw ConfigError(fmt::format("TPS task: {} cannot be read", file.string()));
  try {
    return nlohmann::json::parse(*text);
  } catch (const nlohmann::json::parse_error& error) {
    throw ConfigError(fmt::format("TPS task: {} is not valid JSON: {}", file.string(), error.what()));
  }
}

// A number of a TPS JSON file; a number written as a string ("1.0") is taken too.
double tps_number_at(const nlohmann::json& object, const std::string& key, const fs::path& file) {
  if (!object.is_object() || !object.contains(key))
    throw ConfigError(fmt::format("TPS task: {}: \"{}\" is missing", file.string(), key));
  const nlohmann::json& value = object[key];
  if (value.is_number()) return value.get<double>();
  if (value.is_string())
    if (const auto number = parse_finite_number(value.get<std::string>())) return *number;
  throw ConfigError(fmt::format("TPS task: {}: \"{}\" must be a number, got {}", file.string(), key, value.dump()));
}

std::string tps_text_at(const nlohmann::json& object, const std::string& key, const fs::path& file) {
  if (!object.is_object() || !object.contains(key))
    throw ConfigError(fmt::format("TPS task: {}: \"{}\" is missing", file.string(), key));
  const nlohmann::json& value = object[key];
  if (!value.is_string())
    throw ConfigError(fmt::format("TPS task: {}: \"{}\" must be a string, got {}", file.string(), key, value.dump()));
  return value.get<std::string>();
}

// A test name as a CMS group's expression: matched from the start (cms_scoring.hpp),
// so it is anchored at the end too, or test 1-1 would take in 1-10 (CMS's own TPS
// loader joins re.escape()d names without the anchor).
std::string tps_exact_expression(const std::vector<std::string>& names) {
  std::string expression = "(?:";
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i > 0) expression += '|';
    for (const char c : names[i]) {
      if (std::string_view(".^$|()[]{}*+?\\").find(c) != std::string_view::npos) expression += '\\';
      expression += c;
    }
  }
  return expression + ")$";
}

// `tps gen` writes tests/ from gen/data (newer tasks, the IOI 2022 ones, write gen/data
// with gen/data.py), and so does `judge generate` (generate/tps_gen.hpp); loading a task
// only reads what is there.
std::string tps_not_generated(const fs::path& dir, const std::string& what) {
  if (fs::is_regular_file(dir / "gen" / "data"))
    return fmt::format(
        "TPS task: {}: the tests are not generated yet ({}): run `judge generate {}` (or `tps gen` "
        "in it: both write tests/ from gen/data), then judge it again",
        dir.string(), what, dir.string());
  const std::string source =
      fs::is_regular_file(dir / "gen" / "data.py") ? "what gen/data.py lists" : "gen/data, which is missing too";
  return fmt::format(
      "TPS task: {}: the tests are not generated yet ({}): run `tps gen` in {} (it writes tests/ "
      "from {}), then judge it again",
      dir.string(), what, dir.string(), source);
}

}  // namespace

bool is_tps_problem_json(const nlohmann::json& config) {
  return config.is_object() && config.contains("code") && (config.contains("type") || config.contains("task_type")) &&
         !config.contains("interactor");
}

namespace {

// tests/mapping: "SUBTASK TEST" a line, as TPS's tests_util.py reads it.
std::vector<std::pair<std::string, std::string>> tps_read_mapping(const fs::path& dir) {
  const fs::path file = dir / "tests" / "mapping";
  if (!fs::is_regular_file(file)) throw ConfigError(tps_not_generated(dir, "tests/mapping is missing"));
  std::ifstream in(file);
  std::vector<std::pair<std::string, std::string>> lines;
  int number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    std::istringstream words(line);
    std::vector<std::string> parts;
    for (std::string word; words >> word;) parts.push_back(word);
    if (parts.empty()) continue;
    if (parts.size() != 2)
      throw ConfigError(fmt::format("TPS task: {}:{}: \"{}\" must be \"SUBTASK TEST\" (run `tps gen` again)",
                                    file.string(), number, line));
    lines.emplace_back(parts[0], parts[1]);
  }
  return lines;
}

}  // namespace

namespace {

// The CMS-ready layout's subtasks/NN-NAME.json, as TPS's CMS exporter writes them
// ({"score": S, "testcases": [...]}) and CMS's TPS loader reads them: in file name
// order, NAME the subtask's name.
std::vector<TpsSubtask> tps_exported_subtasks(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir / "subtasks", ec))
    if (entry.is_regular_file() && entry.path().extension() == ".json") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::vector<TpsSubtask> subtasks;
  for (const fs::path& file : files) {
    const nlohmann::json config = tps_read_json(file);
    TpsSubtask subtask;
    subtask.name = file.stem().string();
    const std::size_t dash = subtask.name.find('-');
    if (dash != std::string::npos && dash > 0 &&
        std::all_of(subtask.name.begin(), subtask.name.begin() + static_cast<std::ptrdiff_t>(dash), ::isdigit))
      subtask.name = subtask.name.substr(dash + 1);
    subtask.index = static_cast<std::int64_t>(subtasks.size());
    subtask.score = tps_number_at(config, "score", file);
    if (!config.contains("testcases") || !config["testcases"].is_array() || config["testcases"].empty())
      throw ConfigError(fmt::format("TPS task: {}: \"testcases\" must list the subtask's tests", file.string()));
    for (const nlohmann::json& test : config["testcases"]) {
      const std::string name = test.is_string() ? test.get<std::string>() : test.dump();
      if (!fs::is_regular_file(dir / "tests" / (name + ".in")))
        throw ConfigError(fmt::format("TPS task: {}: \"testcases\" names test {}, but {} is missing", file.string(),
                                      name, (dir / "tests" / (name + ".in")).string()));
      subtask.tests.push_back(name);
    }
    subtasks.push_back(std::move(subtask));
  }
  return subtasks;
}

}  // namespace

std::vector<TpsSubtask> read_tps_subtasks(const fs::path& dir) {
  const fs::path file = dir / "subtasks.json";
  if (!fs::is_regular_file(file)) return tps_exported_subtasks(dir);
  const nlohmann::json config = tps_read_json(file);
  if (!config.is_object() || !config.contains("subtasks") || !config["subtasks"].is_object())
    throw ConfigError(
        fmt::format("TPS task: {}: \"subtasks\" must be an object of the subtasks by name", file.string()));
  std::vector<TpsSubtask> subtasks;
  std::map<std::string, std::size_t> by_name;
  for (const auto& [name, value] : config["subtasks"].items()) {
    TpsSubtask subtask;
    subtask.name = name;
    subtask.index = static_cast<std::int64_t>(tps_number_at(value, "index", file));
    subtask.score = tps_number_at(value, "score", file);
    by_name[name] = subtasks.size();
    subtasks.push_back(std::move(subtask));
  }
  for (const auto& [subtask, test] : tps_read_mapping(dir)) {
    const auto found = by_name.find(subtask);
    if (found == by_name.end())
      throw ConfigError(
          fmt::format("TPS task: {}/tests/mapping names subtask \"{}\", which {} does not have: run "
                      "`tps gen` again",
                      dir.string(), subtask, file.string()));
    if (!fs::is_regular_file(dir / "tests" / (test + ".in")))
      throw ConfigError(
          tps_not_generated(dir, fmt::format("tests/mapping names test {}, but tests/{}.in is missing", test, test)));
    subtasks[found->second].tests.push_back(test);
  }
  for (const TpsSubtask& subtask : subtasks)
    if (subtask.tests.empty())
      throw ConfigError(tps_not_generated(dir, fmt::format("subtask \"{}\" of subtasks.json has no tests in "
                                                           "tests/mapping",
                                                           subtask.name)));
  std::stable_sort(subtasks.begin(), subtasks.end(),
                   [](const TpsSubtask& a, const TpsSubtask& b) { return a.index < b.index; });
  return subtasks;
}

namespace {

// tests/*.in with tests/*.out, in name order (CMS's TPS loader sorts them).
void tps_read_tests(const fs::path& dir, Problem& problem) {
  std::vector<std::string> names;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir / "tests", ec))
    if (entry.is_regular_file() && entry.path().extension() == ".in") names.push_back(entry.path().stem().string());
  if (names.empty())
    throw ConfigError(tps_not_generated(
        dir, fs::is_directory(dir / "tests") ? "tests/ holds no .in file" : "there is no tests/ folder"));
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    TestCase test;
    test.name = name;
    test.input = dir / "tests" / (name + ".in");
    test.answer = dir / "tests" / (name + ".out");
    if (!fs::is_regular_file(test.answer))
      throw ConfigError(tps_not_generated(dir, fmt::format("tests/{}.in has no tests/{}.out (tps gen writes it with "
                                                           "the model solution)",
                                                           name, name)));
    problem.tests.push_back(std::move(test));
  }
  problem.testdata_dir = dir / "tests";
}

// subtasks.json + tests/mapping as CMS GroupMin groups; without subtasks.json, Sum of
// 100 / the number of tests each (CMS's TPS loader).
void tps_read_scoring(const fs::path& dir, Problem& problem) {
  std::vector<std::string> names;
  for (const TestCase& test : problem.tests) names.push_back(test.name);
  const std::vector<TpsSubtask> subtasks = read_tps_subtasks(dir);
  std::string score_type = "Sum";
  nlohmann::json parameters = 100.0 / static_cast<double>(names.size());
  if (!subtasks.empty()) {
    score_type = "GroupMin";
    parameters = nlohmann::json::array();
    for (const TpsSubtask& subtask : subtasks)
      parameters.push_back({subtask.score, tps_exact_expression(subtask.tests)});
    for (TestCase& test : problem.tests)
      for (const TpsSubtask& subtask : subtasks)
        if (subtask.name == "samples" && std::count(subtask.tests.begin(), subtask.tests.end(), test.name) > 0)
          test.sample = true;
  } else {
    problem.warnings.push_back(
        fmt::format("TPS task: {}: no subtasks.json: every test is worth 100 / {} (CMS's TPS loader's Sum)",
                    dir.string(), names.size()));
  }
  try {
    problem.scoring = cms_scoring(score_type, parameters, names);
  } catch (const ConfigError& error) {
    throw ConfigError(fmt::format("TPS task: {}: {}", (dir / "subtasks.json").string(), error.what()));
  }
}

}  // namespace

namespace {

std::string tps_grader_stem(const nlohmann::json& config, const fs::path& file) {
  return config.contains("grader_name") ? tps_text_at(config, "grader_name", file) : "grader";
}

}  // namespace

Companions tps_find_graders(const fs::path& dir, const std::string& role, const std::string& name,
                            const std::string& stem) {
  Companions companions;
  companions.role = role;
  companions.name = name;
  std::vector<fs::path> folders{dir / "graders"};
  std::error_code ec;
  for (const char* top : {"grader", "graders"})
    for (const auto& entry : fs::directory_iterator(dir / top, ec))
      if (entry.is_directory()) folders.push_back(entry.path());
  for (const fs::path& folder : folders)
    for (const auto& entry : fs::directory_iterator(folder, ec)) {
      if (!entry.is_regular_file()) continue;
      const std::string ending = entry.path().extension().string();
      if (ending == ".h" || ending == ".hpp") companions.headers.push_back(entry.path());
      else if (entry.path().stem() == stem && !ending.empty())
        companions.sources.push_back(entry.path());
    }
  std::sort(companions.sources.begin(), companions.sources.end());
  std::sort(companions.headers.begin(), companions.headers.end());
  return companions;
}

namespace {

// `exported`: the CMS-ready layout, whose memory_limit is in bytes (TPS's CMS
// exporter writes the source's MB times 1024 * 1024, as CMS keeps it).
void tps_read_limits(const nlohmann::json& config, const fs::path& file, bool exported, Problem& problem) {
  const double seconds = tps_number_at(config, "time_limit", file);
  problem.limits.cpu_ms = static_cast<std::int64_t>(std::llround(seconds * 1000));
  check_limit_range(time_limit_range, problem.limits.cpu_ms,
                    fmt::format("TPS task: {}: \"time_limit\" in ms", file.string()));
  const double mib = tps_number_at(config, "memory_limit", file) / (exported ? 1024.0 * 1024.0 : 1.0);
  if (mib != std::floor(mib) || mib < static_cast<double>(memory_range.min) ||
      mib > static_cast<double>(memory_range.max))
    throw ConfigError(
        fmt::format("TPS task: {}: \"memory_limit\" must be a whole number of MB from {} to {}{}, "
                    "got {}",
                    file.string(), memory_range.min, memory_range.max,
                    exported ? " (in bytes: this problem.json has task_type, not type, as TPS's CMS "
                               "export writes it)"
                             : "",
                    tps_number_at(config, "memory_limit", file)));
  problem.limits.memory_kib = static_cast<std::int64_t>(mib) * 1024;
  problem.limits.passes = 1;
}

// task_type_params: a JSON string of CMS's task type parameters (TPS's CMS exporter
// writes it, CMS's TPS loader reads it); {} when absent.
nlohmann::json tps_type_params(const nlohmann::json& config, const fs::path& file) {
  if (!config.contains("task_type_params") || config["task_type_params"].is_null()) return nlohmann::json::object();
  const std::string text = tps_text_at(config, "task_type_params", file);
  if (text.empty()) return nlohmann::json::object();
  try {
    return nlohmann::json::parse(text);
  } catch (const nlohmann::json::parse_error& error) {
    throw ConfigError(
        fmt::format("TPS task: {}: \"task_type_params\" is not valid JSON: {}", file.string(), error.what()));
  }
}

// The source's "num_processes" (TPS's CMS exporter reads it), else task_type_params'.
std::int64_t tps_num_processes(const nlohmann::json& config, const fs::path& file) {
  const nlohmann::json params = tps_type_params(config, file);
  const std::string key = "task_type_parameters_Communication_num_processes";
  double count = 1;
  if (config.contains("num_processes")) count = tps_number_at(config, "num_processes", file);
  else if (params.is_object() && params.contains(key))
    count = tps_number_at(params, key, file);
  if (count != std::floor(count) || count < 1 || count > static_cast<double>(cms_max_processes))
    throw ConfigError(fmt::format("TPS task: {}: task_type_params' {} must be a whole number from 1 to {}",
                                  file.string(), key, cms_max_processes));
  return static_cast<std::int64_t>(count);
}

}  // namespace

namespace {

// Communication: the manager, num_processes copies on stdin and stdout, the stub.
void tps_read_communication(const nlohmann::json& config, const fs::path& file, const fs::path& cache_dir,
                            Problem& problem) {
  const fs::path& dir = problem.dir;
  fs::path manager;
  for (const char* place : {"grader/manager.cpp", "manager/manager.cpp", "graders/manager.cpp"})
    if (manager.empty() && fs::is_regular_file(dir / place)) manager = dir / place;
  if (manager.empty())
    throw ConfigError(
        fmt::format("TPS task: {}: \"type\" is Communication, but there is no manager: write "
                    "grader/manager.cpp (or manager/manager.cpp)",
                    file.string()));
  CmsSettings& cms = *problem.cms;
  cms.type = CmsTaskType::communication;
  cms.num_processes = tps_num_processes(config, file);
  cms.user_io = CmsUserIo::std_io;  // CMS's TPS loader: [num_processes, "stub", "std_io"]
  cms.companions = tps_find_graders(dir, "stub", problem.name, tps_grader_stem(config, file));
  problem.mode = PassMode::interactive;
  problem.interactor_command = build_program(manager, cache_dir);
  if (fs::is_regular_file(dir / "checker" / "checker.cpp"))
    problem.warnings.push_back(
        fmt::format("TPS task: {}: checker/checker.cpp is not run: the manager's outcome is "
                    "final, as in CMS's Communication task type",
                    dir.string()));
  // CMS's manager limits, as cms_task.cpp sets them.
  problem.limits.interactor_cpu_ms = std::max(cms.num_processes * (problem.limits.cpu_ms + 1000), cms_trusted_time_ms);
  problem.limits.interactor_memory_kib = cms_trusted_memory_kib;
  problem.limits.wall_ms = std::min(cms.num_processes * 2 * problem.limits.cpu_ms + 1000, wall_limit_range.max);
}

// Batch: stdin and stdout, the grader, the checker (or white-diff).
void tps_read_batch(const nlohmann::json& config, const fs::path& cache_dir, Problem& problem) {
  CmsSettings& cms = *problem.cms;
  cms.type = CmsTaskType::batch;
  problem.mode = PassMode::offline;
  const fs::path checker = problem.dir / "checker" / "checker.cpp";
  const bool has_checker =
      !config.contains("has_checker") || !config["has_checker"].is_boolean() || config["has_checker"].get<bool>();
  if (has_checker && fs::is_regular_file(checker)) problem.interactor_command = build_program(checker, cache_dir);
  // has_grader: false (TPS's source), or the exporter's Batch_compilation "alone".
  const nlohmann::json params = tps_type_params(config, problem.dir / "problem.json");
  const bool alone = params.is_object() && params.value("task_type_parameters_Batch_compilation", "") == "alone";
  const bool has_grader = !alone && (!config.contains("has_grader") || !config["has_grader"].is_boolean() ||
                                     config["has_grader"].get<bool>());
  if (has_grader)
    cms.companions =
        tps_find_graders(problem.dir, "grader", problem.name, tps_grader_stem(config, problem.dir / "problem.json"));
  problem.limits.interactor_cpu_ms = cms_trusted_time_ms;
  problem.limits.interactor_memory_kib = cms_trusted_memory_kib;
  problem.limits.wall_ms = default_wall_ms(problem.limits.cpu_ms);
}

Problem tps_read_task(const fs::path& dir, const fs::path& cache_dir) {
  const fs::path file = dir / "problem.json";
  const nlohmann::json config = tps_read_json(file);
  Problem problem;
  problem.dir = dir;
  problem.format = ProblemFormat::tps;
  problem.convention = InteractorConvention::cms;
  problem.interactor_writes_transcript = false;
  problem.cms.emplace();
  // TPS's source names its type "type"; the CMS-ready layout (TPS's CMS exporter) only
  // "task_type", with the short name in "code" and the title in "name".
  const bool exported = !config.contains("type");
  problem.name =
      config.contains("name") && !exported ? tps_text_at(config, "name", file) : tps_text_at(config, "code", file);
  const std::string key = exported ? "task_type" : "type";
  std::string type = tps_text_at(config, key, file);
  if (!type.empty()) type[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(type[0])));
  if (type == "OutputOnly" || type == "TwoSteps")
    throw ConfigError(
        fmt::format("TPS task: {}: \"{}\" is {}: {} tasks are not supported (Batch and "
                    "Communication are)",
                    file.string(), key, type, type));
  if (type != "Batch" && type != "Communication")
    throw ConfigError(
        fmt::format("TPS task: {}: \"{}\" is \"{}\": TPS's task types are Batch, Communication, "
                    "OutputOnly and TwoSteps (an interactive task is Communication, with a manager)",
                    file.string(), key, type));
  tps_read_limits(config, file, exported, problem);
  if (type == "Communication") tps_read_communication(config, file, cache_dir, problem);
  else
    tps_read_batch(config, cache_dir, problem);
  tps_read_tests(dir, problem);
  tps_read_scoring(dir, problem);
  for (const char* folder : {"solution", "solutions"})
    if (problem.submissions_dir.empty() && fs::is_directory(dir / folder)) problem.submissions_dir = dir / folder;
  return problem;
}

}  // namespace

Problem load_tps_task(const fs::path& task_dir, const fs::path& cache_dir) {
  const fs::path dir = fs::absolute(task_dir).lexically_normal();
  try {
    return tps_read_task(dir, cache_dir);
  } catch (const nlohmann::json::exception& error) {
    throw ConfigError(fmt::format("TPS task: {}: a file has an unexpected structure: {}", dir.string(), error.what()));
  } catch (const ConfigError& error) {
    // A checker or manager that does not build says so in build_program's words.
    if (std::string_view(error.what()).starts_with("TPS task: ")) throw;
    throw ConfigError(fmt::format("TPS task: {}: {}", dir.string(), error.what()));
  }
}

}  // namespace judge
