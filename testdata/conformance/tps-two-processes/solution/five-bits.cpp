// Only the five lowest bits: numbers below 32 come back right. Test 000 (5): 1;
// test 001 (0 1023 512): 1/3; test 002 (1 2 3 999 1000): 3/5. GroupMul
// [[30, 1], [70, 2]]: 30 * 1 + 70 * (1/3 * 3/5) = 44.
#include <vector>

std::vector<int> encode(int x) {
  std::vector<int> bits;
  for (int i = 4; i >= 0; --i) bits.push_back((x >> i) & 1);
  return bits;
}

int decode(const std::vector<int>& bits) {
  int x = 0;
  for (int bit : bits) x = 2 * x + bit;
  return x;
}
