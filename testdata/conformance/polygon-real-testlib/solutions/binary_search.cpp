#include <iostream>
#include <string>

int main() {
  long n;
  std::cin >> n;
  long lo = 1, hi = n;
  while (true) {
    const long mid = (lo + hi) / 2;
    std::cout << mid << std::endl;
    std::string reply;
    std::cin >> reply;
    if (reply == "correct") return 0;
    if (reply == "higher") lo = mid + 1;
    else hi = mid - 1;
  }
}
