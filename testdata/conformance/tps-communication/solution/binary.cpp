#include "guess.h"

long guess(long n) {
  long low = 1, high = n;
  while (low < high) {
    const long middle = (low + high) / 2;
    const int side = ask(middle);
    if (side == 0) return middle;
    if (side < 0) high = middle - 1;
    else low = middle + 1;
  }
  return low;
}
