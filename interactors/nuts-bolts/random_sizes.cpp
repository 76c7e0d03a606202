#include "random_sizes.hpp"

namespace nuts_bolts {

Sizes random_sizes(int n, std::uint64_t seed) {
  Random random(seed);
  Sizes sizes;
  sizes.nuts = random_permutation(n, random);
  sizes.bolts = random_permutation(n, random);
  return sizes;
}

}  // namespace nuts_bolts
