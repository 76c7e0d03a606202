#include "problem/icpc_package.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

#include <fmt/core.h>
#include <fmt/format.h>

#include "base/errors.hpp"
#include "base/parse_number.hpp"
#include "base/text_file.hpp"
#include "base/yaml_file.hpp"
#include "problem/icpc_testdata.hpp"
#include "problem/kattis_grading.hpp"
#include "problem/program_build.hpp"
#include "problem/scoring.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

const std::set<std::string> legacy_keys{
    "problem_format_version", "type", "name", "uuid", "author", "source", "source_url",
    "license", "rights_owner", "limits", "validation", "validator_flags", "grading", "keywords"};
// time_for_AC_submissions: older problemtools; validation_passes: BAPCtools' legacy
// multi-pass.
const std::set<std::string> legacy_limit_keys{
    "time_multiplier", "time_safety_margin", "memory", "output", "code", "compilation_time",
    "compilation_memory", "validation_time", "validation_memory", "validation_output",
    "time_for_AC_submissions", "validation_passes"};
const std::set<std::string> modern_keys{
    "problem_format_version", "type", "name", "uuid", "version", "credits", "source", "license",
    "rights_owner", "embargo_until", "limits", "keywords", "languages", "allow_file_writing",
    "constants"};
const std::set<std::string> modern_limit_keys{
    "time_multipliers", "time_limit", "time_resolution", "memory", "output", "code",
    "compilation_time", "compilation_memory", "validation_time", "validation_memory",
    "validation_output", "validation_passes"};
const std::set<std::string> multiplier_keys{"ac_to_time_limit", "time_limit_to_tle"};

struct ProblemKind {
  bool interactive = false;
  bool multi_pass = false;
  bool scoring = false;
  bool custom_validation = true;  // legacy `validation: default` says false
};

// True for the legacy format.
bool read_version(const YamlFile& yaml) {
  const YAML::Node value = yaml.root["problem_format_version"];
  if (!value) return true;
  const std::string version = yaml_string(value, yaml, "problem_format_version");
  if (version == "legacy" || version == "legacy-icpc") return true;
  static const std::set<std::string> modern{"2023-07", "2023-07-draft", "2025-09", "2025-09-draft",
                                            "draft"};
  if (modern.contains(version)) return false;
  throw ConfigError(yaml.where("problem_format_version") +
                    fmt::format("'{}' is not a version this judge reads (legacy, legacy-icpc, "
                                "2023-07, 2023-07-draft, 2025-09, draft)",
                                version));
}

void check_keys(const YamlFile& yaml, bool legacy, std::vector<std::string>& warnings) {
  const auto& top = legacy ? legacy_keys : modern_keys;
  for (const auto& key : unknown_keys(yaml.root, top))
    warnings.push_back(unknown_key_message(yaml.path, key, "", top));
  const YAML::Node limits = yaml.root["limits"];
  if (!limits || !limits.IsMap()) return;
  const auto& limit_keys = legacy ? legacy_limit_keys : modern_limit_keys;
  for (const auto& key : unknown_keys(limits, limit_keys, "limits."))
    warnings.push_back(unknown_key_message(yaml.path, key, "limits.", limit_keys));
  if (!legacy)
    for (const auto& key : unknown_keys(limits["time_multipliers"], multiplier_keys, "limits.time_multipliers."))
      warnings.push_back(unknown_key_message(yaml.path, key, "limits.time_multipliers.", multiplier_keys));
}

// What the specification requires and judging does not need: said, not refused.
void check_optional_parts(const fs::path& dir, Problem& problem) {
  std::error_code ec;
  const bool statement = fs::is_directory(dir / "statement", ec) || fs::is_directory(dir / "problem_statement", ec);
  if (!statement)
    problem.warnings.push_back(fmt::format("{} has no statement (statement/ or problem_statement/)", dir.string()));
  if (problem.input_validators.empty())
    problem.warnings.push_back(fmt::format(
        "{} has no input validator (input_validators/): the test inputs are not checked", dir.string()));
}

