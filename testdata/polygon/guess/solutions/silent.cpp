// Waits for a message that never comes, without asking anything. Expected: ILE
// (both sides wait; tagged time-limit-exceeded, which Polygon calls it).
#include <iostream>
#include <string>

int main() {
  long long n = 0, max_queries = 0;
  std::cin >> n >> max_queries;
  std::string never;
  std::cin >> never;
}
