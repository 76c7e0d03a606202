#include <cstdio>
#include <cstdlib>
#include <unistd.h>
// A child that sleeps holding stdout open: the test must end at once, the child with it.
int main() { if (fork() == 0) { sleep(1000); return 0; } long long x; if (std::scanf("%lld", &x) != 1) return 1; std::printf("%lld\n", x + 1); std::fflush(stdout); return 0; }
