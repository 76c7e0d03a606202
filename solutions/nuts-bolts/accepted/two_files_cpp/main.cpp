// Accepted: a submission of two C++ files compiled together (main.cpp, matcher.cpp).
#include <cstdio>
#include <cstdlib>

#include "matcher.hpp"

namespace {

char ask(int nut, int bolt) {
  std::printf("? %d %d\n", nut, bolt);
  std::fflush(stdout);
  char reply[4] = {0};
  if (std::scanf("%3s", reply) != 1) std::exit(0);
  return reply[0];
}

}  // namespace

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  const auto bolt_of = match_all(n, ask);
  std::printf("!");
  for (int i = 1; i <= n; ++i) std::printf(" %d", bolt_of[i]);
  std::printf("\n");
  std::fflush(stdout);
}
