// Crashes after its first query. Expected: RTE (the interactor's end-of-file PE is a
// consequence of the crash), tagged "failed".
#include <cstdlib>
#include <iostream>
#include <string>

int main() {
  long long n = 0, max_queries = 0;
  std::cin >> n >> max_queries;
  std::cout << "? 1" << std::endl;
  std::string reply;
  std::cin >> reply;
  std::abort();
}
