// Reproducible random sizes, from the interactor library's SeededRandom (the same
// draws for a seed with every compiler and standard library: lib/seeded_random.hpp):
//   random_sizes(n, seed): the engine seeded with `seed`; nuts = random_permutation(n),
//              then bolts = random_permutation(n) with the same engine.
#pragma once

#include <cstdint>
#include <vector>

#include "seeded_random.hpp"
#include "size_oracle.hpp"

namespace nuts_bolts {

// The adversaries' randomness (lazy_oracle.hpp) is the library's.
using Random = interactor::SeededRandom;
using interactor::random_permutation;

// A uniformly random pair of size permutations, drawn from `seed`.
Sizes random_sizes(int n, std::uint64_t seed);

}  // namespace nuts_bolts
