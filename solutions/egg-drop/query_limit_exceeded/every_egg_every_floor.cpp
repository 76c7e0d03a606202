// Query limit exceeded: drops every egg on every floor, going up once (N^2 drops: fine
// up to N = 447, over the limit of 2 * 10^5 from N = 1000). p_e is N + 1 minus the
// number of floors the egg shatters from.
#include <cstdlib>
#include <iostream>
#include <vector>

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::vector<int> shattered(n + 1, 0);
  for (int floor = 1; floor <= n; ++floor) {
    for (int egg = 1; egg <= n; ++egg) {
      std::cout << "? " << egg << ' ' << floor << '\n' << std::flush;
      int reply = -1;
      if (!(std::cin >> reply) || reply < 0) return 0;
      shattered[egg] += reply;
    }
  }
  std::cout << '!';
  for (int egg = 1; egg <= n; ++egg) std::cout << ' ' << n + 1 - shattered[egg];
  std::cout << '\n' << std::flush;
}
