// Computes forever: TLE.
#include <utility>
#include <vector>

std::pair<int, int> find_pair(long long, const std::vector<long long>&) {
  volatile unsigned long long spin = 0;
  for (;;) spin = spin * 6364136223846793005ULL + 1;
}
