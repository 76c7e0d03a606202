#include "export/kattis_export.hpp"

#include <algorithm>
#include <map>
#include <optional>
#include <set>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/text_file.hpp"
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

namespace {

// The output_validator_args of a 2023-07+ package's tests, by the folder that holds
// them ("data/secret/strict"): legacy testdata.yaml carries them per group. Tests of
// one folder that differ (a test's own .yaml) are refused: legacy has no per-test
// arguments.
std::map<std::string, std::vector<std::string>> validator_args_by_folder(const Problem& problem) {
  std::map<std::string, std::vector<std::string>> folders;
  std::map<std::string, std::string> first_test;
  for (const TestCase& test : problem.tests) {
    const std::string folder = fs::path(test.input).parent_path().lexically_relative(problem.dir).generic_string();
    const auto [known, added] = folders.emplace(folder, test.validator_args);
    if (added) first_test[folder] = test.name;
    else if (known->second != test.validator_args)
      throw ConfigError(fmt::format(
          "--format kattis: tests {} and {} of {} give the output validator different arguments; the legacy format "
          "has one output_validator_flags per folder of tests (export it with --format icpc)",
          first_test[folder], test.name, problem.dir.string()));
  }
  return folders;
}

// The package's own uuid (problem.yaml's `uuid:` line), else one from the name.
std::string package_uuid(const Problem& problem, const ExportOptions& options) {
  if (!options.uuid.empty()) return options.uuid;
  const std::string yaml = read_head(problem.dir / "problem.yaml", 1024 * 1024);
  for (std::size_t at = yaml.find("uuid:"); at != std::string::npos; at = yaml.find("uuid:", at + 1)) {
    if (at != 0 && yaml[at - 1] != '\n') continue;
    std::string value = yaml.substr(at + 5, yaml.find('\n', at) - at - 5);
    std::erase_if(value, [](char c) { return c == ' ' || c == '\t' || c == '"' || c == '\'' || c == '\r'; });
    if (!value.empty()) return value;
  }
  return problem_uuid(problem.name);
}

// Where a 2023-07+ package's file goes in the legacy package ("": left out).
std::string legacy_path(const std::string& path, LegacySubmissions& submissions,
                        std::vector<std::string>& not_carried) {
  if (path.starts_with("output_validator/"))
    return "output_validators/interactor/" + path.substr(std::string("output_validator/").size());
  if (path.starts_with("statement/")) return "problem_statement/" + path.substr(std::string("statement/").size());
  if (path.starts_with("submissions/")) return submissions.path(path);
  // The groups' settings are written again from the problem as it was read
  // (legacy_testdata); 2025-09's download overrides are not in legacy.
  if (path == "problem.yaml" || path == "README.md" || path.ends_with("/test_group.yaml") ||
      path.ends_with("/testdata.yaml") || path.ends_with(".download"))
    return "";
  for (const char* folder : {"answer_validators/", "static_validator/", "answer_validator/"})
    if (path.starts_with(folder)) {
      const std::string note = fmt::format("{}: the legacy format has no {}; left out", folder, folder);
      if (std::find(not_carried.begin(), not_carried.end(), note) == not_carried.end()) not_carried.push_back(note);
      return "";
    }
  return path;
}

// The legacy package from the 2025-09 (or 2023-07) one of the same problem: `modern`
// is judge's own export of a problem.json problem, or a package copied as it is.
// `validator_flags`: the package's output_validator_args; nullopt for a problem.json
// problem (then --expect-eof when it uses the interactor library).
Package legacy_package(const Problem& problem, const ExportOptions& options, const Package& modern,
                       std::optional<std::vector<std::string>> validator_flags) {
  Package legacy;
  legacy.user_folder = modern.user_folder;
  legacy.not_carried = modern.not_carried;
  bool uses_library = false;
  LegacySubmissions submissions(legacy.not_carried);
  for (const PackageFile& file : modern.files) {
    uses_library = uses_library || file.path == "output_validator/interactor_library.cpp";
    PackageFile moved = file;
    moved.path = legacy_path(file.path, submissions, legacy.not_carried);
    if (!moved.path.empty()) legacy.files.push_back(std::move(moved));
  }
  // --expect-eof as in the 2025-09 export; no --new-second-before-next-pass: there is
  // no next pass in this format.
  if (!validator_flags)
    validator_flags = uses_library ? std::vector<std::string>{"--expect-eof"} : std::vector<std::string>{};
  const LegacyTestdata data = legacy_testdata(problem, *validator_flags);
  for (const auto& [path, text] : data.files) legacy.add_text(path, text);
  const bool scoring = problem.scoring.value("type", "all_or_nothing") != "all_or_nothing";
  legacy.add_text("problem.yaml",
                  legacy_problem_yaml(problem, package_uuid(problem, options), scoring, data.custom_score));
  legacy.add_text(".timelimit", fmt::format("{}\n", number(static_cast<double>(problem.limits.cpu_ms) / 1000)));
  legacy.not_carried.push_back(fmt::format(
      "the time limit ({} s): legacy problem.yaml has none; .timelimit holds it for DOMjudge, and problemtools and "
      "Kattis compute one from the accepted submissions' times (limits.time_multiplier)",
      number(static_cast<double>(problem.limits.cpu_ms) / 1000)));
  if (problem.new_second_between_passes || problem.limits.passes > 1 ||
      std::any_of(modern.files.begin(), modern.files.end(), [](const PackageFile& file) {
        return file.path == "problem.yaml" && file.text.find("multi-pass") != std::string::npos;
      }))
    legacy.not_carried.push_back(
        "multi-pass tests: the legacy format has one pass; a validator's request for another (nextpass.in) is "
        "ignored, so the first pass judges");
  legacy.add_text("README.md", package_readme(problem, "legacy (Kattis, DOMjudge)", legacy.not_carried, uses_library));
  return legacy;
}

}  // namespace

