#include "random_permutation.hpp"

#include <numeric>
#include <utility>

namespace egg_drop {

std::uint64_t Random::below(std::uint64_t bound) {
  // 2^64 mod bound: the values below it form the short last block of residues;
  // rejecting them leaves a multiple of `bound` equally likely values.
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

std::vector<int> random_permutation(int n, std::uint64_t seed) {
  std::vector<int> values(static_cast<std::size_t>(n));
  std::iota(values.begin(), values.end(), 1);
  Random random(seed);
  random.shuffle(values);
  return values;
}

}  // namespace egg_drop
