// Writes its guess in words: never an integer, so wrong answer on every test.
#include <iostream>

int main() {
    std::cout << "five hundred" << std::endl;
    return 0;
}
