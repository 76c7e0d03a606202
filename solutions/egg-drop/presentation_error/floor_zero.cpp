// Presentation error: its first query asks for floor 0 (floors are 1..N); it reads the
// -1 and exits as the statement asks.
#include <iostream>

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::cout << "? 1 0\n" << std::flush;
  int reply = 0;
  std::cin >> reply;
}
