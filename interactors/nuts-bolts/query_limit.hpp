// The query limit of the statement, floor(5 * n * log2(n)), computed exactly with
// integers: it is floor(log2(n^(5n))), i.e. the bit length of n^(5n) minus one.
// (n = 2: 10, n = 3: 23, n = 1000: 49828.)
#pragma once

#include <cstdint>

namespace nuts_bolts {

std::int64_t query_limit(int n);

}  // namespace nuts_bolts
