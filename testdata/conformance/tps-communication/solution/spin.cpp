// Never answers.
#include "guess.h"

long guess(long n) {
  volatile long spin = n;
  for (;;) ++spin;
}
