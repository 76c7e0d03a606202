// expect-score: 2 6
// Partially accepted: a binary search for each egg in turn (5 % in the original, about
// 4 % with our score table). About log2 N drops per egg, but the elevator goes back and
// forth across the building for every egg: about 7500 floors and 6.5 direction changes
// per egg at N = 10^4, about 7.3 * 10^8 moves at P = N.
#include <cstdlib>
#include <iostream>
#include <vector>

namespace {

// Drops egg `egg` from floor `floor`: true if it shatters. Exits quietly on -1 or when
// the judge is gone.
bool shatters(int egg, int floor) {
  std::cout << "? " << egg << ' ' << floor << '\n' << std::flush;
  int reply = -1;
  if (!(std::cin >> reply) || reply < 0) std::exit(0);
  return reply == 1;
}

}  // namespace

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::vector<int> answer(n + 1, 0);
  for (int egg = 1; egg <= n; ++egg) {
    int low = 1;
    int high = n;
    while (low < high) {
      const int middle = (low + high) / 2;
      if (shatters(egg, middle)) {
        high = middle;
      } else {
        low = middle + 1;
      }
    }
    answer[egg] = low;
  }
  std::cout << '!';
  for (int egg = 1; egg <= n; ++egg) std::cout << ' ' << answer[egg];
  std::cout << '\n' << std::flush;
}
