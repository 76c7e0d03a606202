#include "problem/icpc_testdata.hpp"

#include <algorithm>
#include <map>
#include <set>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/yaml_file.hpp"
#include "problem/kattis_grading.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// Keys of a test group's configuration over the versions this reader knows
// (2025-09 test_group.yaml, 2023-07 drafts, legacy and BAPCtools testdata.yaml).
// Others are noted, not refused: they changed between drafts.
const std::set<std::string> group_keys{
    "max_score", "score_aggregation", "static_validation_score", "require_pass", "args",
    "input_validator_args", "static_validator_args", "output_validator_args",
    "input_visualizer_args", "output_visualizer_args", "answer_validator_args", "full_feedback",
    "scoring", "static_validation", "hint", "description", "on_reject", "grading",
    "grader_flags", "input_validator_flags", "output_validator_flags", "accept_score",
    "reject_score", "range"};
const std::set<std::string> test_keys{
    "args", "input_validator_args", "output_validator_args", "input_visualizer_args",
    "output_visualizer_args", "answer_validator_args", "full_feedback", "hint", "description"};

// What a folder passes down to the tests below it.
struct Inherited {
  std::optional<std::vector<std::string>> validator_args;
  std::optional<std::vector<std::string>> input_validator_args;
  // Legacy scoring: the grading keys (kattis_grading.hpp's group fields but name
  // and items), problemtools' defaults at data/.
  nlohmann::json grading = {{"on_reject", "break"}, {"grading", "default"}, {"grader_flags", ""},
                            {"accept_score", 1.0},  {"reject_score", 0.0},  {"range", {nullptr, nullptr}}};
};

// A testdata.yaml's grading keys over the ones it inherits.
nlohmann::json read_grading_keys(const YamlFile& file, nlohmann::json grading) {
  if (const YAML::Node node = file.root["on_reject"]) {
    grading["on_reject"] = yaml_string(node, file, "on_reject");
    if (grading["on_reject"] != "break" && grading["on_reject"] != "continue")
      throw ConfigError(file.where("on_reject") + "must be break or continue");
  }
  if (const YAML::Node node = file.root["grading"]) {
    grading["grading"] = yaml_string(node, file, "grading");
    if (grading["grading"] != "default" && grading["grading"] != "custom")
      throw ConfigError(file.where("grading") + "must be default or custom");
  }
  if (const YAML::Node node = file.root["grader_flags"])
    grading["grader_flags"] = yaml_string(node, file, "grader_flags");
  for (const char* key : {"accept_score", "reject_score"})
    if (const YAML::Node node = file.root[key]) grading[key] = yaml_number(node, file, key);
  if (const YAML::Node node = file.root["range"])
    grading["range"] = parse_score_range(yaml_string(node, file, "range"), file.where("range"));
  return grading;
}

class TestdataWalker {
 public:
  TestdataWalker(const fs::path& data_dir, const TestdataRules& rules) : data_dir_(data_dir), rules_(rules) {}

  PackageTestdata run();

 private:
  std::optional<YamlFile> group_file(const fs::path& dir);
  Inherited configure(const fs::path& dir, const std::string& name, Inherited inherited);
  std::vector<std::string> validator_args_of(const YamlFile& file, const char* key);
  // The folder as a test data group (legacy scoring: its grading keys and items).
  nlohmann::json walk(const fs::path& dir, const std::string& name, const Inherited& inherited);
  nlohmann::json grading_group(const std::string& name, const Inherited& inherited);
  void add_test(const fs::path& input, const std::string& name, const Inherited& inherited);
  void read_score_group(const YamlFile& file, const std::string& name);
  void note_unknown_keys(const YamlFile& file, const std::set<std::string>& known);

  fs::path data_dir_;
  TestdataRules rules_;
  PackageTestdata result_;
  std::set<fs::path> walking_;  // canonical folders on the current path (symlink loops)
  std::vector<std::string> missing_answers_;
};

std::optional<YamlFile> TestdataWalker::group_file(const fs::path& dir) {
  const fs::path test_group = dir / "test_group.yaml";
  const fs::path testdata = dir / "testdata.yaml";
  const bool has_group = !rules_.legacy && fs::is_regular_file(test_group);
  const bool has_testdata = fs::is_regular_file(testdata);
  if (has_group && has_testdata)
    result_.notes.push_back(fmt::format("{} is ignored: {} is read instead", testdata.string(),
                                        test_group.string()));
  if (has_group) return YamlFile::load(test_group);
  if (has_testdata) return YamlFile::load(testdata);
  return std::nullopt;
}

void TestdataWalker::note_unknown_keys(const YamlFile& file, const std::set<std::string>& known) {
  for (const auto& key : unknown_keys(file.root, known))
    result_.warnings.push_back(unknown_key_message(file.path, key, "", known));
}

