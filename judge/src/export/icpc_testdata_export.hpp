// Where a problem's tests go in an ICPC 2025-09 package, and the test_group.yaml
// files around them, from this judge's scoring types (problem/scoring.hpp):
//
//   all_or_nothing   pass-fail: data/sample/ and data/secret/, nothing else
//   per_test,        data/secret/test_group.yaml score_aggregation sum, max_score (a
//   points           test's score.txt, if its validator writes one, else its share)
//   max_metric       score_aggregation min, max_score, and the interactor library's
//                    --score-from-metric METRIC FULL_AT ZERO_AT MAX_SCORE as
//                    output_validator_args: each test's score is the formula of its
//                    own metric, and the min of a decreasing function is that
//                    function of the largest metric, the score problem.json gives
//   subtasks         data/secret sums its groups, one per subtask
//                    (secret/subtask1, ...: zero-padded so that name order is
//                    subtask order), pass-fail with the subtask's points as
//                    max_score and its input_validator_flags as input_validator_args.
//                    A test is in one group only: a subtask holds the tests no
//                    earlier subtask has and require_pass names the earlier subtasks
//                    whose tests it also has (IOI-style cumulative subtasks), when
//                    that describes it exactly; otherwise it holds copies of all its
//                    tests.
//
// Samples: a test whose name contains "sample" (problem.json has no other mark;
// packages mark their own) goes to data/sample/. Samples never count in an ICPC
// score, and they did here: in a scoring problem they are in data/secret too. A test
// without an answer file gets an empty .ans (the specification requires one).
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "problem/problem.hpp"

namespace judge {

struct TestPlacement {
  const TestCase* test;
  std::vector<std::string> folders;  // "data/sample", "data/secret", "data/secret/subtask1"
};

struct IcpcTestdata {
  std::vector<TestPlacement> tests;
  std::vector<std::pair<std::string, std::string>> group_files;  // test_group.yaml path, text
  bool scoring = false;                                          // type: scoring
  std::vector<std::string> not_carried;
};

// `validator_args`: arguments every test's output validator run gets (both
// data/sample and data/secret), before the scoring's own; empty: none. Throws
// ConfigError for a scoring type an ICPC package cannot express.
// `require_pass`: cumulative subtasks name the earlier groups they include (2023-07
// and later); false: every subtask's group holds copies of all its tests.
IcpcTestdata place_icpc_tests(const Problem& problem, const std::vector<std::string>& validator_args,
                              bool library_options, bool require_pass = true);

// A string as a YAML scalar (JSON's double-quoted form is valid YAML).
std::string yaml_quoted(const std::string& text);

}  // namespace judge
