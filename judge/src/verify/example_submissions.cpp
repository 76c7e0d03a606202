#include "verify/example_submissions.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <limits>
#include <map>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/parse_number.hpp"
#include "base/text_file.hpp"
#include "base/yaml_file.hpp"
#include "verify/path_glob.hpp"
#include "verify/tps_solutions.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

using VerdictSet = std::set<Verdict>;
const VerdictSet every_class{Verdict::AC, Verdict::WA, Verdict::TLE, Verdict::RTE};
// DOMjudge (and BAPCtools) ignore an @EXPECTED_RESULTS@ tag in these folders.
const std::set<std::string> standard_folders{"accepted", "wrong_answer", "time_limit_exceeded",
                                             "run_time_error"};

// The folder's own rule in an ICPC package: 2025-09 "Default directories"; the legacy
// specification's words for a legacy package ("time_limit_exceeded: may also give
// wrong answer but not crash", "run_time_error: crashes for some test case").
std::optional<ExpectationRule> icpc_folder_rule(const std::string& folder, bool legacy) {
  ExpectationRule rule;
  rule.origin = "folder " + folder + "/";
  rule.permitted = every_class;
  if (folder == "accepted" || folder == "partially_accepted") {
    rule.permitted = {Verdict::AC};
    rule.score_below_max = folder == "partially_accepted";
  } else if (folder == "rejected") {
    rule.required = {Verdict::WA, Verdict::TLE, Verdict::RTE};
  } else if (folder == "wrong_answer") {
    rule.permitted = {Verdict::AC, Verdict::WA};
    rule.required = {Verdict::WA};
  } else if (folder == "time_limit_exceeded") {
    rule.permitted = legacy ? VerdictSet{Verdict::AC, Verdict::WA, Verdict::TLE}
                            : VerdictSet{Verdict::AC, Verdict::TLE};
    rule.required = {Verdict::TLE};
  } else if (folder == "run_time_error") {
    if (!legacy) rule.permitted = {Verdict::AC, Verdict::RTE};
    rule.required = {Verdict::RTE};
  } else if (folder == "brute_force") {
    rule.permitted = {Verdict::AC, Verdict::RTE, Verdict::TLE};
    rule.required = {Verdict::RTE, Verdict::TLE};
  } else {
    return std::nullopt;
  }
  return rule;
}

