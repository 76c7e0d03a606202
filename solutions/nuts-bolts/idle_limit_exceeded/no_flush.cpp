// Idle limit exceeded: writes a query but never flushes it, then waits for the answer forever.
#include <iostream>
#include <string>

int main() {
  // Untie cin from cout (and leave C stdio): otherwise reading cin would flush cout.
  std::ios::sync_with_stdio(false);
  std::cin.tie(nullptr);
  int n = 0;
  if (!(std::cin >> n)) return 0;
  std::cout << "? 1 1\n";  // stays in cout's buffer
  std::string reply;
  std::cin >> reply;  // blocks: the judge never saw the query
  std::cout << "! 1\n";
}
