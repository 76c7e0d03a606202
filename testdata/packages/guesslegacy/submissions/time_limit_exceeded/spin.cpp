// Makes one guess, reads the reply, then burns CPU forever.
#include <iostream>
#include <string>

int main() {
    std::cout << 500 << std::endl;
    std::string reply;
    std::cin >> reply;
    volatile unsigned long counter = 0;
    for (;;) counter = counter + 1;
}
