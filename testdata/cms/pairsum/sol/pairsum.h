// What the contestant writes: two positions i < j of `values` whose values add up to
// `target`, or {-1, -1} when there are none.
#include <utility>
#include <vector>

std::pair<int, int> find_pair(long long target, const std::vector<long long>& values);
