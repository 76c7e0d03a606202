// The scoring of an ICPC 2023-07+ scoring problem ("Result aggregation" of the
// specification), as the scoring type "icpc_groups" of scoring.hpp:
//
//   {"type": "icpc_groups", "max_score": 100,
//    "secret": {"name": "secret", "max_score": 100, "aggregation": "sum",
//               "require_pass": ["sample"]},
//    "groups": [{"name": "secret/group1", "max_score": 30, "aggregation": "pass-fail",
//                "require_pass": []}, ...]}
//
// A test's score comes from its validator: the judge puts FEEDBACK_DIR/score.txt in
// the test's interactor result as "score" and score_multiplier.txt as
// "score_multiplier". A failed test scores 0; an accepted one scores "score" if
// given (capped at the test's maximum), else "score_multiplier" times its maximum,
// else its maximum (bounded), else 0 (unbounded; a legacy package is graded by
// kattis_grading.hpp instead). A test's
// maximum: in a sum group, the group's max_score / its tests; in a min group, the
// group's. A group aggregates its tests (pass-fail: the maximum iff every test is
// accepted; sum; min), and data/secret its groups, or its tests when it has none.
// A group whose require_pass groups ("sample" or group names) are not all accepted
// scores 0. Samples never count. max_score null is unbounded ("max_score" at the
// top is then 0).
#pragma once

#include <nlohmann/json.hpp>

#include "problem/scoring.hpp"

namespace judge {

void validate_icpc_groups_scoring(const nlohmann::json& scoring);
Score icpc_groups_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests,
                        Score result);

}  // namespace judge
