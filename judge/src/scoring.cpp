#include "scoring.hpp"

#include <fmt/core.h>

#include "problem.hpp"

namespace judge {

void validate_scoring(const nlohmann::json& scoring) {
  const std::string type = scoring.value("type", "");
  if (type != "all_or_nothing" && type != "per_test")
    throw ConfigError(fmt::format(
        "scoring type \"{}\" is not known (use \"all_or_nothing\" or \"per_test\")", type));
  if (!scoring.contains("max_score") || !scoring["max_score"].is_number() ||
      scoring["max_score"].get<double>() < 0)
    throw ConfigError("scoring \"max_score\" must be a number >= 0");
}

Score compute_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests) {
  validate_scoring(scoring);
  Score result;
  result.max_score = scoring["max_score"].get<double>();
  std::size_t accepted = 0;
  for (const auto& test : tests) accepted += test.verdict == Verdict::AC ? 1 : 0;
  const std::string type = scoring["type"].get<std::string>();
  if (type == "all_or_nothing") {
    result.score = !tests.empty() && accepted == tests.size() ? result.max_score : 0;
  } else {  // per_test
    result.score = tests.empty() ? 0
                                 : result.max_score * static_cast<double>(accepted) /
                                       static_cast<double>(tests.size());
    result.details = {{"accepted_tests", accepted}, {"tests", tests.size()}};
  }
  return result;
}

}  // namespace judge
