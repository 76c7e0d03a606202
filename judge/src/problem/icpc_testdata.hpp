// The tests of an ICPC problem package: every X.in under data/sample and data/secret,
// recursively, named by its path under data/ without ".in" ("secret/group1/03"), in
// lexicographic order of the names in each folder (a test and a folder side by side
// are ordered by the test's name without ".in" and the folder's name), each with
// X.ans and the arguments its output validator gets:
//
//   legacy    problem.yaml validator_flags, then output_validator_flags of the
//             nearest testdata.yaml from the test's folder up to data/ (both strings
//             split on whitespace; problemtools passes both, in this order). A
//             missing X.ans is /dev/null (with a note).
//   2023-07+  output_validator_args of the nearest test_group.yaml from the test's
//             folder up to data/ (testdata.yaml, the name in 2023-07 drafts and older
//             BAPCtools, is read where there is no test_group.yaml), replaced by the
//             test's own X.yaml when that sets it. A missing X.ans is a ConfigError:
//             the specification requires it.
//
// Also gathered: the notes a setter should know (a sample that has only an
// .interaction file is shown in statements but is not a test; arguments for the
// submission, .files folders and unknown keys, which this judge does not use), and
// the scoring configuration of data/secret and its test groups (2023-07+), or of
// every test data group (a legacy scoring package: on_reject, grading, grader_flags,
// accept_score, reject_score, range, as kattis_grading.hpp grades them).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "problem/problem.hpp"

namespace judge {

// One level of 2023-07+ score aggregation: data/secret or one of its test groups
// (a folder of data/secret with a test_group.yaml).
struct ScoreGroup {
  std::string name;                       // "secret", "secret/group1"
  std::optional<double> max_score;        // nullopt: unbounded
  std::string aggregation;                // "pass-fail", "sum", "min"
  std::vector<std::string> require_pass;  // group names ("sample", "secret/group1")
};

struct PackageTestdata {
  std::vector<TestCase> tests;
  std::vector<std::string> notes;
  // Mistakes judging does not need (problem.hpp Problem::warnings): an unknown key of
  // a group's file, an empty or missing data/secret (the samples are judged; git keeps
  // no empty folder, so a package whose secret tests are generated arrives so).
  std::vector<std::string> warnings;
  ScoreGroup secret;               // defaults when data/secret has no test_group.yaml
  std::vector<ScoreGroup> groups;  // the test groups of data/secret, in name order
  // A legacy scoring package: data/ as a test data group of kattis_grading.hpp (its
  // testdata.yaml grading keys inherited down the folders), else null.
  nlohmann::json legacy_grading;
};

struct TestdataRules {
  bool legacy = false;
  std::vector<std::string> validator_flags;  // legacy problem.yaml validator_flags, split
  bool scoring = false;                       // a scoring problem (for score defaults)
  // Legacy problem.yaml `grading:` keys that override every group's (problemtools:
  // accept_score, reject_score, range; on_reject first_error is break, grade is
  // continue), as a testdata.yaml's keys; null: none.
  nlohmann::json grading_overrides;
};

// Throws ConfigError for a mistake, naming the file (and key); a package without any
// test (no sample, no secret) is one.
PackageTestdata list_package_tests(const std::filesystem::path& data_dir, const TestdataRules& rules);

}  // namespace judge
