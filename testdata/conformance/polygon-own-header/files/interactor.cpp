// Guess the number in the testlib convention, on the package's own testlib.h.
#include "testlib.h"

int main(int argc, char* argv[]) {
  if (argc < 3) quit(_fail, "usage: interactor INPUT TOUT [ANSWER]");
  FILE* input = std::fopen(argv[1], "r");
  own_tout = std::fopen(argv[2], "w");
  if (input == nullptr || own_tout == nullptr) quit(_fail, "cannot open INPUT or TOUT");
  const long n = read_number(input, _fail, "bad test: n");
  const long secret = read_number(input, _fail, "bad test: secret");
  std::printf("%ld\n", n);
  std::fflush(stdout);
  for (long guesses = 1;; ++guesses) {
    const long guess = read_number(stdin, _pe, "expected a guess");
    if (guess < 1 || guess > n) quit(_wa, "guess out of range");
    if (guess == secret) {
      std::printf("correct\n");
      std::fflush(stdout);
      std::fprintf(own_tout, "%ld\n", guesses);
      quit(_ok, "guessed");
    }
    std::printf(guess < secret ? "higher\n" : "lower\n");
    std::fflush(stdout);
  }
}
