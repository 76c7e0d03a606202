// The grading of a legacy Kattis scoring package, as problemtools grades it
// (judge/submission_judge.py, judge/grade.py, support/default_grader; the legacy
// specification's "Test data groups" and "Graders"): the scoring type
// "kattis_legacy" of scoring.hpp.
//
//   {"type": "kattis_legacy", "max_score": 100, "unbounded": false, "objective": "max",
//    "custom_grader": {"name": "graders/g.py", "command": [...], "working_dir": ""},
//    "root": {"name": "data", "on_reject": "break", "grading": "default",
//             "grader_flags": "ignore_sample", "accept_score": 1, "reject_score": 0,
//             "range": [0, 100],               (null for -inf or +inf)
//             "items": [{"name": "sample", ...}, {"name": "secret", ...
//                        "items": ["secret/01", {"name": "secret/g1", ...}]}]}}
//
// Every test data group (data/ and each folder below it) is graded from its items in
// name order: a test's result is its verdict as Kattis names it (AC, WA, TLE, RTE,
// MLE, OLE, JE) and its score (the validator's score.txt on AC, else the group's
// accept_score or reject_score); a group's is its grader's reply on its items'
// results. on_reject "break" stops at the first rejected item (the items after it
// are not graded, as problemtools does not run them); "continue" grades them all. A
// JE among the items makes the group JE without its grader. The grader is the
// default one (its flags: worst_error, first_error, always_accept, sum, avg, min,
// max, ignore_sample, accept_if_any_accepted; the last mode named wins) or, under
// `grading: custom`, the package's program in graders/, run with the flags as
// arguments and the results on stdin, one "VERDICT SCORE" line each; it must exit 0
// and print one such line. data/'s reply is the submission's verdict; its score
// counts only when that verdict is AC (the specification: "for non-Accepted
// verdicts the score is ignored"). A group whose score is outside its range is a
// mistake of the package, which verify reports as problemtools does.
//
// "max_score" is the upper end of data/'s range, or with none the score every
// test accepted without score.txt would get; "unbounded" says which (with an
// unbounded range no score is the maximum, so partially_accepted is any AC; so too
// under objective: min, where we do not compare with the range's lower end).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "problem/scoring.hpp"

namespace judge {

// A grader's reply: "AC 12.5" read, or why it is a judge error.
struct GraderReply {
  std::string verdict;  // AC, WA, TLE, RTE, MLE, OLE, JE (JE: `error` says why)
  double score = 0;
  std::string error;
};

// Runs a grader program: `input` on its stdin, `flags` as its arguments.
using GraderRunner = std::function<GraderReply(const std::string& input, const std::vector<std::string>& flags)>;

// problemtools' support/default_grader, exactly: the same flags, the same reply
// (its score printed with "%f", so rounded to 6 decimals), "JE 0" for input it
// cannot read (an ignore_sample group with other than 1 or 2 results).
GraderReply default_grader(const std::string& input, const std::vector<std::string>& flags);

// The reply of a program's output as problemtools reads it: one line matching
// ^(AC|WA|TLE|RTE|MLE|OLE|JE)\s+-?[0-9.]+\s*$; anything else is JE.
GraderReply parse_grader_output(const std::string& output);

void validate_kattis_legacy_scoring(const nlohmann::json& scoring);
// `custom`: runs the package's grader (tests pass their own).
Score kattis_legacy_score(const nlohmann::json& scoring, const std::vector<ScoredTest>& tests, Score result,
                          const GraderRunner& custom);
// Runs the custom grader the scoring names ("custom_grader"), boxed in nothing: it is
// the setter's program, as a validator is.
GraderReply run_custom_grader(const nlohmann::json& grader, const std::string& input,
                              const std::vector<std::string>& flags);

// The scoring object of a package: data/ as icpc_testdata.hpp read it, its
// objective (max or min), its custom grader (null: none). max_score and unbounded
// come from data/'s range, or the default graders' score of every test accepted.
nlohmann::json kattis_legacy_scoring(const nlohmann::json& root, const std::string& objective,
                                     const nlohmann::json& custom_grader);

// The range "A B" of a testdata.yaml ("inf", "-inf", "+inf" allowed) as [A, B] with
// null for an infinity; a ConfigError naming `where` for anything else.
nlohmann::json parse_score_range(const std::string& text, const std::string& where);

}  // namespace judge
