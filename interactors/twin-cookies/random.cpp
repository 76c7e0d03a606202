#include "random.hpp"

#include <stdexcept>

namespace twin_cookies {

std::uint64_t Random::below(std::uint64_t bound) {
  if (bound == 0) throw std::invalid_argument("Random::below(0)");
  // 2^64 mod bound, in 64-bit arithmetic: the draws below it form the short partial
  // block of residues; dropping them leaves a whole number of blocks.
  const std::uint64_t threshold = (0 - bound) % bound;
  for (;;) {
    const std::uint64_t x = engine_();
    if (x >= threshold) return x % bound;
  }
}

}  // namespace twin_cookies
