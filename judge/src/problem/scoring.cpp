#include "problem/scoring.hpp"

#include <fnmatch.h>

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "metric_score.hpp"
#include "problem/cms_scoring.hpp"
#include "problem/icpc_scoring.hpp"
#include "problem/kattis_grading.hpp"

namespace judge {
bool matches_any(const std::string& name, const nlohmann::json& globs) {
  for (const auto& glob : globs)
    if (::fnmatch(glob.get<std::string>().c_str(), name.c_str(), 0) == 0) return true;
  return false;
}

namespace {

double number_field(const nlohmann::json& scoring, const char* key) {
  if (!scoring.contains(key) || !scoring[key].is_number())
    throw ConfigError(fmt::format("scoring \"{}\" must be a number", key));
  return scoring[key].get<double>();
}

bool all_accepted(const std::vector<ScoredTest>& tests) {
  return !tests.empty() && std::all_of(tests.begin(), tests.end(), [](const ScoredTest& test) {
    return test.verdict == Verdict::AC;
  });
}

Score max_metric_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests,
                       Score result) {
  const std::string metric = scoring["metric"].get<std::string>();
  const double full_at = number_field(scoring, "full_at");
  const double zero_at = number_field(scoring, "zero_at");
  double largest = -1;
  nlohmann::json largest_value;  // as the interactor wrote it (an integer stays one)
  std::string largest_test;
  for (const auto& test : tests) {
    const auto& facts = test.interactor_result;
    if (!facts.is_object() || !facts.contains(metric) || !facts[metric].is_number()) continue;
    const double value = facts[metric].get<double>();
    if (value > largest) {
      largest = value;
      largest_value = facts[metric];
      largest_test = test.name;
    }
  }
  const std::string key = "max_" + metric;
  result.top_level[key] = largest >= 0 ? largest_value : nlohmann::json(nullptr);
  result.top_level[key + "_test"] = largest >= 0 ? nlohmann::json(largest_test) : nullptr;
  result.details = {{"metric", metric}, {key, result.top_level[key]},
                    {key + "_test", result.top_level[key + "_test"]},
                    {"full_at", full_at}, {"zero_at", zero_at}};
  if (!all_accepted(tests)) {
    result.details["reason"] = "a test is not AC: the problem scores 0";
    return result;
  }
  bool every_test_has_metric = true;
  for (const auto& test : tests) {
    const auto& facts = test.interactor_result;
    every_test_has_metric = every_test_has_metric && facts.is_object() &&
                            facts.contains(metric) && facts[metric].is_number();
  }
  if (!every_test_has_metric || largest <= 0) {
    result.details["reason"] = fmt::format("some test's result.json has no \"{}\"", metric);
    return result;
  }
  // The interactor library's formula: an export scores each test with it (score.txt).
  result.score = interactor::metric_score(largest, full_at, zero_at, result.max_score);
  return result;
}

Score subtask_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests,
                    Score result) {
  nlohmann::json subtasks = nlohmann::json::array();
  for (const auto& subtask : scoring["subtasks"]) {
    nlohmann::json members = nlohmann::json::array();
    bool passed = true;
    std::string first_failure;
    for (const auto& test : tests) {
      if (!matches_any(test.name, subtask["tests"])) continue;
      members.push_back({{"name", test.name}, {"verdict", verdict_name(test.verdict)}});
      if (test.verdict != Verdict::AC && passed) {
        passed = false;
        first_failure = std::string(verdict_name(test.verdict));
      }
    }
    const double points = subtask["points"].get<double>();
    const bool earned = passed && !members.empty();
    if (earned) result.score += points;
    subtasks.push_back({{"name", subtask["name"]},
                        {"max_points", points},
                        {"points", earned ? points : 0.0},
                        {"verdict", members.empty() ? "not run"
                                    : passed        ? std::string(verdict_name(Verdict::AC))
                                                    : first_failure},
                        {"tests", members}});
  }
  result.top_level["subtasks"] = subtasks;
  result.details = {{"subtasks", subtasks.size()}};
  return result;
}

}  // namespace

