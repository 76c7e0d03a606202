// Writes through a null pointer: RTE.
#include <utility>
#include <vector>

std::pair<int, int> find_pair(long long, const std::vector<long long>& values) {
  volatile int* nowhere = nullptr;
  *nowhere = static_cast<int>(values.size());
  return {-1, -1};
}
