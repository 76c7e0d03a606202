// The value each position needs, looked up in a hash map: O(n).
#include <unordered_map>
#include <utility>
#include <vector>

std::pair<int, int> find_pair(long long target, const std::vector<long long>& values) {
  std::unordered_map<long long, int> seen;
  for (int j = 0; j < static_cast<int>(values.size()); ++j) {
    const auto found = seen.find(target - values[j]);
    if (found != seen.end()) return {found->second, j};
    seen.emplace(values[j], j);
  }
  return {-1, -1};
}
