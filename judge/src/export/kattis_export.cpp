#include "export/kattis_export.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "export/icpc_testdata_export.hpp"
#include "export/package_readme.hpp"
#include "problem/scoring.hpp"

namespace judge {
namespace fs = std::filesystem;

std::string legacy_submission_folder(const std::string& folder) {
  static const std::map<std::string, std::string> folders{
      {"accepted", "accepted"},
      {"partially_accepted", "partially_accepted"},
      {"wrong_answer", "wrong_answer"},
      {"presentation_error", "wrong_answer"},    // ICPC judges have no PE: the validator rejects
      {"query_limit_exceeded", "wrong_answer"},  // the validator rejects the query over the limit
      {"time_limit_exceeded", "time_limit_exceeded"},
      {"idle_limit_exceeded", "time_limit_exceeded"},  // the wall-clock limit
      {"run_time_error", "run_time_error"},
      {"memory_limit_exceeded", "run_time_error"},
      {"output_limit_exceeded", "run_time_error"},
  };
  const auto found = folders.find(folder);
  return found == folders.end() ? "" : found->second;
}

namespace {

std::string flags_line(const char* key, const std::vector<std::string>& words) {
  if (words.empty()) return "";
  std::string joined;
  for (const std::string& word : words) joined += (joined.empty() ? "" : " ") + word;
  return fmt::format("{}: {}\n", key, yaml_quoted(joined));
}

std::string number(double value) { return fmt::format("{}", value); }

struct LegacyTestdata {
  std::vector<std::pair<std::string, std::string>> files;  // path, text
  bool custom_score = false;                               // validation: custom interactive score
};

void add_subtask_groups(const Problem& problem, LegacyTestdata& data) {
  const auto& list = problem.scoring["subtasks"];
  const std::size_t width = std::to_string(list.size()).size();
  for (std::size_t k = 0; k < list.size(); ++k) {
    std::string yaml =
        fmt::format("# subtask {} of problem.json: all its tests must pass\ngrader_flags: min\non_reject: break\n",
                    list[k].value("name", std::to_string(k + 1)));
    yaml += fmt::format("accept_score: {}\n", number(list[k].value("points", 0.0)));
    if (list[k].contains("input_validator_flags"))
      yaml += flags_line("input_validator_flags", list[k]["input_validator_flags"].get<std::vector<std::string>>());
    data.files.emplace_back(fmt::format("data/secret/subtask{:0{}}/testdata.yaml", k + 1, width), yaml);
  }
}

// testdata.yaml of every group, from problem.json's scoring (kattis_export.hpp).
LegacyTestdata legacy_testdata(const Problem& problem, std::vector<std::string> validator_flags) {
  LegacyTestdata data;
  const std::string type = problem.scoring.value("type", "all_or_nothing");
  const double max_score = problem.scoring.value("max_score", 100.0);
  if (type == "all_or_nothing") {
    if (!validator_flags.empty())
      data.files.emplace_back("data/testdata.yaml", flags_line("output_validator_flags", validator_flags));
    return data;
  }
  std::string secret;
  if (type == "max_metric") {
    const nlohmann::json& s = problem.scoring;
    for (const std::string& word :
         {std::string("--score-from-metric"), s["metric"].get<std::string>(), number(s["full_at"].get<double>()),
          number(s["zero_at"].get<double>()), number(max_score)})
      validator_flags.push_back(word);
    data.custom_score = true;
    secret = "grader_flags: min\non_reject: break\n";
  } else if (type == "subtasks") {
    secret = "grader_flags: sum\n";
    add_subtask_groups(problem, data);
  } else {
    const std::size_t tests = problem.tests.size();
    secret = fmt::format("grader_flags: sum\naccept_score: {}\n", number(tests ? max_score / tests : 0));
  }
  data.files.emplace_back("data/testdata.yaml",
                          "# the samples do not count (problemtools' default grader), and a rejected sample does not "
                          "stop the secret data\ngrader_flags: ignore_sample\non_reject: continue\n" +
                              fmt::format("range: {}\n", yaml_quoted("0 " + number(max_score))) +
                              flags_line("output_validator_flags", validator_flags));
  data.files.emplace_back("data/sample/testdata.yaml", "grader_flags: min\n");
  data.files.emplace_back("data/secret/testdata.yaml", secret);
  return data;
}

std::int64_t whole_mib_up(std::int64_t kib) { return (kib + 1023) / 1024; }

std::string legacy_problem_yaml(const Problem& problem, const std::string& uuid, bool scoring, bool custom_score) {
  const Limits& limits = problem.limits;
  std::string yaml = fmt::format(
      "# Written by `judge export` in the legacy format (Kattis, DOMjudge). README.md says what the format could "
      "not carry.\nproblem_format_version: legacy\n{}name: {}\nuuid: {}\nvalidation: {}\nlimits:\n",
      scoring ? "type: scoring\n" : "", yaml_quoted(problem_title(problem)), uuid,
      custom_score ? "custom interactive score" : "custom interactive");
  yaml += fmt::format("  memory: {}\n  output: {}\n", whole_mib_up(limits.memory_kib), whole_mib_up(limits.output_kib));
  yaml += fmt::format("  validation_time: {}\n  validation_memory: {}\n", (limits.interactor_cpu_ms + 999) / 1000,
                      whole_mib_up(limits.interactor_memory_kib));
  return yaml;
}

// Where each submission goes: "submissions/presentation_error/x.cpp" ->
// "submissions/wrong_answer/x.cpp" ("" left out). A name another folder already
// brought there gets its old folder as a prefix ("presentation_error_x.cpp").
class LegacySubmissions {
 public:
  explicit LegacySubmissions(std::vector<std::string>& not_carried) : not_carried_(not_carried) {}

