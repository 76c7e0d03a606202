#include "verify/tps_solutions.hpp"

#include <algorithm>
#include <set>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

using TpsVerdictSet = std::set<Verdict>;
const TpsVerdictSet tps_any_verdict{Verdict::AC, Verdict::WA, Verdict::TLE, Verdict::RTE};

// TPS's verdicts (docs/README.md "solutions.json", invoke_util.py): the required
// verdict classes of each; AC-only ones require nothing and permit only AC.
struct TpsVerdict {
  const char* name;
  TpsVerdictSet required;  // empty: every test AC
  bool scores_zero;        // the subtask's score is 0 when it is met (its worst test failed)
};
const std::vector<TpsVerdict> tps_verdicts{
    {"model_solution", {}, false},
    {"correct", {}, false},
    {"partially_correct", {}, false},
    {"incorrect", {Verdict::WA}, true},
    {"time_limit", {Verdict::TLE}, true},
    {"runtime_error", {Verdict::RTE}, true},
    {"memory_limit", {Verdict::RTE}, true},
    {"time_limit_and_runtime_error", {Verdict::TLE, Verdict::RTE}, true},
    {"failed", {Verdict::WA, Verdict::TLE, Verdict::RTE}, false},
    {"protocol_violation", {}, false},
};

const TpsVerdict* tps_find_verdict(const std::string& name) {
  for (const TpsVerdict& verdict : tps_verdicts)
    if (name == verdict.name) return &verdict;
  return nullptr;
}

std::string tps_known_verdicts() {
  std::string names;
  for (const TpsVerdict& verdict : tps_verdicts) names += (names.empty() ? "" : ", ") + std::string(verdict.name);
  return names;
}

bool tps_is_correct(const std::string& verdict) { return verdict == "correct" || verdict == "model_solution"; }

// The rule of `verdict` over `tests` (empty: every test); nullopt for
// protocol_violation, which the judge has no verdict for.
std::optional<ExpectationRule> tps_rule_of(const TpsVerdict& verdict, const std::string& origin,
                                           const std::vector<std::string>& tests) {
  if (std::string_view(verdict.name) == "protocol_violation") return std::nullopt;
  ExpectationRule rule;
  rule.origin = origin;
  rule.tests = tests;
  rule.required = verdict.required;
  rule.permitted = verdict.required.empty() ? TpsVerdictSet{Verdict::AC} : tps_any_verdict;
  return rule;
}

}  // namespace

std::vector<ExpectationRule> tps_solution_rules(const std::string& verdict,
                                                const std::map<std::string, std::string>& except,
                                                const std::vector<TpsSubtask>& subtasks, double max_score,
                                                std::vector<std::string>& notes) {
  auto lookup = [&](const std::string& name, const std::string& where) {
    const TpsVerdict* found = tps_find_verdict(name);
    if (!found)
      throw ConfigError(
          fmt::format("{}: \"{}\" is not a TPS verdict (TPS's are {})", where, name, tps_known_verdicts()));
    if (std::string_view(found->name) == "protocol_violation")
      notes.push_back(fmt::format("{}: protocol_violation is not checked: the judge has no such verdict", where));
    return found;
  };
  const TpsVerdict* overall = lookup(verdict, "verdict");
  for (const auto& [subtask, name] : except)
    if (std::none_of(subtasks.begin(), subtasks.end(), [&](const TpsSubtask& s) { return s.name == subtask; }))
      throw ConfigError(fmt::format("except names subtask \"{}\", which subtasks.json does not have", subtask));
  std::vector<ExpectationRule> rules;
  if (subtasks.empty()) {
    if (auto rule = tps_rule_of(*overall, fmt::format("solutions.json {}", verdict), {})) rules.push_back(*rule);
    if (tps_is_correct(verdict) && !rules.empty()) rules.back().score = {{max_score, max_score}};
    if (verdict == "partially_correct" && !rules.empty()) rules.back().score_below_max = true;
    return rules;
  }
  bool exact = true;
  double score = 0;
  std::size_t partial = 0;
  for (const TpsSubtask& subtask : subtasks) {
    const auto found = except.find(subtask.name);
    const std::string name = found == except.end() ? verdict : found->second;
    const TpsVerdict* expected = lookup(name, "subtask " + subtask.name);
    if (auto rule =
            tps_rule_of(*expected, fmt::format("solutions.json subtask {}: {}", subtask.name, name), subtask.tests))
      rules.push_back(*rule);
    if (tps_is_correct(name)) score += subtask.score;
    else if (!expected->scores_zero)
      exact = false;
    if (name == "partially_correct" && subtask.score > 0) ++partial;
  }
  ExpectationRule whole;
  whole.origin = "solutions.json, all subtasks";
  whole.permitted = {Verdict::AC, Verdict::WA, Verdict::TLE, Verdict::RTE};
  if (exact) whole.score = {{score, score}};
  else if (partial > 0 &&
           partial == static_cast<std::size_t>(std::count_if(subtasks.begin(), subtasks.end(),
                                                             [](const TpsSubtask& s) { return s.score > 0; })))
    whole.score_below_max = true;  // partially correct wherever there are points
  if (whole.score || whole.score_below_max) rules.push_back(whole);
  return rules;
}

