// Finds the number, then writes through a null pointer (SIGSEGV) after reading
// "correct": the validator accepts, but the verdict must be run_time_error.
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
        if (!(std::cin >> reply) || reply == "correct") break;
        if (reply == "higher") low = guess + 1;
        else high = guess - 1;
    }
    volatile int* nowhere = nullptr;
    *nowhere = 1;
    return 0;
}
