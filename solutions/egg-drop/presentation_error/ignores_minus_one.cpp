// Presentation error, and a judge robustness check: asks for floor 0, then ignores the
// -1 (and the end of its input) and keeps sending queries forever. The interactor has
// already rejected it: the judge must stop it at once, not wait for a limit, and the
// SIGPIPE it then gets is not its verdict.
#include <cstdio>

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  std::printf("? 1 0\n");
  std::fflush(stdout);
  for (;;) {
    int reply = 0;
    if (std::scanf("%d", &reply) != 1) std::clearerr(stdin);
    std::printf("? 1 1\n");
    std::fflush(stdout);
  }
}
