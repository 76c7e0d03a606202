// The checker of Guess the Number in testlib's convention, without testlib.h:
//   check INPUT TOUT ANSWER
// TOUT is the interactor's "y queries". A wrong y is WA (exit 1); the right y within
// ceil(log2 n) + 1 queries is OK (exit 0); the right y with more queries earns 10
// points (testlib's quitp: exit 7, "points 10 ..." on stderr); a TOUT that cannot
// be read is FAIL (exit 3).
#include <cstdio>
#include <cstdlib>

int main(int argc, char** argv) {
  if (argc < 3) {
    std::fprintf(stderr, "FAIL usage: check INPUT TOUT ANSWER\n");
    return 3;
  }
  long long n = 0, x = 0, max_queries = 0, y = 0, queries = 0;
  FILE* input = std::fopen(argv[1], "r");
  FILE* tout = std::fopen(argv[2], "r");
  if (input == nullptr || std::fscanf(input, "%lld %lld %lld", &n, &x, &max_queries) != 3) {
    std::fprintf(stderr, "FAIL cannot read the test input\n");
    return 3;
  }
  if (tout == nullptr || std::fscanf(tout, "%lld %lld", &y, &queries) != 2) {
    std::fprintf(stderr, "FAIL the interactor's output file is unreadable\n");
    return 3;
  }
  if (y != x) {
    std::fprintf(stderr, "wrong answer expected %lld, found %lld\n", x, y);
    return 1;
  }
  long long bound = 1;
  while ((1LL << (bound - 1)) < n) ++bound;  // ceil(log2 n) + 1
  if (queries > bound) {
    std::fprintf(stderr, "points 10 found %lld with %lld queries (%lld would do)\n", x, queries, bound);
    return 7;
  }
  std::fprintf(stderr, "ok found %lld with %lld queries\n", x, queries);
  return 0;
}
