// Each process uses 0.6 s of CPU, under the limit of 1 s alone, but 1.2 s together:
// CMS holds the sum of the processes' CPU times to the limit too (TLE).
#include <ctime>
#include <vector>

namespace {
void burn(double seconds) {
  const std::clock_t start = std::clock();
  volatile unsigned long long spin = 0;
  while (static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC < seconds) spin = spin + 1;
}
}  // namespace

std::vector<int> encode(int x) {
  burn(0.6);
  std::vector<int> bits;
  for (int i = 9; i >= 0; --i) bits.push_back((x >> i) & 1);
  return bits;
}

int decode(const std::vector<int>& bits) {
  burn(0.6);
  int x = 0;
  for (int bit : bits) x = 2 * x + bit;
  return x;
}