// Validator arguments as a file gives them: a list (2023-07+), or a string split on
// whitespace (legacy flags; older drafts and BAPCtools wrote args that way too).
std::vector<std::string> TestdataWalker::validator_args_of(const YamlFile& file, const char* key) {
  const YAML::Node value = file.root[key];
  if (value.IsSequence()) return yaml_string_list(value, file, key);
  if (value.IsMap()) {  // legacy: {name: VALIDATOR, flags: "..."}
    if (!value["flags"]) {
      result_.notes.push_back(fmt::format("{}: {} given per validator by name are not passed", file.path.string(), key));
      return {};
    }
    return split_words(yaml_string(value["flags"], file, std::string(key) + ".flags"));
  }
  if (!rules_.legacy && std::string_view(key) == "output_validator_args")
    result_.notes.push_back(fmt::format(
        "{}: output_validator_args is a string; it is split on whitespace (the "
        "specification asks for a list)",
        file.path.string()));
  return split_words(yaml_string(value, file, key));
}

Inherited TestdataWalker::configure(const fs::path& dir, const std::string& name, Inherited inherited) {
  const auto file = group_file(dir);
  if (!file) return inherited;
  note_unknown_keys(*file, group_keys);
  const char* key = rules_.legacy                               ? "output_validator_flags"
                    : file->root["output_validator_args"]       ? "output_validator_args"
                                                                : "output_validator_flags";
  if (file->root[key]) inherited.validator_args = validator_args_of(*file, key);
  const char* input_key = file->root["input_validator_args"] ? "input_validator_args" : "input_validator_flags";
  if (file->root[input_key]) inherited.input_validator_args = validator_args_of(*file, input_key);
  if (const YAML::Node args = file->root["args"]; args && args.size() > 0)
    result_.notes.push_back(fmt::format(
        "{}: args (command-line arguments for the submission) are not passed by this judge",
        file->path.string()));
  if (!rules_.legacy && (name == "secret" || name.starts_with("secret/")))
    read_score_group(*file, name);
  if (rules_.legacy && rules_.scoring) inherited.grading = read_grading_keys(*file, inherited.grading);
  return inherited;
}

void TestdataWalker::read_score_group(const YamlFile& file, const std::string& name) {
  ScoreGroup group{name, std::nullopt, "pass-fail", {}};
  if (name == "secret") group = result_.secret;
  if (const YAML::Node max = file.root["max_score"]) {
    if (max.IsScalar() && max.Scalar() == "unbounded") group.max_score = std::nullopt;
    else group.max_score = yaml_number(max, file, "max_score");
    if (group.max_score && *group.max_score < 0)
      throw ConfigError(file.where("max_score") + "must be >= 0 or unbounded");
  }
  if (const YAML::Node aggregation = file.root["score_aggregation"]) {
    group.aggregation = yaml_string(aggregation, file, "score_aggregation");
    if (group.aggregation != "pass-fail" && group.aggregation != "sum" && group.aggregation != "min")
      throw ConfigError(file.where("score_aggregation") +
                        fmt::format("must be pass-fail, sum or min, got '{}'", group.aggregation));
  }
  if (const YAML::Node require = file.root["require_pass"])
    group.require_pass = require.IsSequence() ? yaml_string_list(require, file, "require_pass")
                                              : std::vector{yaml_string(require, file, "require_pass")};
  if (name == "secret") result_.secret = group;
  else if (std::count(name.begin(), name.end(), '/') == 1) result_.groups.push_back(group);
}

void TestdataWalker::add_test(const fs::path& input, const std::string& name, const Inherited& inherited) {
  TestCase test;
  test.name = name;
  test.input = input;
  test.answer = fs::path(input).replace_extension(".ans");
  test.sample = name.starts_with("sample/");
  if (!fs::is_regular_file(test.answer)) {
    if (!rules_.legacy)
      throw ConfigError(fmt::format("test {} has no answer file {} (the specification requires "
                                    "one for every .in; it may be empty)",
                                    name, test.answer.string()));
    missing_answers_.push_back(name);
    test.answer = "/dev/null";
  }
  test.validator_args = rules_.validator_flags;
  if (inherited.validator_args)
    test.validator_args.insert(test.validator_args.end(), inherited.validator_args->begin(),
                               inherited.validator_args->end());
  if (inherited.input_validator_args) test.input_validator_runs = {*inherited.input_validator_args};
  const fs::path own = fs::path(input).replace_extension(".yaml");
  if (!rules_.legacy && fs::is_regular_file(own)) {
    const YamlFile file = YamlFile::load(own);
    note_unknown_keys(file, test_keys);
    if (file.root["output_validator_args"])
      test.validator_args = validator_args_of(file, "output_validator_args");
    if (file.root["input_validator_args"])
      test.input_validator_runs = {validator_args_of(file, "input_validator_args")};
    if (const YAML::Node args = file.root["args"]; args && args.size() > 0)
      result_.notes.push_back(fmt::format(
          "test {}: args (command-line arguments for the submission) are not passed by this judge",
          name));
  }
  if (fs::is_directory(fs::path(input).replace_extension(".files")))
    result_.notes.push_back(fmt::format(
        "test {}: its .files folder is not copied for the submission by this judge", name));
  result_.tests.push_back(std::move(test));
}

