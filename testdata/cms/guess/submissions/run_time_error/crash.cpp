// Reads n, then aborts: RTE on every test, whatever the manager says.
#include <cstdlib>
#include <iostream>

int main() {
  long long n;
  std::cin >> n;
  std::cout << "? " << n / 2 << std::endl;
  std::abort();
}
