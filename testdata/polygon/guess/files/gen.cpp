// gen N SEED: a test of Guess the Number, "n x max_queries", x chosen from SEED alone.
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: gen N SEED\n");
    return 2;
  }
  const long long n = std::atoll(argv[1]);
  const long long seed = std::atoll(argv[2]);
  if (n < 1) {
    std::fprintf(stderr, "gen: N must be at least 1\n");
    return 2;
  }
  const long long x = (seed * 7919 + 17) % n + 1;
  std::printf("%lld %lld %lld\n", n, x, n);
  return 0;
}
