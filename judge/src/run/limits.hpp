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

// As JSON (a batch journal keeps each test's limits): every field by its name; a
// field missing from the JSON keeps its default.
NLOHMANN_DEFINE_TYPE_NON_INTRUSIVE_WITH_DEFAULT(Limits, cpu_ms, wall_ms, memory_kib, output_kib, processes,
                                                passes, interactor_cpu_ms, interactor_memory_kib)

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
