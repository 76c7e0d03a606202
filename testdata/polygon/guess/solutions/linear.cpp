// Linear search from 1: right, but with more queries than binary search needs, so
// the checker gives testlib points (10 of a test's 25) where n > 1. Expected: AC on
// every test with a score of 25 + 3 * 10 = 55.
#include <iostream>
#include <string>

int main() {
  long long n = 0, max_queries = 0;
  std::cin >> n >> max_queries;
  long long y = 1;
  for (; y < n; ++y) {
    std::cout << "? " << y << std::endl;
    std::string reply;
    std::cin >> reply;
    if (reply == "equal") break;
  }
  std::cout << "! " << y << std::endl;
}
