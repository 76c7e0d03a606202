// First run: sums the numbers. Second run: doubles S.
#include <iostream>
#include <string>

int main() {
    std::string command;
    long long value = 0;
    std::cin >> command >> value;
    if (command == "double") {
        std::cout << 2 * value << '\n';
        return 0;
    }
    long long sum = 0;
    for (long long i = 0, x = 0; i < value && std::cin >> x; ++i) sum += x;
    std::cout << sum << '\n';
    return 0;
}
