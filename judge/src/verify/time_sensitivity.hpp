// Time-limit sensitivity of one example submission, as problemtools' verifyproblem
// and BAPCtools' `bt run` check it: the same run graded at the time limit and at the
// time limit x time_limit_to_tle (grade.hpp `with_limits` + `grade`: the facts are
// recorded once, at the higher limit). A submission whose verdict differs between the
// two is "sensitive to time limit" (problemtools); an accepted one whose slowest test
// took more than time limit / ac_to_time_limit is "close to the limit" (BAPCtools'
// warning: its margin is thinner than the package asks). Pure: verify.cpp runs, this
// file judges.
#pragma once

#include <cstdint>
#include <string>

#include <nlohmann/json.hpp>

#include "grade/grade.hpp"
#include "problem/problem.hpp"

namespace judge {

struct TimeSensitivity {
  std::int64_t time_limit_ms = 0;  // the limit the submission is judged at
  std::int64_t high_limit_ms = 0;  // time limit x time_limit_to_tle, or what the run had if less
  Verdict at_limit = Verdict::AC;
  Verdict at_high_limit = Verdict::AC;
  std::int64_t slowest_cpu_ms = 0;  // its slowest test, at the time limit
  std::int64_t close_above_ms = 0;  // time limit / ac_to_time_limit
  bool sensitive = false;           // the two verdicts differ
  bool close_to_limit = false;      // AC, yet slower than close_above_ms
  // Set when the run was made under a lower limit than high_limit_ms and stopped
  // there (a TLE): its verdict at the higher limit is the one it got (not known
  // better without running it again).
  bool cut_short = false;
};

// `at_limit`: the run graded at the time limit; `at_high`: the same run graded at the
// higher limit (or at its own, when that was lower: cut_short then says whether it
// stopped there).
TimeSensitivity time_sensitivity(const RunResult& at_limit, const RunResult& at_high, const TimeLimitRule& rule);

// What the table says: "" when neither warning applies, else "sensitive to time limit:
// 1000 ms -> TLE, 1500 ms -> AC" or "close to the limit: 840 ms > 1000 ms / 2".
std::string sensitivity_warning(const TimeSensitivity& sensitivity);
nlohmann::json sensitivity_to_json(const TimeSensitivity& sensitivity);

}  // namespace judge
