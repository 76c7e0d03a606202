// Presentation error: its first query is "?1 2" (no space after '?').
#include <iostream>
#include <string>

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::cout << "?1 2\n" << std::flush;
  std::string reply;
  std::cin >> reply;
}
