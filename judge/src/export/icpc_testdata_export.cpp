#include "export/icpc_testdata_export.hpp"

#include <algorithm>
#include <cmath>
#include <set>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "problem/scoring.hpp"

namespace judge {

std::string yaml_quoted(const std::string& text) { return nlohmann::json(text).dump(); }

namespace {

bool is_sample(const TestCase& test) { return test.sample || test.name.find("sample") != std::string::npos; }

std::string yaml_list(const std::vector<std::string>& items) { return nlohmann::json(items).dump(); }

// "max_score: 100" for a whole number; a fraction is rounded (the format wants an
// integer) and said.
std::string max_score_line(double max_score, const std::string& where, std::vector<std::string>& not_carried) {
  const double rounded = std::round(max_score);
  if (rounded != max_score)
    not_carried.push_back(
        fmt::format("{}: max_score {} is not a whole number, as ICPC max_score must be: {} is "
                    "written",
                    where, max_score, rounded));
  return fmt::format("max_score: {}\n", static_cast<long long>(rounded));
}

std::string args_line(const char* key, const std::vector<std::string>& args) {
  return args.empty() ? "" : fmt::format("{}: {}\n", key, yaml_list(args));
}

struct Subtask {
  std::string group;  // "secret/subtask1"
  double points = 0;
  std::set<std::size_t> tests;  // indices into problem.tests
  std::vector<std::string> flags;
};

std::vector<Subtask> read_subtasks(const Problem& problem) {
  std::vector<Subtask> subtasks;
  const auto& list = problem.scoring["subtasks"];
  const std::size_t width = std::to_string(list.size()).size();
  for (std::size_t k = 0; k < list.size(); ++k) {
    Subtask subtask;
    subtask.group = fmt::format("secret/subtask{:0{}}", k + 1, width);
    subtask.points = list[k].value("points", 0.0);
    for (std::size_t t = 0; t < problem.tests.size(); ++t)
      if (matches_any(problem.tests[t].name, list[k]["tests"])) subtask.tests.insert(t);
    if (list[k].contains("input_validator_flags"))
      subtask.flags = list[k]["input_validator_flags"].get<std::vector<std::string>>();
    subtasks.push_back(std::move(subtask));
  }
  return subtasks;
}

// Each subtask's group: its own tests and require_pass, or copies of all its tests.
void place_subtasks(const Problem& problem, IcpcTestdata& data, std::vector<std::vector<std::string>>& folders,
                    bool require_pass) {
  const std::vector<Subtask> subtasks = read_subtasks(problem);
  std::set<std::size_t> placed;
  for (std::size_t k = 0; k < subtasks.size(); ++k) {
    const Subtask& subtask = subtasks[k];
    if (subtask.tests.empty())
      throw ConfigError(fmt::format("subtask {} has no tests: an ICPC test group must have one", k + 1));
    std::set<std::size_t> own, covered;
    for (std::size_t t : subtask.tests)
      if (!placed.contains(t)) own.insert(t);
    std::vector<std::string> requires_pass;
    for (std::size_t j = 0; j < k; ++j)
      if (std::includes(subtask.tests.begin(), subtask.tests.end(), subtasks[j].tests.begin(),
                        subtasks[j].tests.end())) {
        requires_pass.push_back(subtasks[j].group);
        covered.insert(subtasks[j].tests.begin(), subtasks[j].tests.end());
      }
    covered.insert(own.begin(), own.end());
    const bool cumulative = require_pass && !own.empty() && covered == subtask.tests;
    if (!cumulative) requires_pass.clear();
    for (std::size_t t : cumulative ? own : subtask.tests) folders[t].push_back("data/" + subtask.group);
    placed.insert(subtask.tests.begin(), subtask.tests.end());
    std::string yaml = fmt::format("# subtask {} of problem.json{}\nscore_aggregation: pass-fail\n",
                                   problem.scoring["subtasks"][k].value("name", std::to_string(k + 1)),
                                   cumulative ? "" : " (its tests copied: it does not extend earlier subtasks)");
    yaml += max_score_line(subtask.points, subtask.group, data.not_carried);
    yaml += args_line("require_pass", requires_pass);
    yaml += args_line("input_validator_args", subtask.flags);
    data.group_files.emplace_back("data/" + subtask.group + "/test_group.yaml", yaml);
  }
  data.not_carried.push_back(
      "subtasks: each test is checked by the input validators with the input_validator_flags of its own test "
      "group only (problem.json also checks it with those of every later subtask that includes it)");
}

}  // namespace

IcpcTestdata place_icpc_tests(const Problem& problem, const std::vector<std::string>& validator_args,
                              bool library_options, bool require_pass) {
  IcpcTestdata data;
  const std::string type = problem.scoring.value("type", "all_or_nothing");
  const double max_score = problem.scoring.value("max_score", 100.0);
  data.scoring = type != "all_or_nothing";
  std::vector<std::vector<std::string>> folders(problem.tests.size());
  std::string secret_yaml;
  std::vector<std::string> secret_args = validator_args;
  if (type == "subtasks") {
    place_subtasks(problem, data, folders, require_pass);
    secret_yaml = "score_aggregation: sum\n" + max_score_line(max_score, "data/secret", data.not_carried);
  } else if (type == "per_test" || type == "points" || type == "max_metric" || type == "all_or_nothing") {
    for (std::size_t t = 0; t < problem.tests.size(); ++t)
      if (data.scoring || !is_sample(problem.tests[t])) folders[t].push_back("data/secret");
    if (type != "all_or_nothing")
      secret_yaml = fmt::format("score_aggregation: {}\n", type == "max_metric" ? "min" : "sum") +
                    max_score_line(max_score, "data/secret", data.not_carried);
  } else {
    throw ConfigError(fmt::format("scoring type {} cannot be exported to an ICPC package", type));
  }
  if (type == "max_metric") {
    const nlohmann::json& s = problem.scoring;
    if (!library_options)
      data.not_carried.push_back(
          "max_metric scoring: the interactor does not use this judge's interactor library, "
          "so it cannot be told to write score.txt: every accepted test scores its maximum");
    else
      for (const std::string& word : {std::string("--score-from-metric"), s["metric"].get<std::string>(),
                                      fmt::format("{}", s["full_at"].get<double>()),
                                      fmt::format("{}", s["zero_at"].get<double>()), fmt::format("{}", max_score)})
        secret_args.push_back(word);
  }
  for (std::size_t t = 0; t < problem.tests.size(); ++t) {
    if (is_sample(problem.tests[t])) folders[t].insert(folders[t].begin(), "data/sample");
    data.tests.push_back({&problem.tests[t], folders[t]});
  }
  if (!validator_args.empty())
    data.group_files.emplace_back("data/sample/test_group.yaml", args_line("output_validator_args", validator_args));
  secret_yaml += args_line("output_validator_args", secret_args);
  if (!secret_yaml.empty()) data.group_files.emplace_back("data/secret/test_group.yaml", secret_yaml);
  return data;
}

}  // namespace judge