void validate_scoring(const nlohmann::json& scoring) {
  if (!scoring.is_object() || !scoring.contains("type") || !scoring["type"].is_string())
    throw ConfigError("\"scoring\" must be an object with a string \"type\"");
  const std::string type = scoring["type"].get<std::string>();
  if (number_field(scoring, "max_score") < 0)
    throw ConfigError("scoring \"max_score\" must be >= 0");
  if (type == "all_or_nothing" || type == "per_test" || type == "points") return;
  if (type == "icpc_groups") return validate_icpc_groups_scoring(scoring);
  if (type == "cms") return validate_cms_scoring(scoring);
  if (type == "kattis_legacy") return validate_kattis_legacy_scoring(scoring);
  if (type == "max_metric") {
    if (!scoring.contains("metric") || !scoring["metric"].is_string())
      throw ConfigError("scoring type max_metric needs \"metric\": the result.json key to take the maximum of");
    const double full_at = number_field(scoring, "full_at");
    const double zero_at = number_field(scoring, "zero_at");
    if (!(full_at > 0 && zero_at > full_at))
      throw ConfigError("scoring type max_metric needs 0 < full_at < zero_at");
    return;
  }
  if (type == "subtasks") {
    if (!scoring.contains("subtasks") || !scoring["subtasks"].is_array() ||
        scoring["subtasks"].empty())
      throw ConfigError("scoring type subtasks needs a non-empty \"subtasks\" array");
    double total = 0;
    for (const auto& subtask : scoring["subtasks"]) {
      if (!subtask.is_object() || !subtask.contains("name") || !subtask.contains("points") ||
          !subtask["points"].is_number() || !subtask.contains("tests") || !subtask["tests"].is_array())
        throw ConfigError(
            fmt::format("each subtask needs \"name\", \"points\" (a number) and \"tests\" (an array of "
                        "globs); got {}",
                        json_text(subtask)));
      for (const auto& glob : subtask["tests"])
        if (!glob.is_string())
          throw ConfigError(fmt::format("subtask {}: test globs must be strings", json_text(subtask["name"])));
      total += subtask["points"].get<double>();
    }
    if (std::abs(total - scoring["max_score"].get<double>()) > 1e-9)
      throw ConfigError(fmt::format("subtask points add up to {:g}, but max_score is {:g}", total,
                                    scoring["max_score"].get<double>()));
    return;
  }
  throw ConfigError(
      fmt::format("scoring type \"{}\" is not known (use all_or_nothing, per_test, points, max_metric, subtasks, "
                  "icpc_groups, kattis_legacy or cms)",
                  type));
}

Score compute_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests) {
  validate_scoring(scoring);
  Score result;
  result.max_score = scoring["max_score"].get<double>();
  const std::string type = scoring["type"].get<std::string>();
  if (type == "max_metric") return max_metric_score(scoring, tests, result);
  if (type == "subtasks") return subtask_score(scoring, tests, result);
  if (type == "icpc_groups") return icpc_groups_score(scoring, tests, result);
  if (type == "cms") return cms_score(scoring, tests, result);
  if (type == "kattis_legacy")
    return kattis_legacy_score(
        scoring, tests, result, [&](const std::string& input, const std::vector<std::string>& flags) {
          if (!scoring.contains("custom_grader"))
            return GraderReply{"JE", 0, "grading: custom, and the package has no grader in graders/"};
          return run_custom_grader(scoring["custom_grader"], input, flags);
        });
  std::size_t accepted = 0;
  for (const auto& test : tests) accepted += test.verdict == Verdict::AC ? 1 : 0;
  if (type == "all_or_nothing") {
    result.score = all_accepted(tests) ? result.max_score : 0;
  } else if (type == "points") {
    double total = 0;
    for (const auto& test : tests) {
      if (test.verdict != Verdict::AC) continue;
      const auto& reported = test.interactor_result;
      const bool has_score = reported.is_object() && reported.contains("score") && reported["score"].is_number();
      total += has_score ? reported["score"].get<double>() : result.max_score / static_cast<double>(tests.size());
    }
    result.score = std::min(total, result.max_score);
    result.details = {{"accepted_tests", accepted}, {"tests", tests.size()}};
  } else {  // per_test
    result.score = tests.empty() ? 0
                                 : result.max_score * static_cast<double>(accepted) /
                                       static_cast<double>(tests.size());
    result.details = {{"accepted_tests", accepted}, {"tests", tests.size()}};
  }
  return result;
}

}  // namespace judge