std::string lowercase(std::string text) {
  std::transform(text.begin(), text.end(), text.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return text;
}

// The text after "@EXPECTED_RESULTS@:" on its line, in the first file of the
// submission that has one (the search is case-insensitive, as DOMjudge's).
std::optional<std::pair<fs::path, std::string>> find_tag(const fs::path& submission) {
  std::vector<fs::path> files;
  if (fs::is_directory(submission)) {
    for (const auto& entry : fs::recursive_directory_iterator(submission))
      if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  } else {
    files.push_back(submission);
  }
  static const std::string marker = "@expected_results@:";
  for (const auto& file : files) {
    const std::string text = read_file(file).value_or("");
    const std::size_t at = lowercase(text).find(marker);
    if (at == std::string::npos) continue;
    const std::size_t start = at + marker.size();
    const std::size_t end = std::min(text.find('\n', start), text.size());
    return std::pair{file, text.substr(start, end - start)};
  }
  return std::nullopt;
}

// The rule of a tag "CORRECT, WRONG-ANSWER": every test AC or a listed verdict and,
// unless CORRECT is listed, one test with a listed verdict (BAPCtools: "the final
// verdict must be in this list").
// No rule when the tag names no verdict.
std::optional<ExpectationRule> tag_rule(const fs::path& file, const std::string& text,
                                        std::vector<std::string>& notes) {
  static const std::map<std::string, Verdict> tokens{
      {"CORRECT", Verdict::AC}, {"ACCEPTED", Verdict::AC},
      {"WRONG-ANSWER", Verdict::WA}, {"WRONG_ANSWER", Verdict::WA}, {"NO-OUTPUT", Verdict::WA},
      {"TIMELIMIT", Verdict::TLE}, {"TIME-LIMIT", Verdict::TLE}, {"TIME_LIMIT_EXCEEDED", Verdict::TLE},
      {"RUN-ERROR", Verdict::RTE}, {"RUN_TIME_ERROR", Verdict::RTE},
      {"OUTPUT-LIMIT", Verdict::RTE}, {"MEMORY-LIMIT", Verdict::RTE},
      {"COMPILER-ERROR", Verdict::CE}};
  ExpectationRule rule;
  rule.origin = fmt::format("@EXPECTED_RESULTS@ in {}", file.filename().string());
  std::string cleaned = text;
  std::replace(cleaned.begin(), cleaned.end(), ',', ' ');
  for (std::string token : split_words(cleaned)) {
    std::transform(token.begin(), token.end(), token.begin(),
                   [](unsigned char c) { return static_cast<char>(std::toupper(c)); });
    if (auto found = tokens.find(token); found != tokens.end()) rule.required.insert(found->second);
    else if (token != "CHECK-MANUALLY" && token != "*/" && token != "-->")
      notes.push_back(fmt::format("{}: \"{}\" in its @EXPECTED_RESULTS@ tag is not a verdict (ignored)",
                                  file.string(), token));
  }
  if (rule.required.empty()) return std::nullopt;
  rule.permitted = rule.required;
  rule.permitted.insert(Verdict::AC);
  if (rule.required.contains(Verdict::AC)) rule.required.clear();
  return rule;
}

// The keys of one submissions.yaml entry (2025-09 "Example submissions") that are not
// test groups.
const std::set<std::string> entry_keys{"language", "entrypoint", "authors", "model_solution",
                                       "permitted", "required", "score", "message",
                                       "use_for_time_limit"};
const std::set<std::string> rule_keys{"permitted", "required", "score", "message",
                                      "use_for_time_limit"};

// What one map of submissions.yaml says about verdicts (absent keys: nullopt).
struct RuleFields {
  std::optional<VerdictSet> permitted, required;
  std::optional<std::pair<double, double>> score;
  std::optional<std::string> message;
  std::optional<TimeLimitUse> time_limit;
  bool any() const { return permitted || required || score || message || time_limit; }
};

VerdictSet verdicts_at(const YAML::Node& node, const YamlFile& file, const std::string& key) {
  VerdictSet verdicts;
  for (const auto& name : yaml_string_list(node, file, key)) {
    const auto verdict = parse_verdict(name);
    if (!verdict || !every_class.contains(*verdict))
      throw ConfigError(file.where(key) + fmt::format("holds '{}': verdicts are AC, WA, TLE and RTE", name));
    verdicts.insert(*verdict);
  }
  return verdicts;
}

TimeLimitUse time_limit_use_at(const YAML::Node& node, const YamlFile& file, const std::string& key) {
  const std::string value = yaml_string(node, file, key);
  if (value == "lower") return TimeLimitUse::lower;
  if (value == "upper") return TimeLimitUse::upper;
  bool use = true;
  if (!YAML::convert<bool>::decode(node, use))
    throw ConfigError(file.where(key) + fmt::format("must be true, false, lower or upper, got '{}'", value));
  return use ? TimeLimitUse::automatic : TimeLimitUse::none;
}

RuleFields read_fields(const YAML::Node& map, const YamlFile& file, const std::string& prefix) {
  RuleFields fields;
  if (map["permitted"]) fields.permitted = verdicts_at(map["permitted"], file, prefix + "permitted");
  if (map["required"]) fields.required = verdicts_at(map["required"], file, prefix + "required");
  if (const YAML::Node score = map["score"]) {
    if (score.IsSequence()) {
      const auto range = yaml_string_list(score, file, prefix + "score");
      if (range.size() != 2) throw ConfigError(file.where(prefix + "score") + "must be a number or [low, high]");
      fields.score = {yaml_number(score[0], file, prefix + "score"), yaml_number(score[1], file, prefix + "score")};
    } else {
      const double value = yaml_number(score, file, prefix + "score");
      fields.score = {value, value};
    }
  }
  if (map["message"]) fields.message = yaml_string(map["message"], file, prefix + "message");
  if (map["use_for_time_limit"])
    fields.time_limit = time_limit_use_at(map["use_for_time_limit"], file, prefix + "use_for_time_limit");
  return fields;
}

// A rule from fields, over the defaults of the specification (permitted: every
// verdict; required: nothing). use_for_time_limit lower/upper is also a constraint
// ("equivalent to permitted: [AC, WA, RTE]" / "required: [TLE]"): a second rule.
void add_rules(const RuleFields& fields, ExpectationRule base, std::vector<ExpectationRule>& rules) {
  if (fields.permitted) base.permitted = *fields.permitted;
  if (fields.required) base.required = *fields.required;
  if (fields.score) base.score = fields.score;
  if (fields.message) base.message = *fields.message;
  const TimeLimitUse use = fields.time_limit.value_or(base.time_limit);
  base.time_limit = use == TimeLimitUse::none ? TimeLimitUse::none : TimeLimitUse::automatic;
  rules.push_back(base);
  if (use == TimeLimitUse::lower || use == TimeLimitUse::upper) {
    ExpectationRule bound = base;
    bound.origin += " use_for_time_limit";
    bound.permitted = use == TimeLimitUse::lower ? VerdictSet{Verdict::AC, Verdict::WA, Verdict::RTE} : every_class;
    bound.required = use == TimeLimitUse::upper ? VerdictSet{Verdict::TLE} : VerdictSet{};
    bound.score.reset();
    bound.message.clear();
    bound.time_limit = use;
    rules.push_back(bound);
  }
}

// One top-level entry of submissions.yaml.
struct YamlEntry {
  std::string glob;
  std::vector<ExpectationRule> rules;
  RuleFields own;  // its own fields (a default folder's override uses them)
  std::optional<std::string> language, entrypoint;
  std::optional<bool> model_solution;
  bool matched = false;
};

YamlEntry read_entry(const std::string& glob, const YAML::Node& value, const YamlFile& file,
                     std::vector<std::string>& notes) {
  YamlEntry entry{glob, {}, {}, {}, {}, {}, false};
  if (!value.IsMap()) throw ConfigError(file.where("'" + glob + "'") + "must be a map of keys");
  const std::string prefix = glob + ".";
  entry.own = read_fields(value, file, prefix);
  if (value["language"]) entry.language = yaml_string(value["language"], file, prefix + "language");
  if (value["entrypoint"]) entry.entrypoint = yaml_string(value["entrypoint"], file, prefix + "entrypoint");
  if (value["model_solution"]) entry.model_solution = yaml_bool(value["model_solution"], file, prefix + "model_solution");
  ExpectationRule base;
  base.origin = fmt::format("submissions.yaml '{}'", glob);
  base.permitted = every_class;
  if (entry.own.any()) add_rules(entry.own, base, entry.rules);
  for (const auto& key : yaml_map_keys(value, file, glob)) {
    if (entry_keys.contains(key)) continue;
    const YAML::Node group = value[key];
    if (!group.IsMap())
      throw ConfigError(file.where(prefix + key) +
                        "is not a key of a submission entry; as a test group it must be a map "
                        "of permitted, required, score, message, use_for_time_limit");
    for (const auto& unknown : unknown_keys(group, rule_keys, prefix + key + "."))
      notes.push_back(fmt::format("{}: unknown key \"{}\" (ignored)", file.path.string(), unknown));
    RuleFields fields = read_fields(group, file, prefix + key + ".");
    if (fields.score) {
      notes.push_back(fmt::format("{}: {}.score is a group's score, which is not checked (the "
                                  "judge reports one score per run)",
                                  file.path.string(), prefix + key));
      fields.score.reset();
    }
    ExpectationRule scoped = base;
    scoped.origin = fmt::format("submissions.yaml '{}' {}", glob, key);
    scoped.tests = {key};
    add_rules(fields, scoped, entry.rules);
  }
  return entry;
}

std::vector<YamlEntry> read_submissions_yaml(const fs::path& path, std::vector<std::string>& notes) {
  std::vector<YamlEntry> entries;
  if (!fs::is_regular_file(path)) return entries;
  const YamlFile file = YamlFile::load(path);
  for (const auto& glob : yaml_map_keys(file.root, file, "the top"))
    entries.push_back(read_entry(glob, file.root[glob], file, notes));
  return entries;
}

bool is_submission_name(const std::string& name, bool is_folder) {
  if (name.empty() || name[0] == '.' || name.ends_with(".disabled")) return false;
  if (is_folder) return true;
  const std::string lower = lowercase(name);
  return !lower.starts_with("readme") && !lower.ends_with(".md") && !lower.ends_with(".txt");
}

// submissions/<folder>/<entry>, in name order, with notes on what is left out.
std::vector<ExampleSubmission> find_submissions(const fs::path& root, std::vector<std::string>& notes) {
  std::vector<ExampleSubmission> found;
  std::vector<fs::path> folders;
  for (const auto& entry : fs::directory_iterator(root)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_directory()) {
      if (!name.empty() && name[0] != '.') folders.push_back(entry.path());
    } else if (name == "expectations.yaml" || name == "submissions.json") {
      notes.push_back(fmt::format("{} is not read (this judge reads submissions.yaml and "
                                  "@EXPECTED_RESULTS@ tags)",
                                  entry.path().string()));
    } else if (name != "submissions.yaml" && is_submission_name(name, false)) {
      notes.push_back(fmt::format("{} is not in a folder below submissions/: not a submission",
                                  entry.path().string()));
    }
  }
  std::sort(folders.begin(), folders.end());
  for (const auto& folder : folders) {
    std::vector<fs::path> entries;
    for (const auto& entry : fs::directory_iterator(folder))
      if (is_submission_name(entry.path().filename().string(), entry.is_directory()))
        entries.push_back(entry.path());
    std::sort(entries.begin(), entries.end());
    for (const auto& path : entries) {
      ExampleSubmission submission;
      submission.path = path;
      submission.folder = folder.filename().string();
      submission.name = submission.folder + "/" + path.filename().string();
      found.push_back(std::move(submission));
    }
  }
  return found;
}

