// Guess the number (ICPC convention: INPUT ANSWER FEEDBACK_DIR/, exit 42 or 43),
// compiled from its source by the judge with limits.hpp beside it.
#include <cstdio>
#include <string>

#include "limits.hpp"

static int reject(const char* feedback_dir, const char* why) {
  if (FILE* message = std::fopen((std::string(feedback_dir) + "judgemessage.txt").c_str(), "w")) {
    std::fputs(why, message);
    std::fclose(message);
  }
  return 43;
}

int main(int argc, char** argv) {
  if (argc < 4) return 1;
  FILE* input = std::fopen(argv[1], "r");
  long n = 0, secret = 0;
  if (input == nullptr || std::fscanf(input, "%ld %ld", &n, &secret) != 2 || n < 1 || n > max_n) return 1;
  std::printf("%ld\n", n);
  std::fflush(stdout);
  for (int guesses = 1; guesses <= max_guesses; ++guesses) {
    long guess = 0;
    if (std::scanf("%ld", &guess) != 1) return reject(argv[3], "expected a guess");
    if (guess == secret) {
      std::printf("correct\n");
      std::fflush(stdout);
      return 42;
    }
    std::printf(guess < secret ? "higher\n" : "lower\n");
    std::fflush(stdout);
  }
  return reject(argv[3], "too many guesses");
}
