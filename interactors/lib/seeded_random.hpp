// SeededRandom: randomness that is the same for a seed on every compiler and
// standard library, for interactors and test generators (a test file that says
// `random SEED` must mean the same test everywhere). std::mt19937_64's output is
// fixed by the standard; its uniform integer distribution and std::shuffle are not,
// so both are written here:
//   below(b):  draw x from mt19937_64 until x >= (2^64 - b) mod b, return x mod b
//              (rejection sampling: unbiased)
//   shuffle:   Fisher-Yates, for i = n-1 down to 1: swap(a[i], a[below(i + 1)])
//   random_permutation(n, random): shuffle(1..n)
#pragma once

#include <cstdint>
#include <random>
#include <vector>

namespace interactor {

class SeededRandom {
 public:
  explicit SeededRandom(std::uint64_t seed) : engine_(seed) {}
  // Uniform in [0, bound); bound >= 1 (std::invalid_argument otherwise).
  std::uint64_t below(std::uint64_t bound);
  void shuffle(std::vector<int>& values);

 private:
  std::mt19937_64 engine_;
};

// 1, 2, ..., n.
std::vector<int> ascending_permutation(int n);

// A uniformly random permutation of 1..n: shuffle(ascending_permutation(n)).
std::vector<int> random_permutation(int n, SeededRandom& random);

}  // namespace interactor
