#include "treasure.h"

void find_treasure(int n) {
  int lo = 1, hi = n;
  while (lo <= hi) {
    int mid = lo + (hi - lo) / 2;
    if (dig(mid) < 0) lo = mid + 1;
    else hi = mid - 1;
  }
}