Package kattis_package(const Problem& problem, const ExportOptions& options) {
  if (problem.format == ProblemFormat::icpc_legacy) return icpc_package(problem, options);
  if (problem.format == ProblemFormat::icpc) {
    // A 2023-07+ package: pass-fail only. Its groups' scoring (test_group.yaml's
    // aggregation and scores) has no legacy form this judge writes.
    if (problem.scoring.value("type", "all_or_nothing") != "all_or_nothing")
      throw ConfigError(fmt::format(
          "--format kattis writes a pass-fail ICPC 2023-07+ package as a legacy one; {} is a scoring package, whose "
          "test groups' scoring this export does not carry into legacy testdata.yaml (export it with --format icpc, "
          "or export the problem.json problem it came from with --format kattis)",
          problem.dir.string()));
    const auto by_folder = validator_args_by_folder(problem);
    const bool shared = std::all_of(by_folder.begin(), by_folder.end(),
                                    [&](const auto& folder) { return folder.second == by_folder.begin()->second; });
    std::vector<std::string> flags;
    if (shared && !by_folder.empty()) flags = by_folder.begin()->second;
    Package legacy = legacy_package(problem, options, icpc_package(problem, options), flags);
    if (!shared)
      for (const auto& [folder, args] : by_folder)
        if (!args.empty()) legacy.add_text(folder + "/testdata.yaml", flags_line("output_validator_flags", args));
    return legacy;
  }
  if (problem.format != ProblemFormat::native)
    throw ConfigError(fmt::format(
        "--format kattis writes a problem.json problem or an ICPC 2023-07+ package as a legacy package (or copies a "
        "legacy package); {} is a {} (export it with --format icpc{})",
        problem.dir.string(),
        problem.format == ProblemFormat::polygon ? "Polygon package"
        : problem.format == ProblemFormat::cms   ? "CMS task"
                                                 : "TPS task",
        problem.format == ProblemFormat::cms || problem.format == ProblemFormat::tps ? " or run it as it is" : ""));
  ExportOptions modern_options = options;
  modern_options.legacy_groups = true;
  return legacy_package(problem, options, icpc_package(problem, modern_options), std::nullopt);
}

}  // namespace judge
