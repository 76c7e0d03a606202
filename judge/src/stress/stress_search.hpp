// The search of `judge stress`, apart from processes: which generator arguments to
// try, in which order, and how a failure is shrunk to the smallest size. The command
// (stress_command.cpp) supplies `try_case`, which generates the test and judges it;
// the tests (stress_search_test.cpp) supply a fake.
//
// The generator's arguments are a template: {seed} becomes the case's seed and {n}
// its size. Case i (1-based) has seed i and, when the template has {n}, a size drawn
// from LO..HI by the seed (sizes of every magnitude are tried from the start). After
// the first failure, sizes LO, LO+1, ... below the failing one are tried, each with
// `seeds_per_size` seeds (the failing seed first), until one fails or
// `shrink_runs` runs are spent: the smallest failing size found is reported.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace judge {

struct StressPlan {
  std::vector<std::string> args_template = {"{seed}"};
  std::optional<std::pair<std::int64_t, std::int64_t>> sizes;  // {n}: LO..HI
  std::int64_t seeds = 100;                                      // cases before giving up
  std::int64_t seeds_per_size = 5;
  std::int64_t shrink_runs = 300;
};

struct StressCase {
  std::uint64_t seed = 0;
  std::optional<std::int64_t> n;
  std::vector<std::string> args;  // the template filled in
};

struct StressOutcome {
  std::int64_t runs = 0;                    // cases judged, shrinking included
  std::optional<StressCase> first_failure;  // none: every case passed
  std::optional<StressCase> smallest;       // the smallest failing size found (== first without {n})
  std::int64_t sizes_tried_up_to = 0;       // shrinking tried LO..this (with {n})
};

// Throws ConfigError for a template without {seed}, {n} without sizes (or sizes
// without {n}), an empty or reversed range, or counts below 1.
void check_stress_plan(const StressPlan& plan);

// "LO..HI" -> the range; ConfigError otherwise.
std::pair<std::int64_t, std::int64_t> parse_size_range(const std::string& text);

StressCase make_case(const StressPlan& plan, std::uint64_t seed, std::optional<std::int64_t> n);

// The size case `seed` tries before shrinking.
std::int64_t size_for_seed(const StressPlan& plan, std::uint64_t seed);

// Runs the search; `try_case` returns true when the case failed.
StressOutcome stress_search(const StressPlan& plan, const std::function<bool(const StressCase&)>& try_case);

}  // namespace judge