// The \problemname{...} of an English (or language-less) LaTeX statement, which is
// where a legacy package without `name` keeps it (problemtools reads it there).
std::optional<std::string> statement_name(const fs::path& dir) {
  for (const char* file : {"problem_statement/problem.en.tex", "problem_statement/problem.tex",
                           "statement/problem.en.tex"}) {
    const auto text = read_file(dir / file);
    if (!text) continue;
    const std::size_t start = text->find("\\problemname{");
    if (start == std::string::npos) continue;
    const std::size_t open = start + std::string_view("\\problemname{").size();
    int depth = 1;
    for (std::size_t i = open; i < text->size(); ++i) {
      depth += (*text)[i] == '{' ? 1 : (*text)[i] == '}' ? -1 : 0;
      if (depth == 0) return text->substr(open, i - open);
    }
  }
  return std::nullopt;
}

std::string read_name(const YamlFile& yaml, const fs::path& dir) {
  const YAML::Node name = yaml.root["name"];
  if (!name || name.IsNull()) return statement_name(dir).value_or(dir.filename().string());
  if (name.IsMap()) {
    if (name["en"]) return yaml_string(name["en"], yaml, "name.en");
    const auto languages = yaml_map_keys(name, yaml, "name");
    if (languages.empty()) return dir.filename().string();
    return yaml_string(name[languages.front()], yaml, "name." + languages.front());
  }
  return yaml_string(name, yaml, "name");
}

ProblemKind read_legacy_kind(const YamlFile& yaml) {
  ProblemKind kind;
  if (const YAML::Node type = yaml.root["type"]) {
    const std::string value = yaml_string(type, yaml, "type");
    if (value != "pass-fail" && value != "scoring")
      throw ConfigError(yaml.where("type") + fmt::format("must be pass-fail or scoring, got '{}'", value));
    kind.scoring = value == "scoring";
  }
  const std::string validation =
      yaml.root["validation"] ? yaml_string(yaml.root["validation"], yaml, "validation") : "default";
  const std::vector<std::string> words = split_words(validation);
  if (words.empty() || (words[0] != "default" && words[0] != "custom"))
    throw ConfigError(yaml.where("validation") +
                      fmt::format("must start with default or custom, got '{}'", validation));
  kind.custom_validation = words[0] == "custom";
  for (std::size_t i = 1; i < words.size(); ++i) {
    if (words[i] == "interactive") kind.interactive = true;
    else if (words[i] == "multi-pass") kind.multi_pass = true;
    else if (words[i] == "score") kind.scoring = true;
    else
      throw ConfigError(yaml.where("validation") +
                        fmt::format("'{}' is not interactive, multi-pass or score", words[i]));
  }
  return kind;
}

ProblemKind read_modern_kind(const YamlFile& yaml) {
  ProblemKind kind;
  const YAML::Node type = yaml.root["type"];
  std::vector<std::string> types{"pass-fail"};
  // A string may list several types separated by spaces ("pass-fail interactive"):
  // the specification's own example and DOMjudge write it so.
  if (type) types = type.IsSequence() ? yaml_string_list(type, yaml, "type")
                                      : split_words(yaml_string(type, yaml, "type"));
  if (types.empty()) throw ConfigError(yaml.where("type") + "must not be an empty list");
  bool pass_fail = false;
  for (const auto& value : types) {
    if (value == "pass-fail") pass_fail = true;
    else if (value == "scoring") kind.scoring = true;
    else if (value == "interactive") kind.interactive = true;
    else if (value == "multi-pass") kind.multi_pass = true;
    else if (value == "submit-answer")
      throw ConfigError(yaml.where("type") + "submit-answer problems are not run by this judge");
    else
      throw ConfigError(yaml.where("type") + fmt::format("'{}' is not pass-fail, scoring, "
                                                         "interactive, multi-pass or submit-answer",
                                                         value));
  }
  if (pass_fail && kind.scoring)
    throw ConfigError(yaml.where("type") + "cannot be both pass-fail and scoring");
  return kind;
}

