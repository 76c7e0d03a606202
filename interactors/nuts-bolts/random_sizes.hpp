// Reproducible random sizes: the same seed gives the same permutations with every
// compiler and standard library. std::mt19937_64's output is fixed by the standard, but
// std::uniform_int_distribution and std::shuffle are not, so both are written here:
//   below(b):  draw x from mt19937_64 until x >= (2^64 - b) mod b, return x mod b
//              (rejection sampling: unbiased)
//   shuffle:   Fisher-Yates, for i = n-1 down to 1: swap(a[i], a[below(i + 1)])
//   random_sizes(n, seed): engine seeded with `seed`; nuts = shuffle(1..n), then
//              bolts = shuffle(1..n) with the same engine.
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "size_oracle.hpp"

namespace nuts_bolts {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  // Uniform in [0, bound); bound >= 1.
  std::uint64_t below(std::uint64_t bound);
  void shuffle(std::vector<int>& values);

 private:
  std::mt19937_64 engine_;
};

// A uniformly random permutation of 1..n.
std::vector<int> random_permutation(int n, Random& random);

// A uniformly random pair of size permutations, drawn from `seed`.
Sizes random_sizes(int n, std::uint64_t seed);

}  // namespace nuts_bolts
