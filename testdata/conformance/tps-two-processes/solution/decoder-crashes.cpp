// The encoder works; the decoder (process 1) aborts: RTE.
#include <cstdlib>
#include <vector>

std::vector<int> encode(int x) {
  std::vector<int> bits;
  for (int i = 9; i >= 0; --i) bits.push_back((x >> i) & 1);
  return bits;
}

int decode(const std::vector<int>&) { std::abort(); }