// A time limit given outside problem.yaml: .timelimit (DOMjudge, BAPCtools: seconds)
// or domjudge-problem.ini (`timelimit = 2`, the value possibly quoted).
std::optional<double> time_limit_beside(const fs::path& dir) {
  auto parse = [](const fs::path& file, std::string text) {
    text.erase(0, text.find_first_not_of(" \t\r\n\"'"));
    text.erase(text.find_last_not_of(" \t\r\n\"'") + 1);
    if (const auto seconds = parse_finite_number(text); seconds && *seconds > 0) return *seconds;
    throw ConfigError(fmt::format("{}: the time limit must be a number of seconds > 0, got '{}'",
                                  file.string(), text));
  };
  if (auto text = read_file(dir / ".timelimit")) return parse(dir / ".timelimit", *text);
  const auto ini = read_file(dir / "domjudge-problem.ini");
  if (!ini) return std::nullopt;
  std::size_t start = 0;
  while (start < ini->size()) {
    const std::size_t end = std::min(ini->find('\n', start), ini->size());
    const std::string line = ini->substr(start, end - start);
    start = end + 1;
    const std::size_t equals = line.find('=');
    if (equals == std::string::npos) continue;
    const std::vector<std::string> key = split_words(line.substr(0, equals));
    if (key.size() == 1 && key[0] == "timelimit")
      return parse(dir / "domjudge-problem.ini", line.substr(equals + 1));
  }
  return std::nullopt;
}

std::int64_t whole(double value) { return static_cast<std::int64_t>(std::ceil(value - 1e-9)); }

TimeLimitRule read_time_rule(const YamlFile& yaml, bool legacy) {
  TimeLimitRule rule;
  const YAML::Node limits = yaml.root["limits"];
  if (!limits) {
    if (legacy) rule = {5.0, 2.0, 1.0};
    return rule;
  }
  if (legacy) {
    rule.ac_to_time_limit = limits["time_multiplier"]
        ? yaml_positive(limits["time_multiplier"], yaml, "limits.time_multiplier", "times")
        : 5.0;
    rule.time_limit_to_tle = limits["time_safety_margin"]
        ? yaml_positive(limits["time_safety_margin"], yaml, "limits.time_safety_margin", "times")
        : 2.0;
    return rule;
  }
  if (const YAML::Node multipliers = limits["time_multipliers"]) {
    if (multipliers["ac_to_time_limit"])
      rule.ac_to_time_limit = yaml_positive(multipliers["ac_to_time_limit"], yaml,
                                            "limits.time_multipliers.ac_to_time_limit", "times");
    if (multipliers["time_limit_to_tle"])
      rule.time_limit_to_tle = yaml_positive(multipliers["time_limit_to_tle"], yaml,
                                             "limits.time_multipliers.time_limit_to_tle", "times");
  }
  if (limits["time_resolution"])
    rule.resolution_s = yaml_positive(limits["time_resolution"], yaml, "limits.time_resolution", "seconds");
  return rule;
}

