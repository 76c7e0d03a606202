// How a problem's test verdicts become its score, as its problem.json "scoring"
// object says. A pure function of the verdicts and the interactors' result.json
// figures, so every rule is pinned by scoring_test.cpp.
//
//   {"type": "all_or_nothing", "max_score": 100}
//       full score iff every test is AC
//   {"type": "per_test", "max_score": 100}
//       max_score * (AC tests / tests)
//   {"type": "max_metric", "metric": "moves", "max_score": 100,
//    "full_at": 300000, "zero_at": 1000000000}
//       0 unless every test is AC; else with M the largest metric over the tests,
//       max_score * clamp(log(zero_at / M) / log(zero_at / full_at), 0, 1).
//       Adds max_<metric> and max_<metric>_test to the result.
//   {"type": "subtasks", "max_score": 100,
//    "subtasks": [{"name": "1", "points": 8, "tests": ["s1-*", ...]}, ...]}
//       a subtask's points are earned iff it has tests and all are AC; tests are
//       fnmatch globs over test names; points must add up to max_score.
//   {"type": "points", "max_score": 100}
//       testlib's points (a Polygon package): each AC test earns the score its
//       interactor or checker gave (testlib's quitp/_pc: result "score"), or
//       max_score / tests when it gave none; the sum, at most max_score.
//   {"type": "icpc_groups", "max_score": 100, "secret": {...}, "groups": [...]}
//       an ICPC 2023-07+ scoring problem: the validators' score.txt aggregated over
//       data/secret and its test groups (icpc_scoring.hpp).
//   {"type": "cms", "score_type": "GroupMin", "parameters": [...], "tests": [...],
//    "max_score": 100}
//       a CMS task: its score type over each test's outcome (cms_scoring.hpp).
//   {"type": "kattis_legacy", "max_score": 100, "root": {...}, ...}
//       a legacy Kattis scoring package: its test data groups' graders decide the
//       verdict and the score (kattis_grading.hpp); the one type that sets
//       Score::verdict.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/errors.hpp"
#include "base/verdict.hpp"

namespace judge {

struct ScoredTest {
  std::string name;
  Verdict verdict;
  nlohmann::json interactor_result;  // result.json of the test (may be null)
};

struct Score {
  double score = 0;
  double max_score = 0;
  nlohmann::json details;    // the raw figures the score came from (null if none)
  nlohmann::json top_level = nlohmann::json::object();  // keys added to the result's top
  // The score each test earned by itself, by name, where the type gives one (cms:
  // its outcome times its weight); null otherwise.
  nlohmann::json test_scores;
  // The submission's verdict where the scoring decides it (kattis_legacy: data/'s
  // grader), with why when its grader failed; else the first failing test's.
  std::optional<Verdict> verdict;
  std::string verdict_reason;
};

// Throws ConfigError for a scoring object it does not understand, saying what to fix.
void validate_scoring(const nlohmann::json& scoring);
// Whether a test name matches one of the fnmatch globs (a subtask's "tests").
bool matches_any(const std::string& name, const nlohmann::json& globs);
// A kattis_legacy scoring with a custom grader runs it (kattis_grading.hpp
// run_custom_grader), the one scoring that starts a process.
Score compute_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests);

}  // namespace judge
