// random N LO HI SEED: N numbers from LO to HI, the same for the same arguments
// (std::mt19937 is specified exactly; the reduction is plain modulo).
#include <cstdio>
#include <cstdlib>
#include <random>

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: random N LO HI SEED\n");
    return 1;
  }
  const long n = std::atol(argv[1]), lo = std::atol(argv[2]), hi = std::atol(argv[3]);
  std::mt19937 rng(static_cast<unsigned>(std::atol(argv[4])));
  std::printf("%ld\n", n);
  for (long i = 0; i < n; ++i)
    std::printf("%ld%c", lo + static_cast<long>(rng() % static_cast<unsigned long>(hi - lo + 1)), i + 1 < n ? ' ' : '\n');
  return 0;
}