void read_time_limit(const YamlFile& yaml, bool legacy, const fs::path& dir, Problem& problem) {
  const YAML::Node limits = yaml.root["limits"];
  std::optional<double> seconds;
  if (!legacy && limits && limits["time_limit"])
    seconds = yaml_positive(limits["time_limit"], yaml, "limits.time_limit", "seconds");
  const std::optional<double> beside = time_limit_beside(dir);
  if (seconds && beside && std::abs(*seconds - *beside) > 1e-9)
    problem.notes.push_back(fmt::format(
        "problem.yaml gives the time limit {:g} s; the {:g} s of .timelimit or "
        "domjudge-problem.ini is ignored",
        *seconds, *beside));
  if (!seconds) seconds = beside;
  const TimeLimitRule rule = read_time_rule(yaml, legacy);
  problem.time_multipliers = rule;
  if (!seconds) {
    problem.time_limit_rule = rule;
    problem.limits.cpu_ms = placeholder_time_limit_ms;
    problem.notes.push_back(fmt::format(
        "the package gives no time limit: judge verify infers it from the example submissions "
        "(ac_to_time_limit {:g}, time_limit_to_tle {:g}, resolution {:g} s); until then runs use "
        "{} ms",
        rule.ac_to_time_limit, rule.time_limit_to_tle, rule.resolution_s, placeholder_time_limit_ms));
    return;
  }
  problem.limits.cpu_ms = whole(*seconds * 1000);
  const double multiples = *seconds / rule.resolution_s;
  if (!legacy && std::abs(multiples - std::round(multiples)) > 1e-6)
    problem.warnings.push_back(fmt::format(
        "problem.yaml: limits.time_limit {:g} s is not a multiple of time_resolution {:g} s "
        "(the specification calls that an error; the limit is used as given)",
        *seconds, rule.resolution_s));
}

std::int64_t mib_limit(const YamlFile& yaml, const char* key, std::int64_t fallback_mib) {
  const YAML::Node limits = yaml.root["limits"];
  if (!limits || !limits[key]) return fallback_mib * 1024;
  return whole(yaml_positive(limits[key], yaml, std::string("limits.") + key, "MiB") * 1024);
}

void read_limits(const YamlFile& yaml, bool legacy, const ProblemKind& kind, const fs::path& dir,
                 Problem& problem) {
  const YAML::Node limits = yaml.root["limits"];
  if (limits && !limits.IsMap()) throw ConfigError(yaml.where("limits") + "must be a map");
  read_time_limit(yaml, legacy, dir, problem);
  Limits& out = problem.limits;
  out.wall_ms = default_wall_ms(out.cpu_ms);
  out.memory_kib = mib_limit(yaml, "memory", 2048);
  out.output_kib = mib_limit(yaml, "output", 8);
  out.interactor_memory_kib = mib_limit(yaml, "validation_memory", 2048);
  out.interactor_cpu_ms = limits && limits["validation_time"]
      ? whole(yaml_positive(limits["validation_time"], yaml, "limits.validation_time", "seconds") * 1000)
      : 60000;
  out.passes = 1;
  if (kind.multi_pass) {
    out.passes = 2;
    if (limits && limits["validation_passes"]) {
      const double passes = yaml_number(limits["validation_passes"], yaml, "limits.validation_passes");
      if (passes < 2 || passes != std::floor(passes))
        throw ConfigError(yaml.where("limits.validation_passes") +
                          fmt::format("must be a whole number >= 2, got {:g}", passes));
      out.passes = static_cast<std::int64_t>(passes);
    }
  }
}

// The program in a validator folder of the other layout: output_validators/ holds
// one program (legacy); an output_validator/ holding only one folder is that folder
// (a transitional layout seen in problemtools' own example).
fs::path only_program_in(const fs::path& folder) {
  std::vector<fs::path> programs;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (!name.empty() && name[0] != '.') programs.push_back(entry.path());
  }
  std::sort(programs.begin(), programs.end());
  if (programs.size() == 1) return programs[0];
  std::string names;
  for (const auto& program : programs) names += " " + program.filename().string();
  throw ConfigError(fmt::format(
      "{} must hold exactly one output validator (a file or a folder); it holds{}",
      folder.string(), programs.empty() ? " nothing" : names));
}

// The names of a folder's entries when they are all files, at least two (else empty):
// a legacy output_validators/ that holds one program's files directly (interactor.cpp
// beside the testlib.h it includes), which DOMjudge builds as one program.
std::vector<std::string> files_only_in(const fs::path& folder) {
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    if (!entry.is_regular_file()) return {};
    names.push_back(name);
  }
  if (names.size() < 2) return {};
  std::sort(names.begin(), names.end());
  return names;
}

