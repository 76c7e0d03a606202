// Binary search over 1..1000 with printf/scanf: at most 10 guesses.
#include <cstdio>
#include <cstring>

int main() {
    int low = 1;
    int high = 1000;
    char reply[16];
    while (low <= high) {
        const int guess = (low + high) / 2;
        std::printf("%d\n", guess);
        std::fflush(stdout);
        if (std::scanf("%15s", reply) != 1 || std::strcmp(reply, "correct") == 0) return 0;
        if (std::strcmp(reply, "higher") == 0) low = guess + 1;
        else high = guess - 1;
    }
    return 0;
}
