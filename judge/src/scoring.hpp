// How a problem's test verdicts become its score, as its problem.json "scoring"
// object says. A pure function of the verdicts (and per-test figures), so every
// rule is pinned by scoring_test.cpp.
//   {"type": "all_or_nothing", "max_score": 100}  full score iff every test is AC
//   {"type": "per_test", "max_score": 100}        max_score * (AC tests / tests)
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verdict.hpp"

namespace judge {

struct ScoredTest {
  std::string name;
  Verdict verdict;
  nlohmann::json interactor_result;  // result.json of the test (may be null)
};

struct Score {
  double score = 0;
  double max_score = 0;
  nlohmann::json details;  // the raw figures the score came from (null if none)
};

// Throws ConfigError for a scoring object it does not understand.
void validate_scoring(const nlohmann::json& scoring);
Score compute_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests);

}  // namespace judge