nlohmann::json TestdataWalker::grading_group(const std::string& name, const Inherited& inherited) {
  nlohmann::json group = inherited.grading;
  if (rules_.grading_overrides.is_object()) group.update(rules_.grading_overrides);
  group["name"] = name.empty() ? "data" : name;
  // problemtools' errors, which leave the grading well defined: warnings here.
  const std::vector<std::string> flags = split_words(group["grader_flags"].get<std::string>());
  if (rules_.legacy && rules_.scoring && group["grading"] == "default" &&
      std::find(flags.begin(), flags.end(), "ignore_sample") != flags.end()) {
    if (!name.empty())
      result_.warnings.push_back(fmt::format(
          "data/{}: grader_flags has ignore_sample (maybe inherited from data/testdata.yaml), which problemtools "
          "allows only at the top level: set this group's grader_flags",
          name));
    else if (group["on_reject"] == "break")
      result_.warnings.push_back(
          "data/testdata.yaml: grader_flags has ignore_sample with on_reject: break, so a rejected sample stops "
          "the secret tests from counting (problemtools calls it an error)");
  }
  group["items"] = nlohmann::json::array();
  return group;
}

nlohmann::json TestdataWalker::walk(const fs::path& dir, const std::string& name, const Inherited& parent) {
  std::error_code ec;
  const fs::path canonical = fs::canonical(dir, ec);
  if (walking_.contains(canonical))
    throw ConfigError(fmt::format("{} is a symbolic link loop (it leads back to {})", dir.string(),
                                  canonical.string()));
  walking_.insert(canonical);
  const Inherited inherited = configure(dir, name, parent);
  // Sort key: a test by its name without ".in", a folder by its name.
  std::map<std::string, std::vector<fs::path>> entries;
  std::set<std::string> inputs;
  std::vector<std::string> interactions;
  for (const auto& entry : fs::directory_iterator(dir)) {
    const std::string file = entry.path().filename().string();
    if (file.empty() || file[0] == '.') continue;  // the specification: as if absent
    if (entry.is_directory() && entry.path().extension() != ".files") {
      entries[file].push_back(entry.path());
    } else if (entry.is_regular_file() && entry.path().extension() == ".in") {
      entries[entry.path().stem().string()].push_back(entry.path());
      inputs.insert(entry.path().stem().string());
    } else if (entry.is_regular_file() && entry.path().extension() == ".interaction") {
      interactions.push_back(entry.path().stem().string());
    }
  }
  std::sort(interactions.begin(), interactions.end());
  for (const auto& stem : interactions)
    if (!inputs.contains(stem))
      result_.notes.push_back(fmt::format(
          "{} {}/{} has only an .interaction file: shown in statements, not run",
          name.starts_with("sample") ? "sample" : "test", name, stem));
  nlohmann::json group = grading_group(name, inherited);
  for (const auto& [key, paths] : entries) {
    for (const auto& path : paths) {
      if (path.extension() == ".in" && !fs::is_directory(path)) {
        add_test(path, name + "/" + key, inherited);
        group["items"].push_back(name + "/" + key);
      } else {
        group["items"].push_back(walk(path, name + "/" + key, inherited));
      }
    }
  }
  walking_.erase(canonical);
  return group;
}

PackageTestdata TestdataWalker::run() {
  result_.secret = {"secret", 100.0, "sum", {}};
  const Inherited root = configure(data_dir_, "", {});
  nlohmann::json data = grading_group("", root);
  for (const char* top : {"sample", "secret"})
    if (fs::is_directory(data_dir_ / top)) data["items"].push_back(walk(data_dir_ / top, top, root));
  if (rules_.legacy && rules_.scoring) result_.legacy_grading = std::move(data);
  const bool has_secret = std::any_of(result_.tests.begin(), result_.tests.end(),
                                      [](const TestCase& test) { return test.name.starts_with("secret/"); });
  if (!has_secret) {
    // BAPCtools judges such a package (its own test problems arrive so: git keeps no
    // empty folder); problemtools calls it an error. Judged, with the reason said.
    const bool generated = fs::exists(data_dir_.parent_path() / "generators" / "generators.yaml");
    const std::string why = fmt::format(
        "{} has no secret tests ({}: the specification requires data/secret with the secret tests){}",
        data_dir_.string(), fs::is_directory(data_dir_ / "secret") ? "data/secret is empty" : "no data/secret folder",
        generated ? "; the package has generators/generators.yaml: generate the tests first (BAPCtools: bt generate)"
                  : "");
    if (result_.tests.empty()) throw ConfigError(why + "; and no sample tests either: nothing to judge");
    result_.warnings.push_back(why + "; only the samples are judged");
  }
  if (!missing_answers_.empty())
    result_.notes.push_back(fmt::format(
        "{} test(s) have no .ans file and get /dev/null as the answer: {}", missing_answers_.size(),
        fmt::format("{}{}", missing_answers_.front(), missing_answers_.size() > 1 ? ", ..." : "")));
  return std::move(result_);
}

}  // namespace

PackageTestdata list_package_tests(const fs::path& data_dir, const TestdataRules& rules) {
  return TestdataWalker(data_dir, rules).run();
}

}  // namespace judge
