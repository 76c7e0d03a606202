#include <cstdio>
#include <cstdlib>
// Answers wrongly, then keeps writing after the interactor has rejected and left:
// it dies of SIGPIPE, which must not turn the WA into RTE.
int main() { long long x; if (std::scanf("%lld", &x) != 1) return 1; for (;;) { std::printf("%lld\n", x + 2); std::fflush(stdout); } }
