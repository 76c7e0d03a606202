#include <cstdio>
#include <cstdlib>
// Busy loop: must be stopped at its CPU limit, long before the wall limit.
int main() { volatile unsigned long n = 0; for (;;) n = n + 1; }
