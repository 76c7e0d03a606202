// Answers every k with k + 1, flushing after each line, as a contestant would.
#include <cstdio>

int main() {
  long long rounds = 0, k = 0;
  if (std::scanf("%lld", &rounds) != 1) return 1;
  for (long long i = 0; i < rounds; ++i) {
    if (std::scanf("%lld", &k) != 1) return 1;
    std::printf("%lld\n", k + 1);
    std::fflush(stdout);
  }
  return 0;
}
