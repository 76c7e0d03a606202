// Guess the number, on testlib (files/testlib.h, which the package as Polygon exports
// it carries; this copy in the repository does not: its test puts the real one in).
#include "testlib.h"

#include <iostream>

int main(int argc, char* argv[]) {
  registerInteraction(argc, argv);
  const int n = inf.readInt();
  const int secret = inf.readInt();
  std::cout << n << std::endl;
  for (int guesses = 1;; ++guesses) {
    const int guess = ouf.readInt(1, n, "guess");
    if (guess == secret) {
      std::cout << "correct" << std::endl;
      tout << guesses << std::endl;
      quitf(_ok, "guessed in %d", guesses);
    }
    std::cout << (guess < secret ? "higher" : "lower") << std::endl;
  }
}
