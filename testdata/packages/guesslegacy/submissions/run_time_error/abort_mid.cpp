// Binary search that crashes right after flushing its third guess. The validator
// answers that guess and then reads end-of-file: a judge must report the crash
// (run_time_error), not the validator's complaint about the missing fourth guess.
#include <cstdlib>
#include <iostream>
#include <string>

int main() {
    int low = 1;
    int high = 1000;
    for (int guess_number = 1;; ++guess_number) {
        const int guess = (low + high) / 2;
        std::cout << guess << std::endl;
        if (guess_number == 3) std::abort();
        std::string reply;
        if (!(std::cin >> reply) || reply == "correct") return 0;
        if (reply == "higher") low = guess + 1;
        else high = guess - 1;
    }
}
