// The egg-drop test file (README.md):
//   line 1   N                        1 <= N <= 10^4
//   line 2   P                        the direction-change penalty, 0 <= P <= 10^9
//   line 3   the mode:
//            fixed                    line 4: p_1 ... p_N, a permutation of 1..N
//            random SEED              SEED a uint64: p = random_permutation(N, SEED)
// and nothing after. Any deviation is a judge error (the test data is broken).
#pragma once

#include <cstdint>
#include <vector>

#include <nlohmann/json.hpp>

#include "interactor.hpp"

namespace egg_drop {

struct EggTest {
  std::int64_t penalty = 0;
  // p_e, the lowest floor egg e shatters from, at index e - 1: a permutation of 1..N.
  std::vector<int> shatter_floor;
  // result.json facts describing the test: "n", "penalty", "mode", and "seed".
  nlohmann::json facts = nlohmann::json::object();

  int n() const { return static_cast<int>(shatter_floor.size()); }
};

EggTest read_test(interactor::TestFile& file);

}  // namespace egg_drop
