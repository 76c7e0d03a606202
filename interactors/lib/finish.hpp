// Finish: how an interaction ends. Every verdict call (Session::accept/reject/judge_error,
// a malformed contestant line, a broken test file) throws one; interactor::run() catches it,
// writes the feedback files and turns it into the exit code. Throwing makes every verdict
// path unit-testable in-process: a test calls the code and catches the Finish.
//
// Finish deliberately does not derive from std::exception: an interactor's own
// `catch (const std::exception&)` must not swallow a verdict.
#pragma once

#include <string>
#include <string_view>

namespace interactor {

// The reason of a reject, as written to result.json ("verdict").
enum class Verdict { AC, WA, PE, QLE };

std::string_view verdict_name(Verdict verdict);

// Who is to blame: accept and reject are about the contestant, judge_error means the
// test data or the interactor is broken (never the contestant's fault).
enum class Outcome { accept, reject, judge_error };

struct Finish {
  Outcome outcome = Outcome::judge_error;
  Verdict verdict = Verdict::WA;  // meaningful for accept (AC) and reject
  std::string message;
  // The reject happened because the contestant's output ended or its input closed:
  // the judge then prefers the contestant's own exit status (crash, limit) as verdict.
  bool contestant_eof = false;
};

// Exit codes of the contract (docs/problem-format.md).
inline constexpr int kExitAccept = 42;
inline constexpr int kExitReject = 43;
inline constexpr int kExitJudgeError = 1;

int exit_code(Outcome outcome);

[[noreturn]] void throw_accept(std::string message);
[[noreturn]] void throw_reject(Verdict verdict, std::string message, bool contestant_eof = false);
[[noreturn]] void throw_judge_error(std::string message);

}  // namespace interactor
