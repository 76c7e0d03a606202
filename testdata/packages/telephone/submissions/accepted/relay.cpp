// Encodes X digit by digit as letters (0 -> a, ..., 9 -> j), relays the word
// unchanged, decodes it back.
#include <iostream>
#include <string>

int main() {
    std::string command;
    std::string operand;
    std::cin >> command >> operand;
    if (command == "encode") {
        for (char& c : operand) c = static_cast<char>('a' + (c - '0'));
        std::cout << "word " << operand << std::endl;
    } else if (command == "relay") {
        std::cout << "word " << operand << std::endl;
    } else {
        for (char& c : operand) c = static_cast<char>('0' + (c - 'a'));
        std::cout << operand << std::endl;
    }
    return 0;
}
