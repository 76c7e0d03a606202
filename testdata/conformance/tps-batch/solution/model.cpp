#include "sum.h"

long long sum(std::vector<int> a) {
  long long total = 0;
  for (int x : a) total += x;
  return total;
}
