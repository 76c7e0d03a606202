// Ten bits, most significant first.
#include <vector>

std::vector<int> encode(int x) {
  std::vector<int> bits;
  for (int i = 9; i >= 0; --i) bits.push_back((x >> i) & 1);
  return bits;
}

int decode(const std::vector<int>& bits) {
  int x = 0;
  for (int bit : bits) x = 2 * x + bit;
  return x;
}
