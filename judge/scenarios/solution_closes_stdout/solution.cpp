#include <cstdio>
#include <cstdlib>
#include <unistd.h>
// Closes its stdout at once, then keeps computing for a while.
int main() { close(1); volatile unsigned long n = 0; for (unsigned long i = 0; i < 200000000UL; ++i) n = n + i; return 0; }
