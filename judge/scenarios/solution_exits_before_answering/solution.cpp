#include <cstdio>
#include <cstdlib>
// Exits cleanly without answering.
int main() { return 0; }
