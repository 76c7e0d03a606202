// Asks 1, 2, 3, ... in turn: on the sample (n = 10, x = 7) 7 questions where 4 are
// enough: outcome 0.5 (partially correct), 5 of the sample's 10 points (GroupMin).
#include <iostream>
#include <string>

int main() {
  long long n;
  std::cin >> n;
  for (long long y = 1; y <= n; ++y) {
    std::cout << "? " << y << std::endl;
    std::string reply;
    if (!(std::cin >> reply)) return 0;
    if (reply == "=") {
      std::cout << "! " << y << std::endl;
      return 0;
    }
  }
}
