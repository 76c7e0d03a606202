#include "verify/time_limit_inference.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/core.h>

#include "verify/path_glob.hpp"

namespace judge {

namespace {

// Slack for floating-point noise: 0.3 s * 2 is 0.6 s, not the next multiple of 0.1.
constexpr double epsilon = 1e-9;

bool permits_tle(const ExpectationRule& rule) {
  return std::any_of(rule.permitted.begin(), rule.permitted.end(),
                     [](Verdict verdict) { return icpc_class(verdict) == Verdict::TLE; });
}

bool requires_exactly_tle(const ExpectationRule& rule) {
  return !rule.required.empty() &&
         std::all_of(rule.required.begin(), rule.required.end(),
                     [](Verdict verdict) { return icpc_class(verdict) == Verdict::TLE; });
}

std::optional<TimeBound> bound_of(const ExpectationRule& rule) {
  switch (rule.time_limit) {
    case TimeLimitUse::none: return std::nullopt;
    case TimeLimitUse::lower: return TimeBound::lower;
    case TimeLimitUse::upper: return TimeBound::upper;
    case TimeLimitUse::automatic: break;
  }
  if (requires_exactly_tle(rule)) return TimeBound::upper;
  if (!permits_tle(rule)) return TimeBound::lower;
  return std::nullopt;
}

}  // namespace

std::vector<TimeBoundSample> time_bounds_of(const ExampleSubmission& submission,
                                            const std::vector<TestTime>& times) {
  std::vector<TimeBoundSample> samples;
  for (const auto& rule : submission.rules) {
    const auto bound = bound_of(rule);
    if (!bound) continue;
    std::optional<double> slowest;
    for (const auto& time : times) {
      const bool in = rule.tests.empty() ||
                      std::any_of(rule.tests.begin(), rule.tests.end(), [&](const std::string& glob) {
                        return glob_matches_path(glob, time.test);
                      });
      if (in) slowest = std::max(slowest.value_or(0.0), time.cpu_s);
    }
    if (slowest) samples.push_back({submission.name, rule.origin, *bound, *slowest});
  }
  return samples;
}

TimeLimitInference infer_time_limit(const std::vector<TimeBoundSample>& samples,
                                    const TimeLimitRule& rule) {
  TimeLimitInference result;
  const TimeBoundSample* slowest_lower = nullptr;
  const TimeBoundSample* fastest_upper = nullptr;
  for (const auto& sample : samples) {
    if (sample.bound == TimeBound::lower && (!slowest_lower || sample.slowest_s > slowest_lower->slowest_s))
      slowest_lower = &sample;
    if (sample.bound == TimeBound::upper && (!fastest_upper || sample.slowest_s < fastest_upper->slowest_s))
      fastest_upper = &sample;
  }
  if (!slowest_lower) {
    result.explanation = "no run bounds the time limit from below (an accepted submission that "
                         "ran is needed)";
    return result;
  }
  result.lower_s = slowest_lower->slowest_s * rule.ac_to_time_limit;
  std::string why = fmt::format("{} took {:.3f} s, so the limit is at least {:.3f} s ({} x {:g})",
                                slowest_lower->submission, slowest_lower->slowest_s, result.lower_s,
                                slowest_lower->slowest_s, rule.ac_to_time_limit);
  if (fastest_upper) {
    result.upper_s = fastest_upper->slowest_s / rule.time_limit_to_tle;
    why += fmt::format("; {} took {:.3f} s, so it is at most {:.3f} s ({} / {:g})",
                       fastest_upper->submission, fastest_upper->slowest_s, *result.upper_s,
                       fastest_upper->slowest_s, rule.time_limit_to_tle);
  }
  const double multiples = std::max(1.0, std::ceil(result.lower_s / rule.resolution_s - epsilon));
  const double limit = std::round(multiples * rule.resolution_s * 1e9) / 1e9;
  if (result.upper_s && limit > *result.upper_s + epsilon) {
    result.explanation = fmt::format("no multiple of {:g} s fits: {}", rule.resolution_s, why);
    return result;
  }
  result.time_limit_s = limit;
  result.explanation = fmt::format("{:g} s: {}", limit, why);
  return result;
}

}  // namespace judge
