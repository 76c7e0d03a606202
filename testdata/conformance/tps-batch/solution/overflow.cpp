// Adds in an int: right while the sum fits (samples, small), wrong on full.
#include "sum.h"

long long sum(std::vector<int> a) {
  unsigned total = 0;
  for (int x : a) total += static_cast<unsigned>(x);
  return static_cast<int>(total);
}
