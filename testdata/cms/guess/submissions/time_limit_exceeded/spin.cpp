// Reads n, then computes forever: TLE at the time limit.
#include <iostream>

int main() {
  long long n;
  std::cin >> n;
  volatile unsigned long long spin = 0;
  for (;;) spin = spin * 6364136223846793005ULL + 1;
}
