// The testlib convention (Codeforces/Polygon, BOCA, rbx; /work/shared/reference/
// conventions.md), beside the ICPC one the rest of run/ speaks:
//
//   interactor INPUT TOUT ANSWER     stdin/stdout crossed with the submission's, as for
//                                    an ICPC validator (the same pipe rules hold)
//   checker    INPUT TOUT ANSWER     after the interaction, on the interactor's log
//                                    (TOUT), when the interactor said OK
//
// Both exit 0 OK, 1 WA, 2 PE (testlib's unexpected end of the contestant's output
// included), 3 FAIL (the interactor's or checker's own failure: JE), 4 dirt (extra
// output: PE), 7 points (a partial score: "points 0.5 message" on stderr), 16+k
// (testlib's _pc(k) in some builds: partially correct, k points). The message is on
// stderr. This file turns such an ending into the ICPC-shaped facts decide_verdict
// reads (exit 42 or 43, a reason, a score, a failure), so the verdict rules stay one
// table whatever the convention. It decides nothing about processes: the executor
// records the raw endings (the interactor's, the checker's) and grading
// (grade.hpp) calls icpc_shaped_facts on them.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "grade/verdict_rules.hpp"

namespace judge {

// The interactor's (or checker's) command line: COMMAND INPUT TOUT ANSWER.
std::vector<std::string> testlib_argv(const std::vector<std::string>& command, const std::filesystem::path& input,
                                      const std::filesystem::path& tout, const std::filesystem::path& answer);

// What a testlib program's ending means.
struct TestlibOutcome {
  enum class Kind { ok, wrong_answer, presentation_error, fail, points, unknown };
  Kind kind = Kind::unknown;
  std::optional<double> points;  // Kind::points
  std::string message;           // its stderr, without trailing newlines
};

// From the exit facts and stderr of an interactor or checker (a signal or an exit code
// testlib does not use is Kind::unknown: the program's own failure).
TestlibOutcome classify_testlib_exit(const ExitFacts& exit, const std::string& stderr_text);

// Whether an ending is OK or points (the submission is still graded: it must end
// cleanly, and a checker may run).
bool testlib_accepts(const ExitFacts& exit);

// A testlib checker that ran on the interactor's log after the interaction.
struct CheckerFacts {
  ExitFacts exit;
  bool ended_in_time = true;  // false: stopped at its CPU limit (limits.interactor_cpu_ms)
  std::string output;         // its stdout and stderr together, capped
};

// Whether the checker runs after this pass (the executor asks once both programs
// ended): the interactor said OK and the submission ended cleanly, by itself.
bool testlib_checker_due(const TestFacts& facts);

// The facts of a pass of a testlib interactor (and its checker, if it ran) as an
// ICPC validator would have left them.
TestFacts icpc_shaped_facts(TestFacts facts, const std::string& interactor_stderr,
                            const std::optional<CheckerFacts>& checker);

// Writes the outcome into the facts as an ICPC validator would have said it: OK and
// points accept (42; points as the score), WA and PE reject (43 with the reason), FAIL
// and unknown endings are the program's failure (`who`: "interactor", "checker").
// `own_reason`: a reject that is not a consequence of the submission's end (a
// checker's, after a submission that ended cleanly).
void apply_testlib_outcome(const TestlibOutcome& outcome, const std::string& who, bool own_reason,
                           EndFacts& program, InteractorReport& report);

}  // namespace judge
