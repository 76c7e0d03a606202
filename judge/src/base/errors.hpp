// Who is to blame, said once. Three parties can be at fault in a run, and each has
// one way of saying so:
//
//   the user     a wrong argument, a broken problem configuration, a file that is
//                not there: ConfigError. Exit status 2; the message says what to fix.
//   the judge    a pipe, a process or a folder it cannot make, a result it cannot
//                write: JudgeFault. Exit status 3; the message names what failed.
//                Inside `judge run` a JudgeFault while a test runs makes that test
//                JE and ends the run, keeping the tests already judged (run/runner.hpp).
//   the program  never an exception: its faults are facts the runner records, which
//                decide_verdict (grade/verdict_rules.hpp) turns into its verdict. A broken
//                interactor or test file is the verdict JE, not an exception either.
//
// Every other exception that reaches the command line is treated as a JudgeFault.
#pragma once

#include <stdexcept>

namespace judge {

// The user can fix it (exit status 2).
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The judge itself failed (exit status 3).
class JudgeFault : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

inline constexpr int exit_all_accepted = 0;
inline constexpr int exit_not_accepted = 1;
inline constexpr int exit_usage = 2;
inline constexpr int exit_judge_error = 3;

}  // namespace judge
