#include <cstdio>
#include <cstdlib>
// Writes its answer into the stdio buffer, never flushes, waits for more input.
int main() { long long x; if (std::scanf("%lld", &x) != 1) return 1; std::printf("%lld\n", x + 1); long long y; std::scanf("%lld", &y); return 0; }
