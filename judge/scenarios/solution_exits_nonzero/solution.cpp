#include <cstdio>
#include <cstdlib>
// Answers correctly, then exits with code 3.
int main() { long long x; if (std::scanf("%lld", &x) != 1) return 1; std::printf("%lld\n", x + 1); std::fflush(stdout); return 3; }
