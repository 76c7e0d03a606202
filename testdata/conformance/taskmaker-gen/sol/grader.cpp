// The grader CMS compiles with every C++ submission of this task (sol/grader.cpp).
#include <cstdio>
#include <vector>

#include "somma.h"

int main() {
  int n;
  if (std::scanf("%d", &n) != 1) return 1;
  std::vector<int> a(n);
  for (int& x : a) std::scanf("%d", &x);
  std::printf("%lld\n", somma(n, a));
  return 0;
}
