// What an example submission of a problem must get (judge verify), as data, and the
// one pure function that checks a run against it. The submissions and their rules
// are listed by example_submissions.hpp.
//
// Where expectations come from, for a submission submissions/<folder>/<entry> (a file,
// or a folder = one multi-file submission):
//
//   ICPC packages   the folder's default rule (2025-09 "Default directories": accepted,
//                   rejected, wrong_answer, time_limit_exceeded, run_time_error,
//                   brute_force; a legacy package reads wrong_answer,
//                   time_limit_exceeded and run_time_error as the legacy
//                   specification words them, and partially_accepted: AC with a score
//                   below the maximum); every submissions.yaml entry whose glob
//                   matches the submission (a key that is exactly a default folder's
//                   name changes that folder's default rule instead, as the
//                   specification says), with its per-test-group sub-rules; and a
//                   DOMjudge `@EXPECTED_RESULTS@: CORRECT, WRONG-ANSWER, ...` tag found
//                   in one of its files, which decides in any folder but the four
//                   standard ones (accepted, wrong_answer, time_limit_exceeded,
//                   run_time_error), where DOMjudge ignores it and so do we (noted):
//                   DOMjudge's manual and BAPCtools' documentation say so.
//   problem.json    the folder names the exact verdict (grade/verdict_rules.hpp
//                   verdict_from_folder): every test is AC or that verdict, and one
//                   is that verdict; partially_accepted is AC everywhere with a score
//                   below the maximum; a "expect-score: MIN MAX" line in the source
//                   bounds the score (as solutions/CMakeLists.txt and
//                   scripts/check_verdict.py check today).
//
// Every rule of a submission must hold. ICPC rules compare verdict classes: the
// judge's fine verdicts map AC->AC, WA/PE/QLE->WA, TLE/ILE->TLE, RTE/MLE/OLE->RTE,
// CE->CE, JE->JE; problem.json rules compare the fine verdicts themselves. A JE
// never meets an expectation.
#pragma once

#include <filesystem>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "problem/problem.hpp"
#include "base/verdict.hpp"

namespace judge {

// The ICPC class of a fine verdict, as a Verdict (AC, WA, TLE, RTE, CE or JE).
Verdict icpc_class(Verdict verdict);

enum class VerdictScheme {
  icpc_classes,  // compare icpc_class(verdict) with the sets (which hold classes)
  exact,         // compare the fine verdict itself (problem.json folders)
};

// How a rule bounds an inferred time limit (2025-09 "Timelimit inference").
enum class TimeLimitUse {
  automatic,  // lower if TLE is not permitted, upper if the requirement is exactly TLE
  none,       // use_for_time_limit: false
  lower,      // use_for_time_limit: lower
  upper,      // use_for_time_limit: upper
};

struct ExpectationRule {
  // Where it was said, for messages: "folder wrong_answer/", "submissions.yaml
  // 'accepted/*'", "submissions.yaml 'x.py' secret/group1", "@EXPECTED_RESULTS@".
  std::string origin;
  // Test name globs (path_glob.hpp: a test matches when it or a group above it
  // does); empty: every test.
  std::vector<std::string> tests;
  VerdictScheme scheme = VerdictScheme::icpc_classes;
  std::set<Verdict> permitted;  // every test in scope has one of these
  std::set<Verdict> required;   // empty: none; else some test in scope has one of these
  std::optional<std::pair<double, double>> score;  // the submission's score lies in it
  bool score_below_max = false;  // the score is below the problem's maximum
  std::string message;  // a judgemessage of a test in scope contains it (case-sensitive)
  TimeLimitUse time_limit = TimeLimitUse::automatic;
};

struct ExampleSubmission {
  std::filesystem::path path;  // the file, or the folder of a multi-file submission
  std::string name;            // below submissions/: "accepted/binary.py"
  std::string folder;          // "accepted"
  std::vector<ExpectationRule> rules;  // all must hold; empty: nothing is expected
  double max_score = 0;         // the problem's, for score_below_max
  std::string language;         // submissions.yaml language, "" when not given
  std::string entrypoint;       // submissions.yaml entrypoint, "" when not given
  bool model_solution = false;  // submissions.yaml model_solution
  std::vector<std::string> notes;  // for the setter: a tag ignored, no expectation
};

// One test of a run, as check_expectation needs it.
struct TestVerdict {
  std::string test;  // the test's name ("secret/group1/03")
  Verdict verdict;   // the judge's fine verdict
  std::string judgemessage;
};

struct CheckResult {
  bool passed = false;
  std::string reason;  // one line: what failed, or what was met
};

// Whether a run meets the submission's expectation. A submission that did not
// compile is passed with (at least) one TestVerdict of verdict CE. `score`: the
// problem's score of the run, if it has one.
CheckResult check_expectation(const ExampleSubmission& submission,
                              const std::vector<TestVerdict>& per_test,
                              std::optional<double> score);

}  // namespace judge
