// The manager of guess (CMS Communication, std_io): its arguments are the FIFOs from
// and to the contestant's program, whose stdin and stdout they are; the test's input
// (n x) is on its stdin. It sends n; the program asks "? y" and reads "<" (x is
// smaller), ">" (larger) or "="; it answers "! y". Outcome (stdout): 1 when y is x
// within 30 questions, else 0; the message on stderr.
#include <cstdio>
#include <cstdlib>

namespace {

[[noreturn]] void finish(double outcome, const char* message) {
  std::printf("%g\n", outcome);
  std::fprintf(stderr, "%s\n", message);
  std::exit(0);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 1;
  // CMS's order: the stream to the program first (its sandbox opens stdin first).
  FILE* to_user = std::fopen(argv[2], "w");
  FILE* from_user = std::fopen(argv[1], "r");
  if (to_user == nullptr || from_user == nullptr) return 1;
  long n = 0, x = 0;
  if (std::scanf("%ld %ld", &n, &x) != 2) return 1;
  std::fprintf(to_user, "%ld\n", n);
  std::fflush(to_user);
  for (int questions = 0;; ++questions) {
    char kind = 0;
    long y = 0;
    if (std::fscanf(from_user, " %c %ld", &kind, &y) != 2) finish(0, "the program ended before it answered");
    if (kind == '!') finish(y == x ? 1 : 0, y == x ? "translate:success" : "translate:wrong");
    if (kind != '?') finish(0, "translate:wrong");
    if (questions == 30) finish(0, "more than 30 questions");
    std::fprintf(to_user, "%s\n", x < y ? "<" : x > y ? ">" : "=");
    std::fflush(to_user);
  }
}
