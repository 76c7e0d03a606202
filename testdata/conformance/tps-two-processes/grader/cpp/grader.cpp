// The grader of bits, run as two processes (CMS's Communication, num_processes 2): each
// talks to the manager on its stdin and stdout, and gets its index as its argument
// (0: encode, 1: decode).
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bits.h"

int main(int argc, char** argv) {
  if (argc < 2) return 2;
  const int index = std::atoi(argv[1]);
  int cases = 0;
  if (std::scanf("%d", &cases) != 1) return 0;
  for (int c = 0; c < cases; ++c) {
    if (index == 0) {
      int x = 0;
      if (std::scanf("%d", &x) != 1) return 0;
      const std::vector<int> bits = encode(x);
      std::printf("%zu", bits.size());
      for (int bit : bits) std::printf(" %d", bit);
      std::printf("\n");
    } else {
      int count = 0;
      if (std::scanf("%d", &count) != 1) return 0;
      std::vector<int> bits(count);
      for (int& bit : bits)
        if (std::scanf("%d", &bit) != 1) return 0;
      std::printf("%d\n", decode(bits));
    }
    std::fflush(stdout);
  }
}
