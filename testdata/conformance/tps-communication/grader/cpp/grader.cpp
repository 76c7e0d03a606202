// The grader of guess, compiled with the contestant's guess(): talks to the manager on
// stdin and stdout.
#include <cstdio>

#include "guess.h"

int ask(long y) {
  std::printf("? %ld\n", y);
  std::fflush(stdout);
  char reply = 0;
  if (std::scanf(" %c", &reply) != 1) return 0;
  return reply == '<' ? -1 : reply == '>' ? 1 : 0;
}

int main() {
  long n = 0;
  if (std::scanf("%ld", &n) != 1) return 1;
  std::printf("! %ld\n", guess(n));
  std::fflush(stdout);
  return 0;
}
