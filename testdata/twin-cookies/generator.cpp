// twin-cookies test generator: writes one test file (format: interactors/twin-cookies/
// README.md) to stdout. Everything comes from argv, the seed included; never the clock.
//   generator sample 1                   the statement's first sample (n = 1)
//   generator sample 2                   the second sample (n = 2, `random 9`: the
//                                        sample's orders get the sample's cookies)
//   generator fixed N STRATEGY SEED      n = N
//   generator between LO HI STRATEGY SEED
//                                        n drawn uniformly from LO..HI with SEED
//                                        (Random::below), the courier seeded with SEED
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "courier.hpp"
#include "limits.hpp"
#include "generator.hpp"
#include "random.hpp"

namespace {

constexpr std::string_view kUsage =
    "usage: generator sample 1|2\n"
    "       generator fixed N STRATEGY SEED\n"
    "       generator between LO HI STRATEGY SEED\n"
    "N, LO <= HI: 1..5000, STRATEGY: random, min, max, first, last, spoiler, SEED: 0..18446744073709551615\n";

std::string_view parse_strategy(std::string_view text) {
  if (!twin_cookies::strategy_from_name(text)) {
    throw interactor::GeneratorUsageError{
        fmt::format("unknown STRATEGY '{}' (known: {})", text, twin_cookies::strategy_names())};
  }
  return text;
}

std::string test(int n, std::string_view strategy, std::uint64_t seed) {
  return fmt::format("{}\n{} {}\n", n, strategy, seed);
}

std::string generate(const std::vector<std::string_view>& args) {
  const std::string_view command = args[0];  // run_generator: there is one
  const auto expect_args = [&](std::size_t count) { interactor::expect_argument_count(args, count); };
  if (command == "sample") {
    expect_args(1);
    if (args[1] == "1") return test(1, "random", 1);  // n = 1: every order is what arrives
    if (args[1] == "2") return test(2, "random", 9);  // delivers 7, 2, 5 for ? 3 7, ? 2 8, ? 1 5
    throw interactor::GeneratorUsageError{fmt::format("there are samples 1 and 2, not '{}'", args[1])};
  }
  if (command == "fixed") {
    expect_args(3);
    return test(interactor::size_argument(args[1], twin_cookies::kNRange), parse_strategy(args[2]),
                interactor::seed_argument(args[3]));
  }
  if (command == "between") {
    expect_args(4);
    const int low = interactor::size_argument(args[1], twin_cookies::kNRange);
    const int high = interactor::size_argument(args[2], twin_cookies::kNRange);
    if (low > high) throw interactor::GeneratorUsageError{fmt::format("LO = {} is above HI = {}", low, high)};
    const std::uint64_t seed = interactor::seed_argument(args[4]);
    twin_cookies::Random random(seed);
    const auto n = low + static_cast<int>(random.below(static_cast<std::uint64_t>(high - low) + 1));
    return test(n, parse_strategy(args[3]), seed);
  }
  throw interactor::GeneratorUsageError{fmt::format("unknown command '{}'", command)};
}

}  // namespace

int main(int argc, char** argv) { return interactor::run_generator(argc, argv, kUsage, generate); }
