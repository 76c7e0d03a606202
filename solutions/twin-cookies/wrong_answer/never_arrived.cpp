// expect-score: 8 8
// Wrong answer: forgets that only one cookie of an order arrives. It orders 1, 2, 3
// (filling its orders with the next values) and answers 1 + 2 = 3 with cookies it
// ordered. Right for n = 1, where each order is what arrives; otherwise it gives away a
// cookie that never arrived.
#include <cstdio>
#include <string>

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  long long next = 1;
  while (next <= 3) {
    std::string line = "?";
    for (int i = 0; i < n; ++i) line += " " + std::to_string(next++);
    std::printf("%s\n", line.c_str());
    std::fflush(stdout);
    long long cookie = 0;
    if (std::scanf("%lld", &cookie) != 1) return 0;
  }
  std::printf("! 2 1\n1 2\n3\n");
  std::fflush(stdout);
}
