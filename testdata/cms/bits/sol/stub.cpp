// The stub of bits: FIFOS from and to the manager as arguments, then this copy's
// index (0: encode, 1: decode). Opens the stream from the manager first.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bits.h"

int main(int argc, char** argv) {
  if (argc < 4) return 2;
  FILE* in = std::fopen(argv[1], "r");
  FILE* out = std::fopen(argv[2], "w");
  if (in == nullptr || out == nullptr) return 3;
  const int index = std::atoi(argv[3]);
  int cases = 0;
  if (std::fscanf(in, "%d", &cases) != 1) return 0;
  for (int c = 0; c < cases; ++c) {
    if (index == 0) {
      int x = 0;
      if (std::fscanf(in, "%d", &x) != 1) return 0;
      const std::vector<int> bits = encode(x);
      std::fprintf(out, "%zu", bits.size());
      for (int bit : bits) std::fprintf(out, " %d", bit);
      std::fprintf(out, "\n");
    } else {
      int count = 0;
      if (std::fscanf(in, "%d", &count) != 1) return 0;
      std::vector<int> bits(count);
      for (int& bit : bits)
        if (std::fscanf(in, "%d", &bit) != 1) return 0;
      std::fprintf(out, "%d\n", decode(bits));
    }
    std::fflush(out);
  }
}
