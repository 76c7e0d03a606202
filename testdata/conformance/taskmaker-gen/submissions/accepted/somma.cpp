// The official solution: task-maker makes output/outputN.txt with it.
#include "somma.h"

long long somma(int N, std::vector<int> A) {
  long long total = 0;
  for (int i = 0; i < N; ++i) total += A[i];
  return total;
}
