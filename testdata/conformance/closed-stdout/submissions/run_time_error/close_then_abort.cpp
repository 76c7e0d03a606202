// Closes its output, then crashes a second later: RTE, not the validator's WA on the
// ended output.
#include <cassert>
#include <chrono>
#include <cstdio>
#include <thread>

int main() {
  std::fclose(stdout);
  std::this_thread::sleep_for(std::chrono::seconds(1));
  assert(false);
}
