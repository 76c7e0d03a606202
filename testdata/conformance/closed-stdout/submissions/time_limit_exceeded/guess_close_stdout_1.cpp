// As BAPCtools' test submission of that name: closes its output, then sleeps 10 s
// and exits 0. The validator sees the end of its output only once it has ended (the
// judges' pipe rule), so it is the wall limit that stops it: TLE.
#include <chrono>
#include <cstdio>
#include <thread>

int main() {
  std::fclose(stdout);
  std::this_thread::sleep_for(std::chrono::seconds(10));
}
