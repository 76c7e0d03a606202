#include "stress/stress_search.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/parse_number.hpp"

namespace judge {

namespace {

bool mentions(const std::vector<std::string>& words, const std::string& placeholder) {
  return std::any_of(words.begin(), words.end(),
                     [&](const std::string& word) { return word.find(placeholder) != std::string::npos; });
}

std::string replace_all(std::string text, const std::string& from, const std::string& to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
  return text;
}

// splitmix64: a well-mixed, reproducible size per seed.
std::uint64_t mix(std::uint64_t x) {
  x += 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

}  // namespace

void check_stress_plan(const StressPlan& plan) {
  if (!mentions(plan.args_template, "{seed}"))
    throw ConfigError("--args: the generator's arguments need {seed}, or every case would be the same test");
  const bool sized = mentions(plan.args_template, "{n}");
  if (sized && !plan.sizes) throw ConfigError("--args has {n}: give the sizes to try with --sizes LO..HI");
  if (!sized && plan.sizes) throw ConfigError("--sizes needs {n} in --args, where the size goes");
  if (plan.sizes && plan.sizes->first > plan.sizes->second)
    throw ConfigError(fmt::format("--sizes {}..{}: LO is above HI", plan.sizes->first, plan.sizes->second));
  if (plan.seeds < 1 || plan.seeds_per_size < 1 || plan.shrink_runs < 0)
    throw ConfigError("--seeds must be at least 1");
}

std::pair<std::int64_t, std::int64_t> parse_size_range(const std::string& text) {
  const auto dots = text.find("..");
  if (dots != std::string::npos) {
    const auto lo = parse_integer<std::int64_t>(std::string_view(text).substr(0, dots));
    const auto hi = parse_integer<std::int64_t>(std::string_view(text).substr(dots + 2));
    if (lo && hi) return {*lo, *hi};
  }
  throw ConfigError(fmt::format("--sizes {}: expected LO..HI, e.g. 2..1000", text));
}

StressCase make_case(const StressPlan& plan, std::uint64_t seed, std::optional<std::int64_t> n) {
  StressCase c;
  c.seed = seed;
  c.n = n;
  for (const auto& word : plan.args_template) {
    std::string filled = replace_all(word, "{seed}", std::to_string(seed));
    if (n) filled = replace_all(filled, "{n}", std::to_string(*n));
    c.args.push_back(filled);
  }
  return c;
}

std::int64_t size_for_seed(const StressPlan& plan, std::uint64_t seed) {
  const auto [lo, hi] = *plan.sizes;
  const auto span = static_cast<std::uint64_t>(hi - lo) + 1;
  return lo + static_cast<std::int64_t>(mix(seed) % span);
}

StressOutcome stress_search(const StressPlan& plan, const std::function<bool(const StressCase&)>& try_case) {
  check_stress_plan(plan);
  StressOutcome outcome;
  for (std::int64_t i = 1; i <= plan.seeds && !outcome.first_failure; ++i) {
    const auto seed = static_cast<std::uint64_t>(i);
    StressCase c = make_case(plan, seed, plan.sizes ? std::optional(size_for_seed(plan, seed)) : std::nullopt);
    ++outcome.runs;
    if (try_case(c)) outcome.first_failure = c;
  }
  if (!outcome.first_failure) return outcome;
  outcome.smallest = outcome.first_failure;
  if (!plan.sizes) return outcome;
  // Shrink: the smallest size that fails, trying sizes upwards from LO.
  const std::uint64_t failing_seed = outcome.first_failure->seed;
  std::int64_t budget = plan.shrink_runs;
  for (std::int64_t n = plan.sizes->first; n < *outcome.first_failure->n && budget > 0; ++n) {
    outcome.sizes_tried_up_to = n;
    for (std::int64_t k = 0; k < plan.seeds_per_size && budget > 0; ++k, --budget) {
      // The failing seed first, then seeds 1, 2, ... (skipping it).
      std::uint64_t seed = k == 0 ? failing_seed : static_cast<std::uint64_t>(k);
      if (k > 0 && seed >= failing_seed) ++seed;
      StressCase c = make_case(plan, seed, n);
      ++outcome.runs;
      if (try_case(c)) {
        outcome.smallest = c;
        return outcome;
      }
    }
  }
  return outcome;
}

}  // namespace judge
