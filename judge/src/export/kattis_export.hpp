// A problem as a legacy problem package: the format Kattis installs and DOMjudge
// imports today (/work/shared/reference/problem-package-format-legacy.md), made from
// the ICPC 2025-09 export (icpc_export.hpp) of the same problem:
//
//   2025-09 package                      legacy package
//   problem.yaml type [interactive,      validation: custom interactive (score: with
//     scoring], limits.time_limit        a score from the validator), type: scoring,
//                                        limits without time_limit; .timelimit holds
//                                        it (DOMjudge reads it; problemtools and Kattis
//                                        compute one from the accepted submissions)
//   output_validator/                    output_validators/interactor/ (one program)
//   statement/problem.en.tex             problem_statement/problem.en.tex
//   test_group.yaml (output_validator_   testdata.yaml: output_validator_flags (a
//     args, score_aggregation,           string), grader_flags, accept_score, range;
//     max_score, require_pass)           subtasks as groups holding all their tests
//   submissions/<folder>/ and            submissions/ of the five legacy folders: PE
//     submissions.yaml                   and QLE in wrong_answer, ILE in
//                                        time_limit_exceeded, MLE and OLE in
//                                        run_time_error
//   multi-pass                           not in the format: the first pass judges
//
// The scoring types in testdata.yaml (problemtools' default grader):
//   data/            grader_flags: ignore_sample (the samples do not count), on_reject:
//                    continue (problemtools: else a rejected sample stops the secret
//                    data), range 0 MAX
//   data/sample/     grader_flags: min
//   data/secret/     max_metric: min of the validator's score.txt (custom score),
//                    on_reject: break;
//                    per_test, points: sum, accept_score = MAX / tests;
//                    subtasks: sum of data/secret/subtaskK/, each min with
//                    accept_score = its points and on_reject: break
// A pass-fail ICPC 2023-07+ package (the one `judge new` makes) goes the same way: its
// files moved as the table says, testdata.yaml written from the problem as it was read
// (its tests' shared output_validator_args as output_validator_flags), its uuid kept;
// answer and static validators left out and said. A scoring 2023-07+ package is
// refused (its groups' scoring has no legacy form here); a legacy package is copied as
// it is; other formats are refused (export them with --format icpc).
#pragma once

#include "export/icpc_export.hpp"
#include "export/package.hpp"
#include "problem/problem.hpp"

namespace judge {

Package kattis_package(const Problem& problem, const ExportOptions& options);

// The legacy submissions folder of one of this judge's verdict folders ("" none).
std::string legacy_submission_folder(const std::string& folder);

}  // namespace judge
