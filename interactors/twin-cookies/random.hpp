// Reproducible randomness for the `random` and `spoiler` strategies and the generator:
// the same seed gives the same choices with every compiler and standard library.
// std::mt19937_64's output is fixed by the standard; std::uniform_int_distribution is
// not, so bounded integers are drawn here:
//   below(b): draw x from mt19937_64 until x >= (2^64 - b) mod b, return x mod b
//             (rejection sampling: unbiased).
#pragma once

#include <cstdint>
#include <random>

namespace twin_cookies {

class Random {
 public:
  explicit Random(std::uint64_t seed) : engine_(seed) {}
  // Uniform in [0, bound); bound >= 1 (std::invalid_argument otherwise).
  std::uint64_t below(std::uint64_t bound);

 private:
  std::mt19937_64 engine_;
};

}  // namespace twin_cookies
