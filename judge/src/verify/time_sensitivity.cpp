#include "verify/time_sensitivity.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

namespace judge {

namespace {

// The CPU time a test's verdict is judged by: the slowest of its passes.
std::int64_t slowest_cpu_ms(const RunResult& run) {
  std::int64_t slowest = 0;
  for (const auto& test : run.tests) {
    slowest = std::max(slowest, test.facts.submission.exit.cpu_ms);
    if (test.passes.is_array())
      for (const auto& pass : test.passes) slowest = std::max(slowest, pass.value("cpu_ms", std::int64_t{0}));
  }
  return slowest;
}

bool stopped_at_a_time_limit(const RunResult& run) {
  return std::any_of(run.tests.begin(), run.tests.end(), [](const TestOutcome& test) {
    return test.decision.verdict == Verdict::TLE || test.decision.verdict == Verdict::ILE;
  });
}

}  // namespace

TimeSensitivity time_sensitivity(const RunResult& at_limit, const RunResult& at_high, const TimeLimitRule& rule) {
  TimeSensitivity result;
  result.time_limit_ms = at_limit.limits.cpu_ms;
  result.high_limit_ms = at_high.limits.cpu_ms;
  result.at_limit = at_limit.verdict;
  result.at_high_limit = at_high.verdict;
  result.slowest_cpu_ms = slowest_cpu_ms(at_limit);
  result.close_above_ms = static_cast<std::int64_t>(std::floor(static_cast<double>(result.time_limit_ms) /
                                                               std::max(rule.ac_to_time_limit, 1.0)));
  result.cut_short = std::llround(static_cast<double>(result.time_limit_ms) * rule.time_limit_to_tle) >
                         result.high_limit_ms &&
                     stopped_at_a_time_limit(at_high);
  result.sensitive = result.at_limit != result.at_high_limit;
  result.close_to_limit = result.at_limit == Verdict::AC && result.slowest_cpu_ms > result.close_above_ms;
  return result;
}

std::string sensitivity_warning(const TimeSensitivity& sensitivity) {
  if (sensitivity.sensitive)
    return fmt::format("sensitive to time limit: {} ms -> {}, {} ms -> {}", sensitivity.time_limit_ms,
                       verdict_name(sensitivity.at_limit), sensitivity.high_limit_ms,
                       verdict_name(sensitivity.at_high_limit));
  if (sensitivity.close_to_limit)
    return fmt::format("close to the limit: {} ms is over {} ms (the time limit / ac_to_time_limit)",
                       sensitivity.slowest_cpu_ms, sensitivity.close_above_ms);
  return "";
}

nlohmann::json sensitivity_to_json(const TimeSensitivity& sensitivity) {
  return {{"time_limit_ms", sensitivity.time_limit_ms},
          {"high_limit_ms", sensitivity.high_limit_ms},
          {"verdict_at_limit", verdict_name(sensitivity.at_limit)},
          {"verdict_at_high_limit", verdict_name(sensitivity.at_high_limit)},
          {"slowest_cpu_ms", sensitivity.slowest_cpu_ms},
          {"close_above_ms", sensitivity.close_above_ms},
          {"sensitive", sensitivity.sensitive},
          {"close_to_limit", sensitivity.close_to_limit},
          {"cut_short", sensitivity.cut_short},
          {"warning", sensitivity_warning(sensitivity)}};
}

}  // namespace judge
