// egg-drop test generator: writes one test file (format: interactors/egg-drop/
// README.md) to stdout. Everything comes from argv, the seed included; never the clock.
//   generator sample                  the statement's sample (N = 3, p = 2 1 3, P = 3)
//   generator sorted N P              p_e = e
//   generator reversed N P            p_e = N + 1 - e
//   generator fixed-random N P SEED   a `fixed` test with random_permutation(N, SEED)
//   generator random N P SEED         a `random SEED` test (the interactor draws p)
#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "limits.hpp"
#include "generator.hpp"
#include "seeded_random.hpp"
#include "random_permutation.hpp"

namespace {

constexpr std::string_view kUsage =
    "usage: generator sample\n"
    "       generator sorted N P\n"
    "       generator reversed N P\n"
    "       generator fixed-random N P SEED\n"
    "       generator random N P SEED\n"
    "N: 1..10000, P: 0..1000000000, SEED: 0..18446744073709551615\n";

std::string fixed_test(std::int64_t penalty, const std::vector<int>& shatter_floor) {
  return fmt::format("{}\n{}\nfixed\n{}\n", shatter_floor.size(), penalty, fmt::join(shatter_floor, " "));
}

std::string generate(const std::vector<std::string_view>& args) {
  const std::string_view command = args[0];  // run_generator: there is one
  const auto expect_args = [&](std::size_t count) { interactor::expect_argument_count(args, count); };
  if (command == "sample") {
    expect_args(0);
    return fixed_test(3, {2, 1, 3});
  }
  const auto n_arg = [&] {
    return interactor::size_argument(args[1], egg_drop::kNRange);
  };
  const auto penalty_arg = [&] {
    return interactor::integer_argument(args[2], egg_drop::kPenaltyRange, "P");
  };
  if (command == "sorted") {
    expect_args(2);
    return fixed_test(penalty_arg(), interactor::ascending_permutation(n_arg()));
  }
  if (command == "reversed") {
    expect_args(2);
    std::vector<int> floors = interactor::ascending_permutation(n_arg());
    std::reverse(floors.begin(), floors.end());
    return fixed_test(penalty_arg(), floors);
  }
  if (command == "fixed-random") {
    expect_args(3);
    return fixed_test(penalty_arg(), egg_drop::random_permutation(n_arg(), interactor::seed_argument(args[3])));
  }
  if (command == "random") {
    expect_args(3);
    const int n = n_arg();
    const std::int64_t penalty = penalty_arg();
    return fmt::format("{}\n{}\nrandom {}\n", n, penalty, interactor::seed_argument(args[3]));
  }
  throw interactor::GeneratorUsageError{fmt::format("unknown command '{}'", command)};
}

}  // namespace

int main(int argc, char** argv) { return interactor::run_generator(argc, argv, kUsage, generate); }
