#include "random_permutation.hpp"

#include "seeded_random.hpp"

namespace egg_drop {

std::vector<int> random_permutation(int n, std::uint64_t seed) {
  interactor::SeededRandom random(seed);
  return interactor::random_permutation(n, random);
}

}  // namespace egg_drop
