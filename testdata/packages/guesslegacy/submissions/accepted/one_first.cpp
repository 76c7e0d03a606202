// Tries 1 first, then binary search over 2..1000: up to 11 guesses, which the
// problem allows only through validator_flags (max_guesses 11).
#include <iostream>
#include <string>

int main() {
    int low = 1;
    int high = 1000;
    bool first = true;
    while (low <= high) {
        const int guess = first ? 1 : (low + high) / 2;
        first = false;
        std::cout << guess << std::endl;
        std::string reply;
        if (!(std::cin >> reply) || reply == "correct") return 0;
        if (reply == "higher") low = guess + 1;
        else high = guess - 1;
    }
    return 0;
}
