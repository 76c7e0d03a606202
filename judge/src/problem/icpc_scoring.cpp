#include "problem/icpc_scoring.hpp"

#include <algorithm>
#include <optional>
#include <string>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"

namespace judge {
namespace {

struct Level {
  std::string name;
  std::optional<double> max_score;
  std::string aggregation;
  std::vector<std::string> require_pass;
};

Level level_of(const nlohmann::json& group) {
  Level level{group["name"].get<std::string>(), std::nullopt, group["aggregation"].get<std::string>(),
              group.value("require_pass", std::vector<std::string>{})};
  if (group["max_score"].is_number()) level.max_score = group["max_score"].get<double>();
  return level;
}

bool inside(const std::string& test, const std::string& group) {
  return test.size() > group.size() && test.compare(0, group.size(), group) == 0 &&
         test[group.size()] == '/';
}

std::vector<const ScoredTest*> tests_in(const std::vector<ScoredTest>& tests, const std::string& group) {
  std::vector<const ScoredTest*> members;
  for (const auto& test : tests)
    if (inside(test.name, group)) members.push_back(&test);
  return members;
}

bool all_accepted(const std::vector<const ScoredTest*>& tests) {
  return std::all_of(tests.begin(), tests.end(),
                     [](const ScoredTest* test) { return test->verdict == Verdict::AC; });
}

double number_in(const nlohmann::json& result, const char* key, double fallback) {
  if (result.is_object() && result.contains(key) && result[key].is_number())
    return result[key].get<double>();
  return fallback;
}

double test_score(const ScoredTest& test, std::optional<double> test_max) {
  if (test.verdict != Verdict::AC) return 0;
  const nlohmann::json& result = test.interactor_result;
  if (result.is_object() && result.contains("score") && result["score"].is_number()) {
    const double score = std::max(0.0, result["score"].get<double>());
    return test_max ? std::min(score, *test_max) : score;
  }
  if (!test_max) return 0;  // unbounded without score.txt
  return std::clamp(number_in(result, "score_multiplier", 1.0), 0.0, 1.0) * *test_max;
}

// The score of a level from the scores of its members (tests or groups).
double aggregate(const std::string& aggregation, const std::vector<double>& scores,
                 std::optional<double> max_score, bool all_passed) {
  if (aggregation == "pass-fail") return all_passed ? max_score.value_or(0) : 0;
  if (aggregation == "min") return scores.empty() ? 0 : *std::min_element(scores.begin(), scores.end());
  double sum = 0;
  for (double score : scores) sum += score;
  return sum;
}

double level_score(const Level& level, const std::vector<const ScoredTest*>& members) {
  std::optional<double> test_max = level.max_score;
  if (level.aggregation == "sum" && test_max && !members.empty())
    *test_max /= static_cast<double>(members.size());
  std::vector<double> scores;
  for (const ScoredTest* test : members) scores.push_back(test_score(*test, test_max));
  return aggregate(level.aggregation, scores, level.max_score, all_accepted(members));
}

bool requirements_met(const Level& level, const std::vector<ScoredTest>& tests) {
  for (const auto& required : level.require_pass)
    if (!all_accepted(tests_in(tests, required))) return false;
  return true;
}

}  // namespace

void validate_icpc_groups_scoring(const nlohmann::json& scoring) {
  auto check_level = [](const nlohmann::json& level, bool bounded_parent) {
    if (!level.is_object() || !level.contains("name") || !level["name"].is_string() || !level.contains("aggregation") ||
        !level["aggregation"].is_string() || !level.contains("max_score") ||
        !(level["max_score"].is_number() || level["max_score"].is_null()))
      throw ConfigError(
          fmt::format("icpc_groups: each level needs \"name\", \"aggregation\" and "
                      "\"max_score\" (a number or null); got {}",
                      json_text(level)));
    const std::string aggregation = level["aggregation"].get<std::string>();
    if (aggregation != "pass-fail" && aggregation != "sum" && aggregation != "min")
      throw ConfigError(fmt::format("icpc_groups: {}: aggregation must be pass-fail, sum or min",
                                    level["name"].get<std::string>()));
    if (level["max_score"].is_null() && (bounded_parent || aggregation == "pass-fail"))
      throw ConfigError(fmt::format(
          "test group {} needs a max_score: {}", level["name"].get<std::string>(),
          aggregation == "pass-fail" ? "pass-fail aggregation needs a bounded maximum"
                                     : "data/secret has a bounded max_score (100 unless set)"));
  };
  if (!scoring.contains("secret")) throw ConfigError("icpc_groups scoring needs \"secret\"");
  check_level(scoring["secret"], false);
  if (!scoring.contains("groups") || !scoring["groups"].is_array())
    throw ConfigError("icpc_groups scoring needs \"groups\" (an array, maybe empty)");
  for (const auto& group : scoring["groups"]) check_level(group, scoring["secret"]["max_score"].is_number());
}

Score icpc_groups_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests,
                        Score result) {
  const Level secret = level_of(scoring["secret"]);
  nlohmann::json groups = nlohmann::json::array();
  std::vector<double> group_scores;
  for (const auto& config : scoring["groups"]) {
    const Level group = level_of(config);
    const double score = requirements_met(group, tests) ? level_score(group, tests_in(tests, group.name)) : 0;
    group_scores.push_back(score);
    groups.push_back({{"name", group.name}, {"score", score},
                      {"max_score", config["max_score"]}, {"required_passed", requirements_met(group, tests)}});
  }
  const auto secret_tests = tests_in(tests, "secret");
  double score = 0;
  if (requirements_met(secret, tests)) {
    score = scoring["groups"].empty()
                ? level_score(secret, secret_tests)
                : aggregate(secret.aggregation, group_scores, secret.max_score, all_accepted(secret_tests));
  }
  result.score = secret.max_score ? std::min(score, *secret.max_score) : score;
  result.details = {{"secret", score}, {"groups", groups}};
  if (!groups.empty()) result.top_level["test_groups"] = groups;
  return result;
}

}  // namespace judge
