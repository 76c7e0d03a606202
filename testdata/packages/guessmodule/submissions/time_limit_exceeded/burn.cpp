// Reads n, makes one guess, reads the reply, then burns CPU forever.
#include <iostream>
#include <string>

int main() {
    long long n = 0;
    std::cin >> n;
    std::cout << (n + 1) / 2 << std::endl;
    std::string reply;
    std::cin >> reply;
    volatile unsigned long counter = 0;
    for (;;) counter = counter + 1;
}
