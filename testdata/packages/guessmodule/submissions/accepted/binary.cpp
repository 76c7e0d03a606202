// Reads n, binary-searches 1..n, exits right after "correct" without reading the
// judge's farewell.
#include <iostream>
#include <string>

int main() {
    long long low = 1;
    long long high = 0;
    std::cin >> high;
    while (low <= high) {
        const long long guess = (low + high) / 2;
        std::cout << guess << std::endl;
        std::string reply;
        if (!(std::cin >> reply) || reply == "correct") return 0;
        if (reply == "higher") low = guess + 1;
        else high = guess - 1;
    }
    return 0;
}
