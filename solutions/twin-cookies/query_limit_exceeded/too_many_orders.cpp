// expect-score: 0 0
// Query limit exceeded: collects cookies "to be safe" with 102 orders of fresh
// consecutive values before looking for a split. 101 orders are the limit.
// (With n = 5000 this is also the heaviest legal load on the interactor: 101 orders of
// 5000 values, then the 102nd.)
#include <cstdio>
#include <cstdlib>
#include <string>

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  long long next = 1;
  for (int round = 0; round < 102; ++round) {
    std::string line = "?";
    for (int i = 0; i < n; ++i) line += " " + std::to_string(next++);
    line += '\n';
    std::fwrite(line.data(), 1, line.size(), stdout);
    std::fflush(stdout);
    long long cookie = 0;
    if (std::scanf("%lld", &cookie) != 1) return 0;
  }
  std::printf("! 1 1\n1\n2\n");
  std::fflush(stdout);
}
