#include "random_sizes.hpp"

#include <numeric>
#include <utility>

namespace nuts_bolts {

std::uint64_t Random::below(std::uint64_t bound) {
  // 2^64 mod bound, in 64-bit arithmetic: the values below it are the "short" last
  // partial block of residues; dropping them leaves a multiple of `bound` values.
  const std::uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const std::uint64_t x = engine_();
    if (x >= threshold) return x % bound;
  }
}

void Random::shuffle(std::vector<int>& values) {
  for (std::size_t i = values.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(below(i));
    std::swap(values[i - 1], values[j]);
  }
}

std::vector<int> random_permutation(int n, Random& random) {
  std::vector<int> values(static_cast<std::size_t>(n));
  std::iota(values.begin(), values.end(), 1);
  random.shuffle(values);
  return values;
}

Sizes random_sizes(int n, std::uint64_t seed) {
  Random random(seed);
  Sizes sizes;
  sizes.nuts = random_permutation(n, random);
  sizes.bolts = random_permutation(n, random);
  return sizes;
}

}  // namespace nuts_bolts
