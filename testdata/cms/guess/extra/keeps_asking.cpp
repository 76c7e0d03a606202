// Asks "? 1" again and again without reading a reply: it is still writing when the
// manager gives up on it ("more than ... questions") and stops reading, so it is killed
// by SIGPIPE. The manager's rejection decides (WA, outcome 0), however far the program
// got before the judge ended it.
#include <iostream>

int main() {
  long long n = 0;
  std::cin >> n;
  for (;;) std::cout << "? 1" << std::endl;
}
