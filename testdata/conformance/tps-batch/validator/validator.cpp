// The input of sum, exactly: "N\n" (1 <= N <= 100000), then N numbers from 1 to
// 2000000000 on one line, one space apart, and nothing after. Exit 0 accepts it (TPS
// runs every validator of subtasks.json with the input on stdin).
#include <cstdio>
#include <cstdlib>

namespace {

[[noreturn]] void refuse(const char* why) {
  std::fprintf(stderr, "%s\n", why);
  std::exit(1);
}

// A number from lo to hi, then the character `after`.
long read_number(long lo, long hi, int after) {
  long value = 0;
  int digits = 0, c = 0;
  while ((c = std::getchar()) >= '0' && c <= '9') {
    value = value * 10 + (c - '0');
    if (++digits > 10) refuse("a number is too long");
  }
  if (digits == 0 || value < lo || value > hi) refuse("a number is out of its range");
  if (c != after) refuse("the numbers are not laid out as the statement says");
  return value;
}

}  // namespace

int main() {
  const long n = read_number(1, 100000, '\n');
  for (long i = 0; i < n; ++i) read_number(1, 2000000000, i + 1 < n ? ' ' : '\n');
  if (std::getchar() != EOF) refuse("something follows the numbers");
  return 0;
}
