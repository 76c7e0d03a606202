// Correct in passes 1 and 3, but burns CPU forever in the relay pass (pass 2):
// the time limit applies to every pass on its own.
#include <iostream>
#include <string>

int main() {
    std::string command;
    std::string operand;
    std::cin >> command >> operand;
    if (command == "relay") {
        volatile unsigned long counter = 0;
        for (;;) counter = counter + 1;
    }
    if (command == "encode") {
        for (char& c : operand) c = static_cast<char>('a' + (c - '0'));
        std::cout << "word " << operand << std::endl;
    } else {
        for (char& c : operand) c = static_cast<char>('0' + (c - 'a'));
        std::cout << operand << std::endl;
    }
    return 0;
}
