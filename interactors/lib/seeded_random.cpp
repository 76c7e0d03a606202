#include "seeded_random.hpp"

#include <numeric>
#include <stdexcept>
#include <utility>

namespace interactor {

std::uint64_t SeededRandom::below(std::uint64_t bound) {
  if (bound == 0) throw std::invalid_argument("SeededRandom::below(0)");
  // 2^64 mod bound, in 64-bit arithmetic: the draws below it form the short partial
  // block of residues; dropping them leaves a whole number of blocks.
  const std::uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const std::uint64_t x = engine_();
    if (x >= threshold) return x % bound;
  }
}

void SeededRandom::shuffle(std::vector<int>& values) {
  for (std::size_t i = values.size(); i > 1; --i) {
    const auto j = static_cast<std::size_t>(below(i));
    std::swap(values[i - 1], values[j]);
  }
}

std::vector<int> ascending_permutation(int n) {
  std::vector<int> values(static_cast<std::size_t>(n));
  std::iota(values.begin(), values.end(), 1);
  return values;
}

std::vector<int> random_permutation(int n, SeededRandom& random) {
  std::vector<int> values = ascending_permutation(n);
  random.shuffle(values);
  return values;
}

}  // namespace interactor
