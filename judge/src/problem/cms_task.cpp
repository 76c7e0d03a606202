#include "problem/cms_task.hpp"

#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <set>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/limits.hpp"
#include "base/text_file.hpp"
#include "base/yaml_file.hpp"
#include "problem/cms_scoring.hpp"
#include "problem/gen_file.hpp"
#include "problem/problem.hpp"
#include "problem/program_build.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The CPU limit a task without time_limit runs under (CMS would set none).
constexpr std::int64_t placeholder_cms_time_ms = 10000;
constexpr std::int64_t default_cms_memory_mib = 256;

// The first of `names` given in task.yaml (CMS's Italian aliases: nome_breve, ...).
YAML::Node first_of(const YamlFile& yaml, std::initializer_list<const char*> names, std::string& found) {
  for (const char* name : names)
    if (yaml.root[name]) {
      found = name;
      return yaml.root[name];
    }
  return YAML::Node();
}

std::int64_t whole_number(const YAML::Node& node, const YamlFile& yaml, const std::string& key, std::int64_t min,
                          std::int64_t max) {
  const double value = yaml_number(node, yaml, key);
  if (value != std::floor(value) || value < static_cast<double>(min) || value > static_cast<double>(max))
    throw ConfigError(fmt::format("{}must be a whole number from {} to {}, got {}", yaml.where(key), min, max,
                                  yaml_string(node, yaml, key)));
  return static_cast<std::int64_t>(value);
}

// A program of the task: FOLDER/NAME as it is (an executable or a script), else built
// from NAME.cpp, .cc, .c or .py beside it. Empty when there is none of them.
std::vector<std::string> task_program(const fs::path& dir, std::initializer_list<const char*> places,
                                      const fs::path& cache_dir, fs::path& found) {
  for (const char* place : places) {
    const fs::path program = dir / place;
    if (fs::is_regular_file(program)) {
      if (::access(program.c_str(), X_OK) != 0)
        throw ConfigError(
            fmt::format("{} is not executable: chmod +x it, or keep its source ({}.cpp, .c, .py) "
                        "beside it instead",
                        program.string(), program.filename().string()));
      found = program;
      return {program.string()};
    }
    for (const char* ending : {".cpp", ".cc", ".c", ".py"}) {
      fs::path source = program;
      source += ending;
      if (!fs::is_regular_file(source)) continue;
      found = source;
      return build_program(source, cache_dir);
    }
  }
  return {};
}

}  // namespace

std::optional<fs::path> find_task_program(const fs::path& folder, std::initializer_list<const char*> stems,
                                          const std::string& what) {
  std::vector<fs::path> found;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(folder, ec)) {
    if (!entry.is_regular_file(ec)) continue;
    const std::string stem = entry.path().stem().string();
    for (const char* name : stems)
      if (stem == name) found.push_back(entry.path());
  }
  std::sort(found.begin(), found.end());
  // A built program beside its source (gen/generator and gen/generator.cpp) is the
  // source's: task-maker writes it there.
  if (found.size() == 2 && found[0].extension().empty() && found[1].stem() == found[0].filename())
    found.erase(found.begin());
  if (found.size() > 1)
    throw ConfigError(fmt::format("{} has {} {}s ({} and {}): task-maker takes exactly one", folder.string(),
                                  found.size(), what, found[0].filename().string(), found[1].filename().string()));
  if (found.empty()) return std::nullopt;
  return found[0];
}

Companions find_companions(const fs::path& dir, const std::string& role, const std::string& task_name) {
  Companions companions;
  companions.role = role;
  companions.name = task_name;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir / "sol", ec)) {
    if (!entry.is_regular_file()) continue;
    const std::string ending = entry.path().extension().string();
    if (ending == ".h" || ending == ".hpp" || ending == ".hh") companions.headers.push_back(entry.path());
    else if (entry.path().stem() == role && !ending.empty())
      companions.sources.push_back(entry.path());
  }
  std::sort(companions.sources.begin(), companions.sources.end());
  std::sort(companions.headers.begin(), companions.headers.end());
  return companions;
}

