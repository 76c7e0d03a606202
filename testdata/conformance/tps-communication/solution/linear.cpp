// One question a number: within 30 for small, not for full.
#include "guess.h"

long guess(long n) {
  for (long y = 1; y < n; ++y)
    if (ask(y) == 0) return y;
  return n;
}