// The score range of an expect-score line after its colon: "34..45" (the documented
// form), "34 .. 45" or "34 45"; the rest of the line may be a comment. nullopt for
// anything else (one number, a word, an infinity).
std::optional<std::pair<double, double>> parse_expect_score(const std::string& text) {
  std::vector<std::string> words = split_words(text);
  if (!words.empty()) {
    const std::size_t dots = words[0].find("..");
    if (dots != std::string::npos && dots > 0 && dots + 2 < words[0].size()) {
      words.insert(words.begin() + 1, words[0].substr(dots + 2));
      words[0].resize(dots);
    } else if (words.size() >= 3 && words[1] == "..") {
      words.erase(words.begin() + 1);
    }
  }
  const auto low = words.size() >= 2 ? parse_finite_number(words[0]) : std::nullopt;
  const auto high = words.size() >= 2 ? parse_finite_number(words[1]) : std::nullopt;
  if (!low || !high) return std::nullopt;
  return std::pair{*low, *high};
}

// "expect-score: MIN..MAX" (or "MIN MAX") anywhere in a submission's source, after
// "//" or "#" (the first such line; of a folder submission, the first file in path
// order that has one): the score's range. Throws ConfigError for a line that is not
// two numbers, naming the file and quoting the line.
std::optional<std::pair<double, double>> expect_score_of(const fs::path& submission) {
  std::vector<fs::path> files{submission};
  if (fs::is_directory(submission)) {
    files.clear();
    for (const auto& entry : fs::recursive_directory_iterator(submission))
      if (entry.is_regular_file()) files.push_back(entry.path());
    std::sort(files.begin(), files.end());
  }
  static constexpr std::string_view marker = "expect-score:";
  for (const fs::path& file : files) {
    std::ifstream source(file);
    for (std::string line; std::getline(source, line);) {
      const std::size_t at = line.find(marker);
      if (at == std::string::npos) continue;
      const auto range = parse_expect_score(line.substr(at + marker.size()));
      if (!range)
        throw ConfigError(
            fmt::format("{}: expect-score needs two numbers, \"expect-score: 34..45\" or "
                        "\"expect-score: 34 45\": {}",
                        file.string(), line));
      return range;
    }
  }
  return std::nullopt;
}

