#include <cstdio>
#include <cstdlib>
// Writes garbage lines forever without reading.
int main() { for (;;) { std::fputs("flood flood flood flood\n", stdout); } }
