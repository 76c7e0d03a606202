// Writes three numbers, flushes, then exits with status 3.
#include <cstdio>
#include <cstdlib>

int main() {
    std::printf("2 4 6\n");
    std::fflush(stdout);
    std::exit(3);
}
