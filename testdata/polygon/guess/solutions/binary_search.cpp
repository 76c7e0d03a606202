// Binary search: at most ceil(log2 n) + 1 queries. Expected: AC, full points.
#include <iostream>
#include <string>

int main() {
  long long n = 0, max_queries = 0;
  std::cin >> n >> max_queries;
  long long low = 1, high = n;
  while (low < high) {
    const long long mid = (low + high) / 2;
    std::cout << "? " << mid << std::endl;
    std::string reply;
    std::cin >> reply;
    if (reply == "equal") low = high = mid;
    else if (reply == "lower") high = mid - 1;
    else low = mid + 1;
  }
  std::cout << "! " << low << std::endl;
}
