// Computes forever before its first query. Expected: TLE.
#include <iostream>

int main() {
  long long n = 0, max_queries = 0;
  std::cin >> n >> max_queries;
  volatile unsigned long long spin = 0;
  while (true) spin = spin + 1;
}