bool holds_one_folder_only(const fs::path& folder) {
  std::size_t entries = 0, folders = 0;
  for (const auto& entry : fs::directory_iterator(folder)) {
    const std::string name = entry.path().filename().string();
    if (name.empty() || name[0] == '.') continue;
    ++entries;
    folders += entry.is_directory() ? 1 : 0;
  }
  return entries == 1 && folders == 1;
}

// Both layouts are read in both versions (real packages mix them: DOMjudge's legacy
// hangman has output_validator/, BAPCtools' 2023-07 drafts output_validators/); the
// version's own layout first.
fs::path find_output_validator(const fs::path& dir, bool legacy, const ProblemKind& kind,
                               std::vector<std::string>& notes) {
  if (legacy && !kind.custom_validation)
    throw ConfigError(fmt::format(
        "{}/problem.yaml: validation is default: the problem is judged by the default output "
        "validator, which this judge does not run (it runs interactive and multi-pass problems "
        "with the package's own validator: validation: custom interactive)",
        dir.string()));
  const fs::path modern = dir / "output_validator";
  const fs::path old = dir / "output_validators";
  const bool has_modern = fs::exists(modern), has_old = fs::is_directory(old);
  std::optional<fs::path> found;
  if (has_modern && (!legacy || !has_old)) {
    found = fs::is_directory(modern) && holds_one_folder_only(modern) ? only_program_in(modern) : modern;
  } else if (has_old) {
    // Files directly in output_validators/ are one program's (its headers and helper
    // sources beside it), as DOMjudge builds the folder; problemtools would take each
    // source for a program of its own and skip the headers.
    const std::vector<std::string> files = files_only_in(old);
    if (!files.empty()) {
      notes.push_back(
          fmt::format("{} holds files only ({}): they are built as one program, as "
                      "DOMjudge builds the folder",
                      old.string(), fmt::join(files, " ")));
      return old;
    }
    found = only_program_in(old);
  }
  if (!found)
    throw ConfigError(fmt::format(
        "{} has no output validator ({}): this judge runs problems judged by the package's own "
        "validator, not the default one",
        dir.string(), legacy ? "output_validators/<name>/" : "output_validator/"));
  const bool own_layout = legacy ? found->parent_path() == old : *found == modern;
  if (!own_layout)
    notes.push_back(fmt::format("the output validator is {} (the {} layout is {})", found->string(),
                                legacy ? "legacy" : "2023-07+",
                                legacy ? "output_validators/<name>/" : "output_validator/"));
  return *found;
}

nlohmann::json score_group_json(const ScoreGroup& group) {
  return {{"name", group.name},
          {"max_score", group.max_score ? nlohmann::json(*group.max_score) : nlohmann::json(nullptr)},
          {"aggregation", group.aggregation},
          {"require_pass", group.require_pass}};
}

// A legacy problem.yaml's `grading:` (objective, show_test_data_groups, and the
// older accept_score, reject_score, range, on_reject, which override every test data
// group's, as problemtools applies them).
struct LegacyGrading {
  std::string objective = "max";
  nlohmann::json overrides = nlohmann::json::object();
};

