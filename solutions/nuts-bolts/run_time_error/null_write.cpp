// Run-time error: asks up to three queries (valid for any n), then writes through a
// null pointer (SIGSEGV).
#include <cstdlib>
#include <iostream>
#include <string>

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  for (int i = 1; i <= 3; ++i) {
    std::cout << "? " << (i <= n ? i : n) << " 1\n" << std::flush;
    std::string reply;
    if (!(std::cin >> reply)) return 0;
  }
  int* volatile pointer = nullptr;  // volatile: the compiler cannot see that it is null
  *pointer = 42;
  std::cout << "! " << *pointer << '\n';
}