namespace {

void read_limits(const YamlFile& yaml, Problem& problem) {
  std::string key;
  if (const YAML::Node time = first_of(yaml, {"time_limit", "timeout"}, key); time) {
    const double seconds = yaml_positive(time, yaml, key, "seconds");
    problem.limits.cpu_ms = static_cast<std::int64_t>(std::llround(seconds * 1000));
    check_limit_range(time_limit_range, problem.limits.cpu_ms, yaml.where(key) + "in ms");
  } else {
    problem.limits.cpu_ms = placeholder_cms_time_ms;
    problem.warnings.push_back(
        fmt::format("{}: no time_limit: the submission is held to {} ms of CPU (CMS would "
                    "hold it to none)",
                    yaml.path.string(), placeholder_cms_time_ms));
  }
  std::int64_t memory_mib = default_cms_memory_mib;
  if (const YAML::Node memory = first_of(yaml, {"memory_limit", "memlimit"}, key); memory)
    memory_mib = whole_number(memory, yaml, key, memory_range.min, memory_range.max);
  else
    problem.warnings.push_back(fmt::format("{}: no memory_limit: {} MiB", yaml.path.string(), memory_mib));
  problem.limits.memory_kib = memory_mib * 1024;
}

// The tests: input/inputN.txt with output/outputN.txt, named as CMS names them (000).
void read_tests(const YamlFile& yaml, std::int64_t count, bool answers_required, Problem& problem) {
  for (std::int64_t index = 0; index < count; ++index) {
    TestCase test;
    test.name = fmt::format("{:03d}", index);
    test.input = problem.dir / "input" / fmt::format("input{}.txt", index);
    test.answer = problem.dir / "output" / fmt::format("output{}.txt", index);
    if (!fs::is_regular_file(test.input))
      throw ConfigError(fmt::format(
          "{}: {} tests, but {} is missing{}", yaml.path.string(), count, test.input.string(),
          fs::is_regular_file(problem.dir / "gen" / "GEN")
              ? fmt::format("; the inputs come from gen/GEN: make them with judge generate {} (task-maker's "
                            "generator, validator and official solution)",
                            problem.dir.string())
              : ""));
    if (!fs::is_regular_file(test.answer)) {
      if (answers_required)
        throw ConfigError(fmt::format("{} is missing: white-diff compares the output with it", test.answer.string()));
      test.answer = "/dev/null";
    }
    problem.tests.push_back(std::move(test));
  }
  std::string key;
  const YAML::Node publics = first_of(yaml, {"public_testcases", "risultati"}, key);
  if (!publics || publics.IsNull()) return;
  const std::string text = yaml_string(publics, yaml, key);
  if (text == "all") {
    for (TestCase& test : problem.tests) test.sample = true;
    return;
  }
  std::size_t start = 0;
  for (std::size_t end = 0; start <= text.size(); start = end + 1) {
    end = std::min(text.find(',', start), text.size());
    std::string word = text.substr(start, end - start);
    word.erase(0, word.find_first_not_of(" \t"));
    word.erase(word.find_last_not_of(" \t") + 1);
    if (word.empty()) continue;
    const std::size_t index = std::all_of(word.begin(), word.end(), ::isdigit) ? std::stoul(word) : SIZE_MAX;
    if (index >= problem.tests.size())
      throw ConfigError(
          fmt::format("{}\"{}\" is not a test number from 0 to {}", yaml.where(key), word, problem.tests.size() - 1));
    problem.tests[index].sample = true;
  }
}

}  // namespace

