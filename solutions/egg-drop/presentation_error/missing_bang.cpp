// Presentation error: finds p correctly (a binary search per egg) but writes the answer
// without its leading '!': "p_1 ... p_N".
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
  for (int egg = 1; egg <= n; ++egg) std::cout << (egg > 1 ? " " : "") << answer[egg];
  std::cout << '\n' << std::flush;
  int reply = 0;
  std::cin >> reply;  // the -1
}
