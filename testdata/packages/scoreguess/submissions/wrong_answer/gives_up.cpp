// Makes one guess and exits: the validator reads end of file before "correct"
// (except when the secret is 500).
#include <iostream>

int main() {
    std::cout << 500 << std::endl;
    return 0;
}
