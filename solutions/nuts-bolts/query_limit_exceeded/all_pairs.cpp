// Query limit exceeded: asks all n^2 pairs (fine up to n = 10, over the limit from n = 100).
#include <cstdlib>
#include <iostream>
#include <string>
#include <vector>

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::vector<int> bolt_of(n + 1, 0);
  for (int nut = 1; nut <= n; ++nut) {
    for (int bolt = 1; bolt <= n; ++bolt) {
      std::cout << "? " << nut << ' ' << bolt << '\n' << std::flush;
      std::string reply;
      if (!(std::cin >> reply)) std::exit(0);
      if (reply == "=") bolt_of[nut] = bolt;
    }
  }
  std::cout << '!';
  for (int i = 1; i <= n; ++i) std::cout << ' ' << bolt_of[i];
  std::cout << '\n' << std::flush;
}
