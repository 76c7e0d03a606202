// expect-score: 94 99
// Accepted: a parallel binary search in alternating elevator sweeps. Every sweep drops
// each unsolved egg once, at the middle of its interval, visiting the floors in the
// sweep's direction (up, down, up, ...): about log2 N sweeps of N floors, N drops and one
// direction change each.
#include <algorithm>
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
  // p_e lies in [low[e], high[e]].
  std::vector<int> low(n + 1, 1);
  std::vector<int> high(n + 1, n);
  bool up = true;
  for (;;) {
    std::vector<int> eggs;
    for (int egg = 1; egg <= n; ++egg) {
      if (low[egg] < high[egg]) eggs.push_back(egg);
    }
    if (eggs.empty()) break;
    const auto middle = [&](int egg) { return (low[egg] + high[egg]) / 2; };
    std::stable_sort(eggs.begin(), eggs.end(), [&](int a, int b) {
      return up ? middle(a) < middle(b) : middle(a) > middle(b);
    });
    for (int egg : eggs) {
      const int floor = middle(egg);
      if (shatters(egg, floor)) {
        high[egg] = floor;
      } else {
        low[egg] = floor + 1;
      }
    }
    up = !up;
  }
  std::cout << '!';
  for (int egg = 1; egg <= n; ++egg) std::cout << ' ' << low[egg];
  std::cout << '\n' << std::flush;
}
