// Binary search that answers one too many: the manager's outcome is 0 on every test.
#include <iostream>
#include <string>

int main() {
  long long n;
  std::cin >> n;
  long long low = 1, high = n;
  while (low < high) {
    const long long mid = (low + high) / 2;
    std::cout << "? " << mid << std::endl;
    std::string reply;
    if (!(std::cin >> reply)) return 0;
    if (reply == "=") low = high = mid;
    else if (reply == "<") high = mid - 1;
    else low = mid + 1;
  }
  std::cout << "! " << low + 1 << std::endl;
}
