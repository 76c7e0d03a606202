// Time limit exceeded: reads n, then burns CPU forever without asking anything.
#include <iostream>

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  volatile unsigned long long counter = 0;
  for (;;) counter = counter + 1;
}
