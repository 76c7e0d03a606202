#include <cstdio>
#include <cstdlib>
#include <unistd.h>
// A child that leaves the process group (setsid) and sleeps: it must not survive the test.
int main() { if (fork() == 0) { setsid(); sleep(1000); return 0; } long long x; if (std::scanf("%lld", &x) != 1) return 1; std::printf("%lld\n", x + 1); std::fflush(stdout); return 0; }