namespace {

std::string tps_text_of(const nlohmann::ordered_json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

ExampleSubmission tps_read_entry(const Problem& problem, const fs::path& file, const std::string& name,
                                 const nlohmann::ordered_json& entry, const std::vector<TpsSubtask>& subtasks,
                                 double max_score) {
  const std::string where = fmt::format("TPS task: {}: \"{}\"", file.string(), name);
  if (!entry.is_object() || !entry.contains("verdict") || !entry["verdict"].is_string())
    throw ConfigError(where + " must be an object with a \"verdict\" (TPS's are " + tps_known_verdicts() + ")");
  std::map<std::string, std::string> except;
  if (entry.contains("except")) {
    if (!entry["except"].is_object())
      throw ConfigError(where + ": \"except\" must be an object of verdicts by subtask name");
    for (const auto& [subtask, verdict] : entry["except"].items()) except[subtask] = tps_text_of(verdict);
  }
  ExampleSubmission submission;
  submission.path = problem.submissions_dir / name;
  submission.name = (problem.submissions_dir.filename() / name).string();
  submission.folder = entry["verdict"].get<std::string>();
  submission.max_score = max_score;
  submission.model_solution = submission.folder == "model_solution";
  try {
    submission.rules = tps_solution_rules(submission.folder, except, subtasks, max_score, submission.notes);
  } catch (const ConfigError& error) {
    throw ConfigError(fmt::format("{}: {}", where, error.what()));
  }
  return submission;
}

}  // namespace

namespace {

// The CMS-ready layout's solutions/<verdict>/<file> (TPS's CMS exporter writes each
// solution in the folder of its solutions.json verdict, without its "except"): the
// verdict is the whole submission's (one rule over every test), since which subtasks
// were excepted is lost; "incorrect" is a WA somewhere, not on every subtask.
SubmissionListing tps_exported_solutions(const Problem& problem) {
  SubmissionListing listing;
  const double max_score = problem.scoring.value("max_score", 0.0);
  std::vector<fs::path> files;
  std::error_code ec;
  for (const auto& folder : fs::directory_iterator(problem.submissions_dir, ec))
    if (folder.is_directory())
      for (const auto& entry : fs::directory_iterator(folder.path(), ec))
        if (entry.is_regular_file()) files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  for (const fs::path& path : files) {
    ExampleSubmission submission;
    submission.path = path;
    submission.folder = path.parent_path().filename().string();
    submission.name = (problem.submissions_dir.filename() / submission.folder / path.filename()).string();
    submission.max_score = max_score;
    submission.model_solution = submission.folder == "model_solution";
    if (tps_find_verdict(submission.folder))
      submission.rules = tps_solution_rules(submission.folder, {}, {}, max_score, submission.notes);
    else
      submission.notes.push_back(fmt::format("nothing is expected of it: {}/ is not a TPS verdict (TPS's are {})",
                                             submission.folder, tps_known_verdicts()));
    listing.submissions.push_back(std::move(submission));
  }
  return listing;
}

}  // namespace

SubmissionListing read_tps_solutions(const Problem& problem) {
  SubmissionListing listing;
  const fs::path file = problem.dir / "solutions.json";
  if (problem.submissions_dir.empty()) return listing;
  if (!fs::is_regular_file(file)) return tps_exported_solutions(problem);
  nlohmann::ordered_json config;
  try {
    config = nlohmann::ordered_json::parse(read_file(file).value_or(""));
  } catch (const nlohmann::json::parse_error& error) {
    throw ConfigError(fmt::format("TPS task: {} is not valid JSON: {}", file.string(), error.what()));
  }
  if (!config.is_object())
    throw ConfigError(fmt::format("TPS task: {} must be an object of the solutions by file name", file.string()));
  const std::vector<TpsSubtask> subtasks = read_tps_subtasks(problem.dir);
  const double max_score = problem.scoring.value("max_score", 0.0);
  std::set<std::string> listed;
  for (const auto& [name, entry] : config.items()) {
    listed.insert(name);
    if (!fs::is_regular_file(problem.submissions_dir / name)) {
      listing.notes.push_back(fmt::format("{} lists {}, but {} is missing: not run", file.string(), name,
                                          (problem.submissions_dir / name).string()));
      continue;
    }
    listing.submissions.push_back(tps_read_entry(problem, file, name, entry, subtasks, max_score));
  }
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(problem.submissions_dir, ec))
    if (entry.is_regular_file() && !listed.contains(entry.path().filename().string()))
      listing.notes.push_back(fmt::format(
          "{} is not in solutions.json: not run (TPS gives each solution its verdict there)", entry.path().string()));
  return listing;
}

}  // namespace judge