// problem.json problems: the folder is the exact verdict (solutions/CMakeLists.txt).
void add_native_rules(ExampleSubmission& submission) {
  ExpectationRule rule;
  rule.origin = "folder " + submission.folder + "/";
  rule.scheme = VerdictScheme::exact;
  if (submission.folder == "partially_accepted") {
    rule.permitted = {Verdict::AC};
    rule.score_below_max = true;
  } else if (const auto verdict = verdict_from_folder(submission.folder);
             verdict && *verdict != Verdict::JE) {
    rule.permitted = {Verdict::AC, *verdict};
    if (*verdict != Verdict::AC) rule.required = {*verdict};
    if (*verdict == Verdict::CE) rule.permitted = {Verdict::CE};
  } else {
    throw ConfigError(fmt::format(
        "{}: folder '{}' names no verdict (use accepted, wrong_answer, presentation_error, "
        "query_limit_exceeded, time_limit_exceeded, idle_limit_exceeded, memory_limit_exceeded, "
        "output_limit_exceeded, run_time_error, compile_error or partially_accepted)",
        submission.path.string(), submission.folder));
  }
  if (const auto range = expect_score_of(submission.path)) {
    rule.score = range;
    rule.score_below_max = false;
  }
  submission.rules.push_back(std::move(rule));
}

