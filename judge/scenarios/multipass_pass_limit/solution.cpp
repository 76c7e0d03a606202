// An ordinary correct solution: the scenario is in the interactor's passes.
#include <cstdio>
#include <cstdlib>
int main() { long long x; if (std::scanf("%lld", &x) != 1) return 1; std::printf("%lld\n", x + 1); std::fflush(stdout); return 0; }
