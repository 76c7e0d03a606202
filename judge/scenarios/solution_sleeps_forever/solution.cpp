// Reads x, then sleeps forever without answering: idle until the wall limit (ILE).
#include <unistd.h>
#include <cstdio>
int main() { long long x; if (std::scanf("%lld", &x) != 1) return 1; for (;;) ::pause(); }
