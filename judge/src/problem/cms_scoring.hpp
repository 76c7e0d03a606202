// CMS's score types (cms-dev/cms cms/grading/scoretypes), as CMS computes them from
// each test's outcome (the manager's or checker's number, 0 for a test whose
// submission failed or that did not run):
//
//   Sum             parameter p: each test is worth p; the score is sum(outcome * p)
//   GroupMin        [[m, t], ...]: each group is worth m; it earns m * min(outcomes)
//   GroupMul        [[m, t], ...]: m * the product of its outcomes
//   GroupThreshold  [[m, t, T], ...]: m if every outcome o of the group has
//                   0 < o <= T, else 0 (0 is excluded: a failed run's outcome)
//
// t is a group's tests: a count (the next t tests, in name order: CMS sorts the
// codenames) when every t is a number, else a regular expression matched at the start
// of each test's name (Python's re.match); numbers and expressions mixed, a group
// without tests, an expression that matches none are errors, as in CMS.
//
// The scoring object (problem/scoring.hpp, "type": "cms"):
//   {"type": "cms", "score_type": "GroupMin", "parameters": [[40, 2], [60, "0[2-9]"]],
//    "tests": ["000", "001", ...], "max_score": 100}
// "tests" are every test of the task in order (groups by count are taken from them,
// so that a run of some tests (--tests) scores the others as not run); "max_score"
// is computed by the loader (sum of m, or p * tests).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "problem/scoring.hpp"

namespace judge {

// The scoring object for a task; throws ConfigError for an unknown score type or
// parameters of the wrong shape, saying what CMS expects.
nlohmann::json cms_scoring(const std::string& score_type, const nlohmann::json& parameters,
                           const std::vector<std::string>& test_names);

// Throws ConfigError when `scoring` is not a valid "cms" scoring object.
void validate_cms_scoring(const nlohmann::json& scoring);

// The score of the tests that ran; each test's outcome is its interactor_result's
// "outcome" (0 when absent or when the test is not AC). Adds "subtasks" (groups) to
// top_level and each test's weighted outcome to test_scores.
Score cms_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests, Score result);

}  // namespace judge