  std::string path(const std::string& path) {
    const std::string rest = path.substr(std::string("submissions/").size());
    const std::size_t slash = rest.find('/');
    if (slash == std::string::npos) return "";  // submissions.yaml: no such file in the format
    const std::string folder = rest.substr(0, slash);
    const std::string inside = rest.substr(slash + 1);
    const std::string name = inside.substr(0, inside.find('/'));
    const std::string target = legacy_submission_folder(folder);
    const auto [known, added] = placed_.emplace(folder + "/" + name, "");
    if (added) {
      if (target.empty()) {
        not_carried_.push_back(
            fmt::format("submissions/{}/{}: the legacy format has no folder for {}; left out", folder, name, folder));
      } else {
        const bool taken = !used_.insert(target + "/" + name).second;
        known->second = target + "/" + (taken ? folder + "_" + name : name);
        if (taken) used_.insert(known->second);
      }
    }
    if (known->second.empty()) return "";
    return "submissions/" + known->second + inside.substr(name.size());
  }

 private:
  std::vector<std::string>& not_carried_;
  std::map<std::string, std::string> placed_;  // "presentation_error/x.cpp" -> "wrong_answer/x.cpp" ("": left out)
  std::set<std::string> used_;
};

}  // namespace
}  // namespace judge

namespace judge {

Package kattis_package(const Problem& problem, const ExportOptions& options) {
  if (problem.format == ProblemFormat::icpc_legacy) return icpc_package(problem, options);
  if (problem.format != ProblemFormat::native)
    throw ConfigError(fmt::format(
        "--format kattis writes a problem.json problem as a legacy package (or copies a legacy package); {} is a {} "
        "(export it with --format icpc{})",
        problem.dir.string(), format_name(problem.format),
        problem.format == ProblemFormat::cms || problem.format == ProblemFormat::tps ? " or run it as it is" : ""));
  ExportOptions modern_options = options;
  modern_options.legacy_groups = true;
  const Package modern = icpc_package(problem, modern_options);
  Package legacy;
  legacy.user_folder = modern.user_folder;
  legacy.not_carried = modern.not_carried;
  bool uses_library = false;
  LegacySubmissions submissions(legacy.not_carried);
  for (const PackageFile& file : modern.files) {
    PackageFile moved = file;
    if (file.path.starts_with("output_validator/")) {
      moved.path = "output_validators/interactor/" + file.path.substr(std::string("output_validator/").size());
      uses_library = uses_library || file.path == "output_validator/interactor_library.cpp";
    } else if (file.path.starts_with("statement/")) {
      moved.path = "problem_statement/" + file.path.substr(std::string("statement/").size());
    } else if (file.path.starts_with("submissions/")) {
      moved.path = submissions.path(file.path);
    } else if (file.path == "problem.yaml" || file.path == "README.md" || file.path.ends_with("/test_group.yaml") ||
               file.path.ends_with(".download")) {  // 2025-09's download overrides: not in legacy
      continue;
    }
    if (!moved.path.empty()) legacy.files.push_back(std::move(moved));
  }
  // --expect-eof as in the 2025-09 export; no --new-second-before-next-pass: there is
  // no next pass in this format.
  const LegacyTestdata data =
      legacy_testdata(problem, uses_library ? std::vector<std::string>{"--expect-eof"} : std::vector<std::string>{});
  for (const auto& [path, text] : data.files) legacy.add_text(path, text);
  const bool scoring = problem.scoring.value("type", "all_or_nothing") != "all_or_nothing";
  legacy.add_text("problem.yaml",
                  legacy_problem_yaml(problem, options.uuid.empty() ? problem_uuid(problem.name) : options.uuid,
                                      scoring, data.custom_score));
  legacy.add_text(".timelimit", fmt::format("{}\n", number(static_cast<double>(problem.limits.cpu_ms) / 1000)));
  legacy.not_carried.push_back(fmt::format(
      "the time limit ({} s): legacy problem.yaml has none; .timelimit holds it for DOMjudge, and problemtools and "
      "Kattis compute one from the accepted submissions' times (limits.time_multiplier)",
      number(static_cast<double>(problem.limits.cpu_ms) / 1000)));
  if (problem.new_second_between_passes ||
      std::any_of(modern.files.begin(), modern.files.end(), [](const PackageFile& file) {
        return file.path == "problem.yaml" && file.text.find("multi-pass") != std::string::npos;
      }))
    legacy.not_carried.push_back(
        "multi-pass tests: the legacy format has one pass; a validator's request for another (nextpass.in) is "
        "ignored, so the first pass judges");
  legacy.add_text("README.md", package_readme(problem, "legacy (Kattis, DOMjudge)", legacy.not_carried, uses_library));
  return legacy;
}

}  // namespace judge