LegacyGrading read_legacy_grading(const YamlFile& yaml, std::vector<std::string>& warnings) {
  LegacyGrading grading;
  const YAML::Node node = yaml.root["grading"];
  if (!node) return grading;
  if (!node.IsMap()) throw ConfigError(yaml.where("grading") + "must be a map");
  static const std::set<std::string> known{
      "objective", "show_test_data_groups", "accept_score", "reject_score", "range", "on_reject"};
  for (const auto& key : unknown_keys(node, known))
    warnings.push_back(unknown_key_message(yaml.path, key, "grading.", known));
  if (node["objective"]) {
    grading.objective = yaml_string(node["objective"], yaml, "grading.objective");
    if (grading.objective != "max" && grading.objective != "min")
      throw ConfigError(yaml.where("grading.objective") + "must be max or min");
  }
  for (const char* key : {"accept_score", "reject_score"})
    if (node[key]) grading.overrides[key] = yaml_number(node[key], yaml, std::string("grading.") + key);
  if (node["range"])
    grading.overrides["range"] =
        parse_score_range(yaml_string(node["range"], yaml, "grading.range"), yaml.where("grading.range"));
  if (node["on_reject"]) {
    const std::string on_reject = yaml_string(node["on_reject"], yaml, "grading.on_reject");
    if (on_reject != "first_error" && on_reject != "worst_error" && on_reject != "grade")
      throw ConfigError(yaml.where("grading.on_reject") + "must be first_error, worst_error or grade");
    if (on_reject != "worst_error") grading.overrides["on_reject"] = on_reject == "grade" ? "continue" : "break";
  }
  return grading;
}

bool uses_custom_grading(const nlohmann::json& group) {
  if (group["grading"] == "custom") return true;
  for (const auto& item : group["items"])
    if (!item.is_string() && uses_custom_grading(item)) return true;
  return false;
}

// The custom grader of graders/ (the legacy specification: at most one program,
// scoring problems only), built; null without one.
nlohmann::json custom_grader_of(const fs::path& dir, const ProblemKind& kind, const PackageTestdata& testdata,
                                const fs::path& cache_dir) {
  std::vector<fs::path> programs;
  std::error_code ec;
  if (fs::is_directory(dir / "graders", ec))
    for (const auto& entry : fs::directory_iterator(dir / "graders", ec))
      if (!entry.path().filename().string().starts_with(".")) programs.push_back(entry.path());
  std::sort(programs.begin(), programs.end());
  if (programs.size() > 1)
    throw ConfigError(fmt::format("{} holds {} programs; the legacy specification allows at most one grader",
                                  (dir / "graders").string(), programs.size()));
  const bool custom = testdata.legacy_grading.is_object() && uses_custom_grading(testdata.legacy_grading);
  if (programs.empty()) {
    if (custom)
      throw ConfigError(
          fmt::format("a testdata.yaml of {} says grading: custom, but there is no grader in "
                      "graders/ (the legacy specification: a judge error)",
                      (dir / "data").string()));
    return nullptr;
  }
  if (!kind.scoring)
    throw ConfigError(
        fmt::format("{} is a grader, but the problem is pass-fail: graders are for scoring problems "
                    "(problem.yaml type: scoring)",
                    programs[0].string()));
  const BuiltProgram built = build_package_program(programs[0], cache_dir);
  return {{"name", fs::relative(programs[0], dir).string()},
          {"command", built.command},
          {"working_dir", built.working_dir.string()}};
}

nlohmann::json scoring_of(const ProblemKind& kind, bool legacy, const PackageTestdata& testdata,
                          const LegacyGrading& grading, const nlohmann::json& grader) {
  if (!kind.scoring) return {{"type", "all_or_nothing"}, {"max_score", 100}};
  if (legacy) return kattis_legacy_scoring(testdata.legacy_grading, grading.objective, grader);
  nlohmann::json scoring = {{"type", "icpc_groups"}, {"groups", nlohmann::json::array()}};
  scoring["secret"] = score_group_json(testdata.secret);
  for (const auto& group : testdata.groups) scoring["groups"].push_back(score_group_json(group));
  scoring["max_score"] = scoring["secret"]["max_score"].is_number() ? scoring["secret"]["max_score"]
                                                                     : nlohmann::json(0);
  return scoring;
}

