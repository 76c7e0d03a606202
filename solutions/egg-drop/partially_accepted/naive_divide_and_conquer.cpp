// expect-score: 34..45
// Partially accepted: the naive divide and conquer (about 23 % in the original, about
// 39 % with our score table). The eggs whose floors are exactly low..high (p is a
// permutation, so a range of k floors holds k eggs) are dropped at the middle floor,
// which splits them into the two halves, and each half is solved in turn, depth first.
// As many drops as the two-way sweeps and fewer floors travelled, but the depth-first
// walk keeps reversing the elevator: at N = 10^4, 4096 direction changes, about
// 4.1 * 10^7 moves at P = N.
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

// Finds the floors of `eggs`, which are exactly the floors low..high.
void solve(const std::vector<int>& eggs, int low, int high, std::vector<int>& answer) {
  if (low == high) {
    answer[eggs.front()] = low;
    return;
  }
  const int middle = (low + high) / 2;
  std::vector<int> lower;
  std::vector<int> upper;
  for (int egg : eggs) (shatters(egg, middle) ? lower : upper).push_back(egg);
  solve(lower, low, middle, answer);
  solve(upper, middle + 1, high, answer);
}

}  // namespace

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::vector<int> eggs;
  for (int egg = 1; egg <= n; ++egg) eggs.push_back(egg);
  std::vector<int> answer(n + 1, 0);
  solve(eggs, 1, n, answer);
  std::cout << '!';
  for (int egg = 1; egg <= n; ++egg) std::cout << ' ' << answer[egg];
  std::cout << '\n' << std::flush;
}
