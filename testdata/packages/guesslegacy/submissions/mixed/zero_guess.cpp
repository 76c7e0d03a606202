// @EXPECTED_RESULTS@: WRONG-ANSWER
//
// This file sits in submissions/mixed/, a folder that says nothing about the verdict:
// DOMjudge (and BAPCtools) take the expected verdict from the tag above there, while
// in the standard folders (accepted/, wrong_answer/, ...) the folder wins and a tag is
// ignored. It guesses 0, which is outside 1..1000, so every test is wrong answer.
#include <iostream>

int main() {
    std::cout << 0 << std::endl;
    return 0;
}
