#include "grade/testlib_convention.hpp"

#include <cstdlib>

#include <fmt/core.h>

#include "base/icpc_exit.hpp"
#include "base/parse_number.hpp"
#include "base/text_file.hpp"

namespace judge {

namespace {

// testlib's exit codes (testlib.h: _ok, _wa, _pe, _fail, _dirt, _points, _partially).
constexpr int testlib_ok = 0;
constexpr int testlib_wa = 1;
constexpr int testlib_pe = 2;
constexpr int testlib_fail = 3;
constexpr int testlib_dirt = 4;
constexpr int testlib_points = 7;
constexpr int testlib_partially = 16;
constexpr int testlib_partially_max = 16 + 200;

// "points 0.5 well done" (testlib's quitp: the number, then a space and the message):
// the number after "points"; nullopt when there is none, or it is not a finite number.
std::optional<double> points_of(const std::string& message) {
  const std::string prefix = "points ";
  if (message.rfind(prefix, 0) != 0) return std::nullopt;
  const std::string_view rest = std::string_view(message).substr(prefix.size());
  return parse_finite_number(rest.substr(0, rest.find_first_of(" \t\n")));
}

}  // namespace

std::vector<std::string> testlib_argv(const std::vector<std::string>& command, const std::filesystem::path& input,
                                      const std::filesystem::path& tout, const std::filesystem::path& answer) {
  std::vector<std::string> argv = command;
  argv.push_back(input.string());
  argv.push_back(tout.string());
  argv.push_back(answer.string());
  return argv;
}

TestlibOutcome classify_testlib_exit(const ExitFacts& exit, const std::string& stderr_text) {
  using Kind = TestlibOutcome::Kind;
  TestlibOutcome outcome;
  outcome.message = without_trailing_newlines(stderr_text);
  if (exit.signaled) return outcome;
  const int code = exit.exit_code;
  if (code == testlib_ok) outcome.kind = Kind::ok;
  else if (code == testlib_wa) outcome.kind = Kind::wrong_answer;
  else if (code == testlib_pe || code == testlib_dirt) outcome.kind = Kind::presentation_error;
  else if (code == testlib_fail) outcome.kind = Kind::fail;
  else if (code == testlib_points) {
    outcome.points = points_of(outcome.message);
    // quitp() without a number is testlib's own bug: the program's failure.
    outcome.kind = outcome.points ? Kind::points : Kind::unknown;
  } else if (code >= testlib_partially && code <= testlib_partially_max) {
    outcome.kind = Kind::points;
    outcome.points = code - testlib_partially;
  }
  return outcome;
}

bool testlib_accepts(const ExitFacts& exit) {
  if (exit.signaled) return false;
  return exit.exit_code == testlib_ok || exit.exit_code == testlib_points ||
         (exit.exit_code >= testlib_partially && exit.exit_code <= testlib_partially_max);
}

void apply_testlib_outcome(const TestlibOutcome& outcome, const std::string& who, bool own_reason,
                           EndFacts& program, InteractorReport& report) {
  using Kind = TestlibOutcome::Kind;
  if (program.exit.signaled || program.killed_by_judge) return;  // its end speaks for itself
  report.message = outcome.message;
  switch (outcome.kind) {
    case Kind::ok:
      program.exit.exit_code = icpc_accept_exit;
      return;
    case Kind::points:
      program.exit.exit_code = icpc_accept_exit;
      report.score = outcome.points;
      return;
    case Kind::wrong_answer:
    case Kind::presentation_error:
      program.exit.exit_code = icpc_reject_exit;
      report.reason = outcome.kind == Kind::wrong_answer ? Verdict::WA : Verdict::PE;
      if (own_reason) report.contestant_eof_reported = true, report.contestant_eof = false;
      return;
    case Kind::fail:
      report.failed = fmt::format("the {} failed (testlib FAIL, exit 3): {}", who, outcome.message);
      report.message.clear();  // in `failed`, said once
      return;
    case Kind::unknown:
      report.failed = fmt::format("the {} exited with code {}, which is no testlib verdict (0 OK, 1 WA, 2 PE, "
                                  "3 FAIL, 4 dirt, 7 points, 16+k partially correct): {}",
                                  who, program.exit.exit_code, outcome.message);
      report.message.clear();
      return;
  }
}

bool testlib_checker_due(const TestFacts& facts) {
  const ExitFacts& interactor = facts.interactor.exit;
  const ExitFacts& submission = facts.submission.exit;
  const bool interactor_ok = !interactor.signaled && interactor.exit_code == testlib_ok;
  const bool clean_submission =
      !submission.signaled && submission.exit_code == 0 && !facts.submission.killed_by_judge && facts.exec_error.empty();
  return interactor_ok && clean_submission;
}

TestFacts icpc_shaped_facts(TestFacts facts, const std::string& interactor_stderr,
                            const std::optional<CheckerFacts>& checker) {
  if (!checker) {
    apply_testlib_outcome(classify_testlib_exit(facts.interactor.exit, interactor_stderr), "interactor", false,
                          facts.interactor, facts.report);
    return facts;
  }
  if (!checker->ended_in_time || checker->exit.signaled) {
    facts.report.message = without_trailing_newlines(checker->output);
    facts.report.failed = !checker->ended_in_time
                              ? fmt::format("the checker took longer than {} ms of CPU", facts.limits.interactor_cpu_ms)
                              : fmt::format("the checker was killed by {}", signal_name(checker->exit.signal));
    return facts;
  }
  // The checker's ending stands in for the interactor's OK: it decides the verdict.
  facts.interactor.exit.exit_code = checker->exit.exit_code;
  apply_testlib_outcome(classify_testlib_exit(checker->exit, checker->output), "checker", true, facts.interactor,
                        facts.report);
  return facts;
}

}  // namespace judge
