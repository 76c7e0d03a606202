// The grader of pairsum: reads n, the target and the values on stdin, prints the
// contestant's pair.
#include <cstdio>
#include <vector>

#include "pairsum.h"

int main() {
  int n = 0;
  long long target = 0;
  if (std::scanf("%d %lld", &n, &target) != 2) return 1;
  std::vector<long long> values(n);
  for (long long& value : values)
    if (std::scanf("%lld", &value) != 1) return 1;
  const std::pair<int, int> found = find_pair(target, values);
  std::printf("%d %d\n", found.first, found.second);
}
