#include "problem/cms_scoring.hpp"

#include <algorithm>
#include <map>
#include <regex>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"

namespace judge {
namespace {

using nlohmann::json;

bool is_group_type(const std::string& type) {
  return type == "GroupMin" || type == "GroupMul" || type == "GroupThreshold";
}

// Python's re.match: the expression must match at the start of the name (not the
// whole name). CMS's expressions are simple enough for ECMAScript's syntax.
bool matches_at_start(const std::string& expression, const std::string& name) {
  try {
    return std::regex_search(name, std::regex(expression), std::regex_constants::match_continuous);
  } catch (const std::regex_error& error) {
    throw ConfigError(
        fmt::format("score type parameters: \"{}\" is not a regular expression ({})", expression, error.what()));
  }
}

// Each group's tests, by count or by expression (the header says how).
std::vector<std::vector<std::string>> group_targets(const json& parameters, const std::vector<std::string>& names) {
  const bool counts =
      std::all_of(parameters.begin(), parameters.end(), [](const json& group) { return group[1].is_number_integer(); });
  const bool expressions =
      std::all_of(parameters.begin(), parameters.end(), [](const json& group) { return group[1].is_string(); });
  if (!counts && !expressions)
    throw ConfigError(
        "score type parameters: the second value of every group must be a count of tests, or of "
        "every group a regular expression (CMS takes no mix)");
  std::vector<std::string> sorted = names;
  std::sort(sorted.begin(), sorted.end());
  std::vector<std::vector<std::string>> targets;
  std::size_t next = 0;
  for (const json& group : parameters) {
    std::vector<std::string> target;
    if (counts) {
      const auto count = group[1].get<std::int64_t>();
      for (std::int64_t i = 0; i < count && next < sorted.size(); ++i) target.push_back(sorted[next++]);
    } else {
      for (const std::string& name : sorted)
        if (matches_at_start(group[1].get<std::string>(), name)) target.push_back(name);
    }
    if (target.empty())
      throw ConfigError(
          fmt::format("score type parameters: group {} ({}) has no test", targets.size() + 1, json_text(group)));
    targets.push_back(std::move(target));
  }
  return targets;
}

double group_fraction(const std::string& type, const json& group, const std::vector<double>& outcomes) {
  if (type == "GroupMin") return *std::min_element(outcomes.begin(), outcomes.end());
  if (type == "GroupMul") {
    double product = 1;
    for (double outcome : outcomes) product *= outcome;
    return product;
  }
  const double threshold = group[2].get<double>();  // GroupThreshold
  return std::all_of(outcomes.begin(), outcomes.end(),
                     [&](double outcome) { return 0 < outcome && outcome <= threshold; })
             ? 1.0
             : 0.0;
}

void check_parameters(const std::string& type, const json& parameters) {
  if (type == "Sum") {
    if (!parameters.is_number() || parameters.get<double>() < 0)
      throw ConfigError(
          fmt::format("score type Sum takes one number >= 0 (what each test is worth), got {}", json_text(parameters)));
    return;
  }
  if (!is_group_type(type))
    throw ConfigError(
        fmt::format("score type \"{}\" is not supported (Sum, GroupMin, GroupMul, GroupThreshold)", type));
  const std::size_t width = type == "GroupThreshold" ? 3 : 2;
  const char* shape = type == "GroupThreshold" ? "[points, tests, threshold]" : "[points, tests]";
  if (!parameters.is_array() || parameters.empty())
    throw ConfigError(
        fmt::format("score type {} takes a list of groups {}, got {}", type, shape, json_text(parameters)));
  for (const json& group : parameters) {
    const bool ok = group.is_array() && group.size() == width && group[0].is_number() &&
                    (group[1].is_number_integer() || group[1].is_string()) && (width == 2 || group[2].is_number());
    if (!ok) throw ConfigError(fmt::format("score type {}: each group is {}, got {}", type, shape, json_text(group)));
  }
}

double max_score_of(const std::string& type, const json& parameters, std::size_t tests) {
  if (type == "Sum") return parameters.get<double>() * static_cast<double>(tests);
  double total = 0;
  for (const json& group : parameters) total += group[0].get<double>();
  return total;
}

// A group's verdict: AC only when it earned all its points and every test of it was
// accepted (a 0-point sample group whose test timed out earned its 0 points: TLE, not
// AC); "partial" for some of its points; else its first test not accepted.
std::string group_verdict(double points, double earned, const json& members) {
  std::string first_failure;
  for (const auto& member : members)
    if (member["verdict"] != "AC" && first_failure.empty()) first_failure = member["verdict"].get<std::string>();
  if (earned >= points && first_failure.empty()) return "AC";
  if (earned > 0) return "partial";
  return first_failure.empty() ? "not earned" : first_failure;
}

}  // namespace

json cms_scoring(const std::string& score_type, const json& parameters, const std::vector<std::string>& test_names) {
  check_parameters(score_type, parameters);
  if (is_group_type(score_type)) group_targets(parameters, test_names);
  return {{"type", "cms"},
          {"score_type", score_type},
          {"parameters", parameters},
          {"tests", test_names},
          {"max_score", max_score_of(score_type, parameters, test_names.size())}};
}

void validate_cms_scoring(const json& scoring) {
  if (!scoring.contains("score_type") || !scoring["score_type"].is_string() || !scoring.contains("parameters") ||
      !scoring.contains("tests") || !scoring["tests"].is_array())
    throw ConfigError("scoring type cms needs \"score_type\", \"parameters\" and \"tests\"");
  for (const json& name : scoring["tests"])
    if (!name.is_string()) throw ConfigError("scoring type cms: \"tests\" must be test names");
  check_parameters(scoring["score_type"].get<std::string>(), scoring["parameters"]);
}

Score cms_score(const json& scoring, const std::vector<ScoredTest>& tests, Score result) {
  const std::string type = scoring["score_type"].get<std::string>();
  const json& parameters = scoring["parameters"];
  const auto names = scoring["tests"].get<std::vector<std::string>>();
  std::map<std::string, double> outcomes;  // of the tests that ran; the others are 0
  std::map<std::string, std::string> verdicts;
  for (const ScoredTest& test : tests) {
    const json& reported = test.interactor_result;
    const bool has = reported.is_object() && reported.contains("outcome") && reported["outcome"].is_number();
    outcomes[test.name] = test.verdict == Verdict::AC && has ? reported["outcome"].get<double>() : 0.0;
    verdicts[test.name] = std::string(verdict_name(test.verdict));
  }
  auto outcome_of = [&](const std::string& name) { return outcomes.contains(name) ? outcomes[name] : 0.0; };
  result.test_scores = json::object();
  if (type == "Sum") {
    const double worth = parameters.get<double>();
    for (const std::string& name : names) result.score += outcome_of(name) * worth;
    for (const auto& [name, outcome] : outcomes) result.test_scores[name] = outcome * worth;
    result.details = {{"score_type", type}, {"tests", names.size()}};
    return result;
  }
  json groups = json::array();
  const auto targets = group_targets(parameters, names);
  for (std::size_t index = 0; index < targets.size(); ++index) {
    const json& group = parameters[index];
    const double points = group[0].get<double>();
    std::vector<double> values;
    json members = json::array();
    for (const std::string& name : targets[index]) {
      values.push_back(outcome_of(name));
      members.push_back({{"name", name},
                         {"verdict", verdicts.contains(name) ? verdicts[name] : "not run"},
                         {"outcome", outcome_of(name)}});
      if (outcomes.contains(name) && !result.test_scores.contains(name))
        result.test_scores[name] = outcome_of(name) * points;
    }
    const double earned = points * group_fraction(type, group, values);
    result.score += earned;
    groups.push_back({{"name", std::to_string(index + 1)},
                      {"max_points", points},
                      {"points", earned},
                      {"verdict", group_verdict(points, earned, members)},
                      {"tests", members}});
  }
  result.top_level["subtasks"] = groups;
  result.details = {{"score_type", type}, {"groups", targets.size()}};
  return result;
}

}  // namespace judge
