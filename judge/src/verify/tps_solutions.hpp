// The example submissions of a TPS task: every entry of solutions.json, a file of
// solution/ (TPS's SOLUTION_DIR; solutions/ is read too), with what TPS's `tps invoke`
// expects of it turned into the rules of expectations.hpp.
//
// solutions.json: {"FILE": {"verdict": V, "except": {"SUBTASK": V, ...}}, ...}. TPS
// judges each subtask on its own (scripts/internal/invoke_all.py): the subtask's
// expected verdict is except's, else the solution's, and it is met by the test of the
// subtask with the least score (invoke_util.py is_verdict_expected). Here each subtask
// becomes a rule over its tests (tests/mapping), on the judge's verdict classes:
//
//   model_solution, correct   every test AC (and, when every subtask expects it, the
//                             whole score)
//   incorrect                 a test WA
//   time_limit                a test TLE
//   runtime_error             a test RTE (MLE and OLE are RTE, as TPS counts them)
//   memory_limit              a test RTE: TPS itself expects "Runtime Error" of it
//   time_limit_and_runtime_error   a test TLE or RTE
//   failed                    a test WA, TLE or RTE
//   partially_correct         every test AC, some with part of its outcome (a
//                             solution partially correct everywhere: a score below
//                             the maximum)
//   protocol_violation        nothing is checked (the judge has no such verdict; noted)
//
// Where TPS looks at only the worst test, a rule looks at every test of the subtask:
// "incorrect" is met when some test is WA even if the worst one is TLE, and "correct"
// and "partially_correct" cannot tell a test's outcome 1 from 0.5 (both AC); the
// whole submission's score is checked when every subtask's outcome is known exactly
// (each correct or scoring 0: incorrect, time_limit, runtime_error, memory_limit,
// time_limit_and_runtime_error): the sum of the correct subtasks' scores.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "problem/tps_task.hpp"
#include "verify/example_submissions.hpp"

namespace judge {

// The rules of one solution of solutions.json. `verdict` and `except` as it gives
// them; `subtasks` the task's (empty: the rules cover every test). Throws
// ConfigError for a verdict TPS does not know, or an except naming no subtask.
std::vector<ExpectationRule> tps_solution_rules(const std::string& verdict,
                                                const std::map<std::string, std::string>& except,
                                                const std::vector<TpsSubtask>& subtasks, double max_score,
                                                std::vector<std::string>& notes);

// Every solution solutions.json lists, in its order; without solutions.json (the
// CMS-ready layout TPS's CMS exporter writes), every solutions/<verdict>/<file> with
// its folder's verdict. Throws ConfigError (naming solutions.json and the key) for a
// mistake in it.
SubmissionListing read_tps_solutions(const Problem& problem);

}  // namespace judge
