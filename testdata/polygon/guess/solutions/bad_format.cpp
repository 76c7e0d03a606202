// Asks "guess y" instead of "? y". Expected: PE (the interactor's).
#include <iostream>

int main() {
  long long n = 0, max_queries = 0;
  std::cin >> n >> max_queries;
  std::cout << "guess " << (n + 1) / 2 << std::endl;
  std::string reply;
  std::cin >> reply;
}