// An ICPC package's or a CMS task's submission with an expect-score line: one more
// rule, the score range alone, beside its folder's (and submissions.yaml's) rules. The
// range replaces partially_accepted/'s "below the maximum", as in a problem.json
// problem.
void add_expect_score_rule(ExampleSubmission& submission) {
  const auto range = expect_score_of(submission.path);
  if (!range) return;
  for (ExpectationRule& rule : submission.rules) rule.score_below_max = false;
  ExpectationRule rule;
  rule.origin = "expect-score line";
  rule.permitted = every_class;
  rule.score = range;
  submission.rules.push_back(std::move(rule));
}

// An entry that says only `use_for_time_limit: false` for a whole submission opts it
// out of the time limit, its folder's rule included. Read literally, the
// specification wants the flag beside the folder rule's own key; but an entry with
// nothing else has no other meaning, and real packages write it so (a TLE
// submission that only waits uses no CPU time).
void opt_out_of_time_limit(ExampleSubmission& submission, const std::vector<YamlEntry>& entries) {
  for (const auto& entry : entries) {
    const RuleFields& own = entry.own;
    if (own.time_limit != TimeLimitUse::none || own.permitted || own.required) continue;
    if (!glob_matches_path(entry.glob, submission.name)) continue;
    for (auto& rule : submission.rules)
      if (rule.tests.empty()) rule.time_limit = TimeLimitUse::none;
  }
}

void add_package_rules(ExampleSubmission& submission, bool legacy, std::vector<YamlEntry>& entries) {
  std::vector<ExpectationRule> folder_rules;
  if (auto folder_rule = icpc_folder_rule(submission.folder, legacy)) {
    for (auto& entry : entries) {  // a key that is a default folder's name changes its default
      if (entry.glob != submission.folder) continue;
      entry.matched = true;
      folder_rule->origin = fmt::format("folder {}/ as submissions.yaml changes it", submission.folder);
      add_rules(entry.own, *folder_rule, folder_rules);
    }
    if (folder_rules.empty()) folder_rules.push_back(*folder_rule);
  }
  if (auto tag = find_tag(submission.path)) {
    if (standard_folders.contains(submission.folder)) {
      submission.notes.push_back(fmt::format(
          "its @EXPECTED_RESULTS@ tag is ignored in {}/ (the folder decides, as in DOMjudge)",
          submission.folder));
    } else if (auto rule = tag_rule(tag->first, tag->second, submission.notes)) {
      folder_rules = {*rule};
    }
  }
  submission.rules = folder_rules;
  for (auto& entry : entries) {
    if (!glob_matches_path(entry.glob, submission.name)) continue;
    entry.matched = true;
    // A default folder's own fields went into its rule above; its test groups add.
    const bool changes_default = entry.glob == submission.folder && icpc_folder_rule(submission.folder, legacy);
    for (const auto& rule : entry.rules)
      if (!changes_default || !rule.tests.empty()) submission.rules.push_back(rule);
    if (entry.language) submission.language = *entry.language;
    if (entry.entrypoint) submission.entrypoint = *entry.entrypoint;
    if (entry.model_solution) submission.model_solution = *entry.model_solution;
  }
  opt_out_of_time_limit(submission, entries);
  add_expect_score_rule(submission);
  if (submission.rules.empty())
    submission.notes.push_back(fmt::format(
        "nothing is expected of it: {}/ is not a folder the specification knows, and no "
        "submissions.yaml entry or @EXPECTED_RESULTS@ tag says what it must get",
        submission.folder));
}

void note_unmatched(const std::vector<YamlEntry>& entries, const Problem& problem,
                    std::vector<std::string>& notes) {
  for (const auto& entry : entries) {
    if (!entry.matched)
      notes.push_back(fmt::format("submissions.yaml: '{}' matches no submission", entry.glob));
    for (const auto& rule : entry.rules)
      for (const auto& glob : rule.tests)
        if (std::none_of(problem.tests.begin(), problem.tests.end(),
                         [&](const TestCase& test) { return glob_matches_path(glob, test.name); }))
          notes.push_back(fmt::format("submissions.yaml: '{}' {} matches no test", entry.glob, glob));
  }
}

