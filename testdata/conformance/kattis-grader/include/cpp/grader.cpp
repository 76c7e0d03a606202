// The grader Kattis compiles with every C++ submission (include/cpp/): it owns main,
// talks to the output validator, and calls the contestant's find_treasure.
#include <cstdio>
#include <cstdlib>

#include "treasure.h"

int dig(int x) {
  std::printf("%d\n", x);
  std::fflush(stdout);
  int reply;
  if (std::scanf("%d", &reply) != 1) std::exit(0);
  if (reply == 0) std::exit(0);
  return reply;
}

int main() {
  int n;
  if (std::scanf("%d", &n) != 1) return 0;
  find_treasure(n);
  return 0;
}
