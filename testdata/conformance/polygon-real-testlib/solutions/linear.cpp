// Guesses 1, 2, 3, ...: right, but far more than 10 guesses on the large tests.
#include <iostream>
#include <string>

int main() {
  long n;
  std::cin >> n;
  for (long guess = 1; guess <= n; ++guess) {
    std::cout << guess << std::endl;
    std::string reply;
    std::cin >> reply;
    if (reply == "correct") return 0;
  }
}
