// The largest number, not the sum: wrong everywhere.
#include <algorithm>

#include "sum.h"

long long sum(std::vector<int> a) { return *std::max_element(a.begin(), a.end()); }
