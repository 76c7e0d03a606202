// The time limit of a package that gives none, from its example submissions' run
// times (2025-09 "Timelimit inference"), as pure functions:
//
//   a rule that does not permit TLE (use_for_time_limit: lower, or not set) bounds
//   the limit from below: limit >= T * ac_to_time_limit, T the slowest CPU time of
//   the submission over the tests the rule covers;
//   a rule whose requirement is exactly TLE (use_for_time_limit: upper, or not set)
//   bounds it from above: limit * time_limit_to_tle <= T, T the slowest CPU time
//   over its tests (a run stopped at the limit counts with the time it was stopped
//   at: run those with a generous limit);
//   the limit is the smallest multiple of time_resolution that meets every bound.
//
// Rules with use_for_time_limit: false bound nothing.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "verify/expectations.hpp"
#include "problem/problem.hpp"

namespace judge {

struct TestTime {
  std::string test;  // the test's name
  double cpu_s = 0;  // the submission's CPU time on it (the slowest pass of a multi-pass test)
};

enum class TimeBound { lower, upper };

struct TimeBoundSample {
  std::string submission;  // for messages: "accepted/binary.py"
  std::string origin;      // the rule that makes it a bound
  TimeBound bound = TimeBound::lower;
  double slowest_s = 0;    // its slowest CPU time over the rule's tests
};

// The bounds one submission's run gives, one per rule that bounds (rules whose tests
// have no time in `times` give none).
std::vector<TimeBoundSample> time_bounds_of(const ExampleSubmission& submission,
                                            const std::vector<TestTime>& times);

struct TimeLimitInference {
  std::optional<double> time_limit_s;   // nullopt: no limit meets every bound
  double lower_s = 0;                   // the limit must be at least this
  std::optional<double> upper_s;        // and at most this (nullopt: no upper bound)
  std::string explanation;              // which runs set the bounds, or why none fits
};

TimeLimitInference infer_time_limit(const std::vector<TimeBoundSample>& samples,
                                    const TimeLimitRule& rule);

}  // namespace judge
