// egg-drop's `random SEED` permutation, from the interactor library's SeededRandom
// (the same for a seed on every compiler and standard library).
#pragma once

#include <cstdint>
#include <vector>

namespace egg_drop {

// p for a `random SEED` test: a uniformly random permutation of 1..n.
std::vector<int> random_permutation(int n, std::uint64_t seed);

}  // namespace egg_drop
