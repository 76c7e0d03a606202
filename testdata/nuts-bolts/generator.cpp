// nuts-bolts test generator: writes one test file (format: interactors/nuts-bolts/
// README.md) to stdout. Everything comes from argv, the seed included; never the clock.
//   generator sample                        the statement's sample (n = 5)
//   generator sorted N [strict]             nut i and bolt i both have size i
//   generator reversed N [strict]           nut i has size i, bolt i has size N + 1 - i
//   generator fixed-random N SEED [strict]  a `fixed` test with random_sizes(N, SEED)
//   generator random N SEED [strict]        a `random SEED` test (the interactor draws the sizes)
//   generator punish N SEED [plain]         a `punish SEED` test (lazy sizes, predictable pivots punished)
//   generator probe N SEED [plain]          a `probe SEED` test (worst adversary, then a replay)
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "generator.hpp"
#include "seeded_random.hpp"
#include "random_sizes.hpp"
#include "test_format.hpp"

namespace {

constexpr std::string_view kUsage =
    "usage: generator sample\n"
    "       generator sorted N [strict]\n"
    "       generator reversed N [strict]\n"
    "       generator fixed-random N SEED [strict]\n"
    "       generator random N SEED [strict]\n"
    "       generator punish N SEED [plain]\n"
    "       generator probe N SEED [plain]\n"
    "N: 2..1000, SEED: 0..18446744073709551615\n";

std::string generate(const std::vector<std::string_view>& args) {
  const std::string_view command = args[0];  // run_generator: there is one
  // `count` arguments, then optionally the word `option` (returns whether it is there).
  const auto expect_args = [&](std::size_t count, std::string_view option = {}) {
    if (!option.empty() && args.size() == count + 2) {
      if (args.back() != option) {
        throw interactor::GeneratorUsageError{
            fmt::format("'{}' takes '{}' after its arguments, got '{}'", command, option, args.back())};
      }
      return true;
    }
    if (args.size() != count + 1) {
      throw interactor::GeneratorUsageError{fmt::format("'{}' takes {} argument(s){}, got {}", command, count,
                                   option.empty() ? "" : fmt::format(" and optionally '{}'", option),
                                   args.size() - 1)};
    }
    return false;
  };
  if (command == "sample") {
    expect_args(0);
    // Consistent with every answer of the statement's sample; its answer is ! 4 3 2 5 1.
    return nuts_bolts::fixed_test_text({{1, 2, 5, 4, 3}, {3, 5, 2, 1, 4}}, false);
  }
  if (command == "sorted") {
    const bool strict = expect_args(1, "strict");
    const int n = interactor::size_argument(args[1], nuts_bolts::kNRange);
    const std::vector<int> sizes = interactor::ascending_permutation(n);
    return nuts_bolts::fixed_test_text({sizes, sizes}, strict);
  }
  if (command == "reversed") {
    const bool strict = expect_args(1, "strict");
    const int n = interactor::size_argument(args[1], nuts_bolts::kNRange);
    std::vector<int> bolts = interactor::ascending_permutation(n);
    std::reverse(bolts.begin(), bolts.end());
    return nuts_bolts::fixed_test_text({interactor::ascending_permutation(n), bolts}, strict);
  }
  if (command == "fixed-random") {
    const bool strict = expect_args(2, "strict");
    const nuts_bolts::Sizes sizes = nuts_bolts::random_sizes(interactor::size_argument(args[1], nuts_bolts::kNRange),
                                                             interactor::seed_argument(args[2]));
    return nuts_bolts::fixed_test_text(sizes, strict);
  }
  for (const auto& [mode, option] : {std::pair{"random", "strict"}, {"punish", "plain"}, {"probe", "plain"}}) {
    if (command != mode) continue;
    const bool with_option = expect_args(2, option);
    const int n = interactor::size_argument(args[1], nuts_bolts::kNRange);
    const std::uint64_t seed = interactor::seed_argument(args[2]);
    return fmt::format("{}\n{} {}{}\n", n, mode, seed, with_option ? fmt::format(" {}", option) : "");
  }
  throw interactor::GeneratorUsageError{fmt::format("unknown command '{}'", command)};
}

}  // namespace

int main(int argc, char** argv) { return interactor::run_generator(argc, argv, kUsage, generate); }