namespace {

// A YAML value as JSON: whole numbers, numbers, lists, maps, and the rest as text
// (a quoted "12" stays text: CMS's regular expression "0[0-9]" must not become a number).
nlohmann::json yaml_to_json(const YAML::Node& node) {
  if (node.IsSequence()) {
    nlohmann::json list = nlohmann::json::array();
    for (const YAML::Node& item : node) list.push_back(yaml_to_json(item));
    return list;
  }
  if (node.IsMap()) {
    nlohmann::json map = nlohmann::json::object();
    for (const auto& item : node) map[item.first.as<std::string>()] = yaml_to_json(item.second);
    return map;
  }
  if (!node.IsScalar()) return nullptr;
  const std::string text = node.as<std::string>();
  if (node.Tag() != "!") {  // not quoted
    long long whole = 0;
    double number = 0;
    if (YAML::convert<long long>::decode(node, whole)) return whole;
    if (YAML::convert<double>::decode(node, number)) return number;
  }
  return text;
}

// gen/GEN's subtasks, as CMS's loader reads them (gen_file.hpp): each "#ST: points"
// line opens a group of the tests below it. No "ST:" line: nullopt. `tests` gets the
// number of tests the file lists.
std::optional<nlohmann::json> gen_groups(const fs::path& gen, std::int64_t& tests) {
  const GenFile file = parse_gen_file(read_file(gen).value_or(""), gen);
  tests = static_cast<std::int64_t>(file.tests.size());
  if (file.subtasks.empty()) return std::nullopt;
  nlohmann::json groups = nlohmann::json::array();
  for (const auto& subtask : file.subtasks) {
    const auto whole = static_cast<std::int64_t>(subtask.points);
    groups.push_back(
        {static_cast<double>(whole) == subtask.points ? nlohmann::json(whole) : nlohmann::json(subtask.points),
         subtask.tests});
  }
  return groups;
}

// The tests of a task.yaml without n_input and gen/GEN, counted as task-maker counts
// them: input/input0.txt, input1.txt, ... up to the first missing one; an input past a
// gap is an error (a test would silently not run).
std::int64_t count_inputs(const YamlFile& yaml, const fs::path& dir) {
  std::int64_t count = 0;
  while (count < 100000 && fs::is_regular_file(dir / "input" / fmt::format("input{}.txt", count))) ++count;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir / "input", ec)) {
    const std::string name = entry.path().filename().string();
    std::int64_t index = -1;
    if (std::sscanf(name.c_str(), "input%ld.txt", &index) == 1 && index > count &&
        name == fmt::format("input{}.txt", index))
      throw ConfigError(
          fmt::format("{}: no n_input, so the tests are input/input0.txt onwards as task-maker counts them, "
                      "but input/input{}.txt is missing and {} is there",
                      yaml.path.string(), count, name));
  }
  if (count == 0)
    throw ConfigError(
        fmt::format("{}: n_input is missing, and there is neither gen/GEN nor input/input0.txt to count the "
                    "tests from",
                    yaml.path.string()));
  return count;
}

// The score type: task.yaml's when it gives score_type, score_type_parameters and
// n_input (CMS takes none of them otherwise), else gen/GEN's groups (GroupMin), else
// Sum. Sets `count` (n_input) on the way.
nlohmann::json read_score(const YamlFile& yaml, const fs::path& dir, std::vector<std::string>& warnings,
                          std::int64_t& count) {
  const YAML::Node root = yaml.root;
  const bool has_input = static_cast<bool>(root["n_input"]);
  if (has_input) count = whole_number(root["n_input"], yaml, "n_input", 0, 100000);
  if (root["score_type"] && root["score_type_parameters"] && has_input) {
    return nlohmann::json{{"score_type", yaml_string(root["score_type"], yaml, "score_type")},
                          {"parameters", yaml_to_json(root["score_type_parameters"])}};
  }
  if (root["score_type"] || root["score_type_parameters"])
    warnings.push_back(
        fmt::format("{}: score_type and score_type_parameters are used only with n_input, as CMS "
                    "does: ignored",
                    yaml.path.string()));
  std::int64_t gen_tests = 0;
  std::optional<nlohmann::json> groups;
  if (fs::is_regular_file(dir / "gen" / "GEN")) groups = gen_groups(dir / "gen" / "GEN", gen_tests);
  if (fs::is_regular_file(dir / "gen" / "GEN") && !has_input) count = gen_tests;
  if (fs::is_regular_file(dir / "gen" / "GEN") && has_input && gen_tests != count)
    throw ConfigError(
        fmt::format("{}: n_input is {}, but gen/GEN lists {} tests", yaml.path.string(), count, gen_tests));
  if (!has_input && !fs::is_regular_file(dir / "gen" / "GEN")) count = count_inputs(yaml, dir);
  if (groups) return nlohmann::json{{"score_type", "GroupMin"}, {"parameters", *groups}};
  const double total = root["total_value"] ? yaml_number(root["total_value"], yaml, "total_value") : 100.0;
  return nlohmann::json{{"score_type", "Sum"}, {"parameters", count == 0 ? 0.0 : total / static_cast<double>(count)}};
}

}  // namespace

