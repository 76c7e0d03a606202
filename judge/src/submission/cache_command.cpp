#include "submission/cache_command.hpp"

#include <cstdio>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "submission/build_cache.hpp"
#include "submission/cache_dir.hpp"

namespace judge {

namespace {

std::string mib(std::uint64_t bytes) { return fmt::format("{:.1f} MiB", static_cast<double>(bytes) / (1024 * 1024)); }

}  // namespace

int run_cache_command(const CacheOptions& options) {
  if (options.stats && options.clear) throw ConfigError("judge cache: give --stats or --clear, not both");
  const BuildCache cache(default_cache_dir());
  if (options.clear) {
    const CacheStats before = cache.stats();
    cache.clear();
    fmt::print("judge cache: removed {} from {}\n",
               mib(before.sources_bytes + before.builds_bytes + before.other_bytes), cache.dir().string());
    return 0;
  }
  const CacheStats stats = cache.stats();
  fmt::print("compile cache {} (bound {} for sources and builds, least recently used first out; "
             "$JUDGE_CACHE_MAX_MIB)\n",
             cache.dir().string(), mib(stats.bound_bytes));
  fmt::print("  sources  {:>6} entries  {:>12}  submissions' files as taken in\n", stats.sources, mib(stats.sources_bytes));
  fmt::print("  builds   {:>6} entries  {:>12}  compiled submissions and package programs\n", stats.builds,
             mib(stats.builds_bytes));
  fmt::print("  other    {:>6} folders  {:>12}  generated tests, what older judges left (not bounded)\n", stats.other,
             mib(stats.other_bytes));
  std::fflush(stdout);
  return 0;
}

}  // namespace judge
