// Limits: every limit one test runs under, in one value. Built once per run, from
// the problem's configuration and the command line's overrides (resolve_limits),
// then passed whole: to the runner, to each test's Interaction, to the spawn of each
// process, and into the test's facts, where the verdict reads the limits that were
// really enforced.
//
// The query limit is not here: it depends on each test (nuts-bolts: 5 n log2 n) and
// is the interactor's to enforce and report (result.json "query_limit").
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace judge {

struct Limits {
  std::int64_t cpu_ms = 2000;                // the submission's CPU time (user + system)
  std::int64_t wall_ms = 5000;               // wall clock, for the whole test
  std::int64_t memory_kib = 256 * 1024;      // the submission's memory
  std::int64_t output_kib = 8192;            // the largest file it may write (stderr too)
  std::int64_t processes = 64;               // processes and threads at once
  std::int64_t passes = 2;                   // passes of one multi-pass test, at most
  std::int64_t interactor_cpu_ms = 20000;    // the interactor's own CPU time
  std::int64_t interactor_memory_kib = 2048 * 1024;  // the interactor's address space
};

// What a CMS Communication process may write into its channel to the manager
// (run/fifo_channels.hpp): its output limit, but at least 64 MiB. A CMS task states no
// output limit (8 MiB is the judge's default for files), and a task of many queries
// sends its manager far more than any file it writes; the bound is there so that a
// flood cannot keep the manager reading until the wall limit.
inline constexpr std::int64_t cms_channel_min_kib = 64 * 1024;
inline std::int64_t cms_channel_limit_kib(const Limits& limits) {
  return limits.output_kib > cms_channel_min_kib ? limits.output_kib : cms_channel_min_kib;
}

// As JSON (a batch journal keeps each test's limits): every field by its name; a
// field missing from the JSON keeps its default.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Limits, cpu_ms, wall_ms, memory_kib, output_kib, processes,
                                                passes, interactor_cpu_ms, interactor_memory_kib)

// The range every limit must lie in, wherever it comes from (problem.json, the
// command line; docs/problem-format.md lists them). The bounds keep every product
// the judge computes from a limit (KiB from MiB, a wall limit from a CPU limit,
// nanoseconds from ms) far inside 64 bits, and the lower memory bound is what a
// boxed program needs to start at all (a limit below it would be reported but not
// enforced).
struct LimitRange {
  const char* key;  // as problem.json spells it
  std::int64_t min;
  std::int64_t max;
};
inline constexpr LimitRange time_limit_range{"time_limit_ms", 1, 3'600'000};
inline constexpr LimitRange wall_limit_range{"wall_limit_ms", 1, 4 * 3'600'000};
inline constexpr LimitRange memory_range{"memory_mib", 16, 1'048'576};
inline constexpr LimitRange output_range{"output_limit_kib", 1, 16 * 1024 * 1024};
inline constexpr LimitRange process_range{"process_limit", 1, 100'000};
inline constexpr LimitRange interactor_time_range{"interactor_time_limit_ms", 1, 4 * 3'600'000};
inline constexpr LimitRange interactor_memory_range{"interactor_memory_mib", 16, 1'048'576};
inline constexpr LimitRange pass_range{"pass_limit", 1, 1000};

// Throws ConfigError naming `where` (a file, "--memory-mib"), the key and the range.
void check_limit_range(const LimitRange& range, std::int64_t value, const std::string& where);

// The wall limit a CPU limit gets when nothing else is said: room for the CPU time
// twice over (a round trip costs both processes) plus a second for start-up.
std::int64_t default_wall_ms(std::int64_t cpu_ms);

// What the command line may change (judge run --time-limit-ms, --memory-mib).
struct LimitOverrides {
  std::optional<std::int64_t> cpu_ms;
  std::optional<std::int64_t> memory_mib;
};

// The problem's limits with the overrides applied. A new CPU limit moves the wall
// limit to max(the problem's, default_wall_ms(new CPU limit)).
Limits resolve_limits(const Limits& problem_limits, const LimitOverrides& overrides);

}  // namespace judge
