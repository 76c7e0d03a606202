#include "query_limit.hpp"

#include <bit>
#include <stdexcept>
#include <vector>

namespace nuts_bolts {

std::int64_t query_limit(int n) {
  if (n < 1) throw std::invalid_argument("query_limit: n must be positive");
  // n^(5n) as little-endian 32-bit limbs, multiplied up by n one factor at a time
  // (at most 5000 multiplications of a 50,000-bit number: well under a millisecond).
  std::vector<std::uint32_t> power = {1};
  for (int factor = 0; factor < 5 * n; ++factor) {
    std::uint64_t carry = 0;
    for (std::uint32_t& limb : power) {
      const std::uint64_t product = std::uint64_t{limb} * static_cast<std::uint64_t>(n) + carry;
      limb = static_cast<std::uint32_t>(product);
      carry = product >> 32;
    }
    if (carry != 0) power.push_back(static_cast<std::uint32_t>(carry));
  }
  const auto top_bits = static_cast<std::int64_t>(std::bit_width(power.back()));
  const std::int64_t bit_length = static_cast<std::int64_t>(power.size() - 1) * 32 + top_bits;
  return bit_length - 1;
}

}  // namespace nuts_bolts