namespace {

// Communication: the manager, the processes, how they talk, the stub.
void read_communication(const YamlFile& yaml, const std::vector<std::string>& manager, Problem& problem) {
  CmsSettings& cms = *problem.cms;
  cms.type = CmsTaskType::communication;
  problem.mode = PassMode::interactive;
  problem.interactor_command = manager;
  if (yaml.root["num_processes"] && !yaml.root["num_processes"].IsNull())
    cms.num_processes = whole_number(yaml.root["num_processes"], yaml, "num_processes", 1, cms_max_processes);
  cms.companions = find_companions(problem.dir, "stub", problem.name);
  // CMS's loader: fifo_io with a stub, std_io without, unless user_io says.
  cms.user_io = cms.companions.empty() ? CmsUserIo::std_io : CmsUserIo::fifo_io;
  if (yaml.root["user_io"] && !yaml.root["user_io"].IsNull()) {
    const std::string io = yaml_string(yaml.root["user_io"], yaml, "user_io");
    if (io == "std_io" || io == "fifo_io") cms.user_io = io == "std_io" ? CmsUserIo::std_io : CmsUserIo::fifo_io;
    else
      problem.warnings.push_back(fmt::format("{}must be std_io or fifo_io, got \"{}\": ignored, as CMS ignores it",
                                             yaml.where("user_io"), io));
  }
  // CMS's manager: num_processes * (time limit + 1 s) of CPU, at least the trusted
  // sandbox's; its memory is the trusted sandbox's. The wall limit holds every
  // process's CPU time twice over (they may take turns on one CPU), plus a second.
  problem.limits.interactor_cpu_ms = std::max(cms.num_processes * (problem.limits.cpu_ms + 1000), cms_trusted_time_ms);
  problem.limits.interactor_memory_kib = cms_trusted_memory_kib;
  problem.limits.wall_ms = std::min(cms.num_processes * 2 * problem.limits.cpu_ms + 1000, wall_limit_range.max);
}

// Batch: stdin and stdout, the grader, the checker (or white-diff).
void read_batch(const YamlFile& yaml, const std::vector<std::string>& checker, Problem& problem) {
  CmsSettings& cms = *problem.cms;
  cms.type = CmsTaskType::batch;
  problem.mode = PassMode::offline;
  problem.interactor_command = checker;  // empty: white-diff
  for (const char* key : {"infile", "outfile"})
    if (yaml.root[key] && !yaml.root[key].IsNull() && !yaml_string(yaml.root[key], yaml, key).empty())
      throw ConfigError(
          fmt::format("{}is \"{}\": reading and writing files of the working folder is not supported; "
                      "only \"\" (stdin and stdout)",
                      yaml.where(key), yaml_string(yaml.root[key], yaml, key)));
  cms.companions = find_companions(problem.dir, "grader", problem.name);
  problem.limits.interactor_cpu_ms = cms_trusted_time_ms;
  problem.limits.interactor_memory_kib = cms_trusted_memory_kib;
  problem.limits.wall_ms = default_wall_ms(problem.limits.cpu_ms);
}

Problem read_task(const fs::path& dir, const fs::path& cache_dir) {
  const YamlFile yaml = YamlFile::load(dir / "task.yaml");
  Problem problem;
  problem.dir = dir;
  problem.format = ProblemFormat::cms;
  problem.convention = InteractorConvention::cms;
  problem.interactor_writes_transcript = false;
  problem.cms.emplace();
  std::string key;
  const YAML::Node name = first_of(yaml, {"name", "nome_breve"}, key);
  problem.name = name ? yaml_string(name, yaml, key) : dir.filename().string();
  if (yaml.root["output_only"] && yaml_bool(yaml.root["output_only"], yaml, "output_only"))
    throw ConfigError(fmt::format("{}: output_only: OutputOnly tasks are not supported", yaml.path.string()));
  read_limits(yaml, problem);
  problem.limits.passes = 1;
  fs::path found;
  const auto manager = task_program(dir, {"check/manager", "cor/manager"}, cache_dir, found);
  if (!manager.empty()) read_communication(yaml, manager, problem);
  else
    read_batch(yaml, task_program(dir, {"check/checker", "cor/correttore"}, cache_dir, found), problem);
  std::int64_t count = 0;
  const nlohmann::json score = read_score(yaml, dir, problem.warnings, count);
  problem.testdata_dir = dir / "input";
  read_tests(yaml, count, problem.cms->type == CmsTaskType::batch && problem.interactor_command.empty(), problem);
  std::vector<std::string> names;
  for (const TestCase& test : problem.tests) names.push_back(test.name);
  try {
    problem.scoring = cms_scoring(score["score_type"].get<std::string>(), score["parameters"], names);
  } catch (const ConfigError& error) {
    throw ConfigError(fmt::format("{}: {}", yaml.path.string(), error.what()));
  }
  if (fs::is_directory(dir / "submissions")) problem.submissions_dir = dir / "submissions";
  return problem;
}

}  // namespace

Problem load_cms_task(const fs::path& task_dir, const fs::path& cache_dir) {
  const fs::path dir = fs::absolute(task_dir).lexically_normal();
  try {
    return read_task(dir, cache_dir);
  } catch (const YAML::Exception& error) {
    throw ConfigError(fmt::format("{}: task.yaml has an unexpected structure: {}", dir.string(), error.what()));
  }
}

}  // namespace judge
