#include "guess.h"

void play(int lo, int hi) {
  while (lo <= hi) {
    int mid = (lo + hi) / 2;
    int r = ask(mid);
    if (r < 0) lo = mid + 1;
    else hi = mid - 1;
  }
}