// A Polygon solution's tag as a rule over the judge's fine verdicts (exact scheme:
// a testlib problem has PE, and ILE is how a waiting TLE ends here).
std::optional<ExpectationRule> polygon_tag_rule(const std::string& tag) {
  using V = Verdict;
  const std::set<V> failures{V::WA, V::PE, V::QLE, V::TLE, V::ILE, V::MLE, V::OLE, V::RTE};
  const std::map<std::string, std::pair<std::set<V>, std::set<V>>> rules{
      // tag: permitted, required
      {"main", {{V::AC}, {}}},
      {"accepted", {{V::AC}, {}}},
      {"wrong-answer", {{V::AC, V::WA}, {V::WA}}},
      {"presentation-error", {{V::AC, V::PE}, {V::PE}}},
      {"time-limit-exceeded", {{V::AC, V::TLE, V::ILE}, {V::TLE, V::ILE}}},
      {"time-limit-exceeded-or-accepted", {{V::AC, V::TLE, V::ILE}, {}}},
      {"memory-limit-exceeded", {{V::AC, V::MLE}, {V::MLE}}},
      {"time-limit-exceeded-or-memory-limit-exceeded", {{V::AC, V::TLE, V::ILE, V::MLE}, {V::TLE, V::ILE, V::MLE}}},
      {"failed", {{V::AC, V::RTE}, {V::RTE}}},
  };
  ExpectationRule rule;
  rule.origin = "problem.xml tag " + tag;
  rule.scheme = VerdictScheme::exact;
  if (tag == "rejected") {
    rule.permitted = failures;
    rule.permitted.insert(V::AC);
    rule.required = failures;
    return rule;
  }
  const auto found = rules.find(tag);
  if (found == rules.end()) return std::nullopt;
  rule.permitted = found->second.first;
  rule.required = found->second.second;
  return rule;
}

// The solutions problem.xml lists, each with the rule of its tag.
std::vector<ExampleSubmission> tagged_submissions(const Problem& problem) {
  std::vector<ExampleSubmission> submissions;
  for (const auto& [path, tag] : problem.tagged_submissions) {
    if (tag == "do-not-run") continue;
    ExampleSubmission submission;
    submission.path = path;
    submission.name = path.lexically_relative(problem.dir).string();
    submission.folder = tag;
    if (auto rule = polygon_tag_rule(tag)) submission.rules.push_back(std::move(*rule));
    else submission.notes.push_back(fmt::format("tag '{}' is not known: nothing is expected", tag));
    submission.model_solution = tag == "main";
    submissions.push_back(std::move(submission));
  }
  return submissions;
}

}  // namespace

SubmissionListing read_example_submissions(const Problem& problem) {
  if (problem.format == ProblemFormat::tps) return read_tps_solutions(problem);  // solutions.json
  SubmissionListing listing;
  if (!problem.tagged_submissions.empty()) {
    listing.submissions = tagged_submissions(problem);
    return listing;
  }
  if (problem.submissions_dir.empty() || !fs::is_directory(problem.submissions_dir)) return listing;
  listing.submissions = find_submissions(problem.submissions_dir, listing.notes);
  const bool native = problem.format == ProblemFormat::native;
  std::vector<YamlEntry> entries;
  if (!native) entries = read_submissions_yaml(problem.submissions_dir / "submissions.yaml", listing.notes);
  const double max_score = problem.scoring.is_object() && problem.scoring.contains("max_score") &&
                                   problem.scoring["max_score"].is_number()
                               ? problem.scoring["max_score"].get<double>()
                               : 0;
  // An unbounded range has no maximum score: partially_accepted is any AC there
  // (problemtools' fully_accepted compares with the range's end).
  const bool unbounded = problem.scoring.is_object() && problem.scoring.value("unbounded", false);
  for (auto& submission : listing.submissions) {
    submission.max_score = unbounded ? std::numeric_limits<double>::infinity() : max_score;
    if (native) add_native_rules(submission);
    else add_package_rules(submission, problem.format == ProblemFormat::icpc_legacy, entries);
  }
  note_unmatched(entries, problem, listing.notes);
  return listing;
}

std::vector<ExampleSubmission> list_example_submissions(const Problem& problem) {
  return read_example_submissions(problem).submissions;
}

}  // namespace judge
