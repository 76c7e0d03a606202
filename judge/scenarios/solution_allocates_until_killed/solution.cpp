#include <cstdio>
#include <cstdlib>
#include <vector>
// Allocates and touches 8 MiB blocks until an allocation fails.
int main() { std::vector<std::vector<char>> blocks; for (;;) blocks.emplace_back(8u << 20, 1); }
