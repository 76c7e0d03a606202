#include "test_format.hpp"

#include <string>

#include <fmt/format.h>

#include "limits.hpp"
#include "random_permutation.hpp"

namespace egg_drop {
namespace {

using interactor::Line;
using interactor::TestFile;

std::vector<int> read_permutation(TestFile& file, int n) {
  Line line = file.read_line("the permutation");
  line.set_shape(fmt::format("the permutation (p_1 ... p_{}, a permutation of 1..{})", n, n));
  std::vector<int> values;
  std::vector<int> egg_of_floor(static_cast<std::size_t>(n) + 1, 0);
  for (int egg = 1; egg <= n; ++egg) {
    const auto floor = static_cast<int>(line.read_int(1, n, fmt::format("p_{}", egg)));
    if (const int earlier = egg_of_floor[static_cast<std::size_t>(floor)]; earlier != 0) {
      line.fail(fmt::format("{} appears as p_{} and as p_{}", floor, earlier, egg));
    }
    egg_of_floor[static_cast<std::size_t>(floor)] = egg;
    values.push_back(floor);
  }
  line.expect_end();
  return values;
}

}  // namespace

EggTest read_test(TestFile& file) {
  const auto n = static_cast<int>(file.read_int_line(kNRange, "N"));
  EggTest test;
  test.penalty = file.read_int_line(kPenaltyRange, "P");

  Line mode_line = file.read_line("the mode");
  mode_line.set_shape("'fixed' or 'random SEED'");
  const std::string mode(mode_line.read_token("the mode"));
  test.facts = {{"n", n}, {"penalty", test.penalty}, {"mode", mode}};
  if (mode == "fixed") {
    mode_line.expect_end();
    test.shatter_floor = read_permutation(file, n);
  } else if (mode == "random") {
    const std::uint64_t seed = mode_line.read_uint64("SEED");
    mode_line.expect_end();
    test.shatter_floor = random_permutation(n, seed);
    test.facts["seed"] = seed;
  } else {
    mode_line.fail(fmt::format("unknown mode {}", interactor::quote(mode)));
  }
  file.expect_eof();
  return test;
}

}  // namespace egg_drop