// The input validators (`judge validate`): every program in input_validators/, or in
// input_format_validators/ (the legacy name), in name order. Built when run.
std::vector<fs::path> find_input_validators(const fs::path& dir) {
  std::vector<fs::path> validators;
  for (const char* folder : {"input_validators", "input_format_validators"}) {
    std::error_code ec;
    if (!fs::is_directory(dir / folder, ec)) continue;
    for (const auto& entry : fs::directory_iterator(dir / folder, ec))
      if (!entry.path().filename().string().starts_with(".")) validators.push_back(entry.path());
  }
  std::sort(validators.begin(), validators.end());
  return validators;
}

Problem read_package(const fs::path& dir, const PackageOptions& options) {
  const YamlFile yaml = YamlFile::load(dir / "problem.yaml");
  const bool legacy = read_version(yaml);
  Problem problem;
  problem.dir = dir;
  problem.format = legacy ? ProblemFormat::icpc_legacy : ProblemFormat::icpc;
  problem.convention = InteractorConvention::icpc;
  // ICPC validators know nothing of JUDGE_TRANSCRIPT_FILE: the judge relays and records.
  problem.interactor_writes_transcript = false;
  check_keys(yaml, legacy, problem.warnings);
  problem.name = read_name(yaml, dir);
  const ProblemKind kind = legacy ? read_legacy_kind(yaml) : read_modern_kind(yaml);
  problem.mode = kind.interactive ? PassMode::interactive : PassMode::offline;
  read_limits(yaml, legacy, kind, dir, problem);

  // Whether the package has a validator this judge runs, before its tests and their
  // scoring are read: a problem judged by the default validator is refused for that,
  // whatever else its data holds (problemtools' own oddecho example).
  const fs::path validator = find_output_validator(dir, legacy, kind, problem.notes);

  TestdataRules rules{legacy, {}, kind.scoring, nullptr};
  if (legacy && yaml.root["validator_flags"])
    rules.validator_flags = split_words(yaml_string(yaml.root["validator_flags"], yaml, "validator_flags"));
  const LegacyGrading grading = legacy ? read_legacy_grading(yaml, problem.warnings) : LegacyGrading{};
  rules.grading_overrides = grading.overrides;
  problem.testdata_dir = dir / "data";
  PackageTestdata testdata = list_package_tests(problem.testdata_dir, rules);
  problem.tests = std::move(testdata.tests);
  problem.notes.insert(problem.notes.end(), testdata.notes.begin(), testdata.notes.end());
  problem.warnings.insert(problem.warnings.end(), testdata.warnings.begin(), testdata.warnings.end());

  const nlohmann::json grader = legacy ? custom_grader_of(dir, kind, testdata, options.cache_dir) : nullptr;
  problem.scoring = scoring_of(kind, legacy, testdata, grading, grader);
  try {
    validate_scoring(problem.scoring);
  } catch (const ConfigError& error) {
    throw ConfigError(fmt::format("{}: {}", (dir / "data").string(), error.what()));
  }
  if (fs::is_directory(dir / "submissions")) problem.submissions_dir = dir / "submissions";
  if (fs::is_directory(dir / "include")) problem.include_dir = dir / "include";

  problem.input_validators = find_input_validators(dir);
  check_optional_parts(dir, problem);
  const BuiltProgram built = build_package_program(validator, options.cache_dir);
  problem.interactor_command = built.command;
  problem.interactor_working_dir = built.working_dir;
  for (const auto& note : built.notes)
    problem.notes.push_back(fmt::format("output validator {}: {}", validator.string(), note));
  return problem;
}

}  // namespace

Problem load_icpc_package(const fs::path& package_dir, const PackageOptions& options) {
  const fs::path dir = fs::absolute(package_dir).lexically_normal();
  try {
    return read_package(dir, options);
  } catch (const YAML::Exception& error) {
    // A node of an unexpected shape that a check above let through: still the
    // package's mistake, not the judge's.
    throw ConfigError(fmt::format("{}: a YAML file has an unexpected structure: {}", dir.string(),
                                  error.what()));
  }
}

}  // namespace judge
