#include <cstdio>
#include <cstdlib>
#include <string>
// Writes to stderr (a file with a size limit) forever.
int main() { std::string line(4096, 'e'); for (;;) std::fwrite(line.data(), 1, line.size(), stderr); }
