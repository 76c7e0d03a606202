// Right, but spins on anything longer than the sample.
#include "sum.h"

long long sum(std::vector<int> a) {
  volatile long long spin = 0;
  if (a.size() > 3)
    for (;;) ++spin;
  long long total = 0;
  for (int x : a) total += x;
  return total;
}
