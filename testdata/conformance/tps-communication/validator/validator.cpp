// The input of guess: "N X\n" with 1 <= X <= N <= 1000000, and nothing after. Exit 0
// accepts it (TPS runs every validator of subtasks.json with the input on stdin).
#include <cstdio>

int main() {
  long n = 0, x = 0;
  char end = 0;
  if (std::scanf("%ld %ld%c", &n, &x, &end) != 3 || end != '\n') return 1;
  if (n < 1 || n > 1000000 || x < 1 || x > n) return 1;
  return std::getchar() == EOF ? 0 : 1;
}
