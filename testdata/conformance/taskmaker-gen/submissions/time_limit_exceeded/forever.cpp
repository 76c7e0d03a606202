#include "somma.h"

long long somma(int N, std::vector<int> A) {
  volatile long long total = 0;
  for (;;) total += N + A[0];
}
