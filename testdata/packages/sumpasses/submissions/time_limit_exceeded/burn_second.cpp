// Correct first run; the second run burns CPU forever.
#include <iostream>
#include <string>

int main() {
    std::string command;
    long long value = 0;
    std::cin >> command >> value;
    if (command == "double") {
        volatile unsigned long counter = 0;
        for (;;) counter = counter + 1;
    }
    long long sum = 0;
    for (long long i = 0, x = 0; i < value && std::cin >> x; ++i) sum += x;
    std::cout << sum << '\n';
    return 0;
}
