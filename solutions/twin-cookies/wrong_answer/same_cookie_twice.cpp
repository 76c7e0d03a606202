// expect-score: 0 0
// Wrong answer: orders once and gives the one cookie it got to both sisters ("the same
// cookie has the same tastiness"). A cookie can be given only once.
#include <cstdio>
#include <string>

int main() {
  int n = 0;
  if (std::scanf("%d", &n) != 1) return 0;
  std::string line = "?";
  for (int i = 1; i <= n; ++i) line += " " + std::to_string(i);
  std::printf("%s\n", line.c_str());
  std::fflush(stdout);
  long long cookie = 0;
  if (std::scanf("%lld", &cookie) != 1) return 0;
  std::printf("! 1 1\n%lld\n%lld\n", cookie, cookie);
  std::fflush(stdout);
}
