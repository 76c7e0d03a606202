#include <cstdio>
#include <cstdlib>
#include <signal.h>
// Crashes after reading x.
int main() { long long x; if (std::scanf("%lld", &x) != 1) return 1; raise(SIGSEGV); return 0; }
