// Binary search after as many idle questions ("? 1") as binary search needs: more
// questions than ceil(log2(n + 1)) and at most twice that on every test, so every
// outcome is 0.5 (partially correct) and the score half of 100.
// expect-score: 50..50
#include <iostream>
#include <string>

int main() {
  long long n;
  std::cin >> n;
  int enough = 0;  // ceil(log2(n + 1)), the manager's "best"
  while ((1LL << enough) < n + 1) ++enough;
  std::string reply;
  for (int i = 0; i < enough; ++i) {
    std::cout << "? 1" << std::endl;
    if (!(std::cin >> reply)) return 0;
  }
  long long low = 1, high = n;
  while (low < high) {
    const long long middle = (low + high) / 2;
    std::cout << "? " << middle << std::endl;
    if (!(std::cin >> reply)) return 0;
    if (reply == "=") low = high = middle;
    else if (reply == "<") high = middle - 1;
    else low = middle + 1;
  }
  std::cout << "! " << low << std::endl;
}
