// Looks at its environment: only the documented short list may be there
// (judge/src/process/environment.hpp), nothing of the judge's own (the CTest run's
// variables, a secret, paths of the host). Answers correctly only then; otherwise it
// names what leaked on stderr and exits 3 (RTE).
#include <cstdio>
#include <cstring>
#include <set>
#include <string>

extern char** environ;

int main() {
  const std::set<std::string> allowed{"PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "JUDGE_RUN_ID"};
  bool clean = true;
  for (char** entry = environ; *entry != nullptr; ++entry) {
    const char* equals = std::strchr(*entry, '=');
    const std::string name = equals ? std::string(*entry, static_cast<std::size_t>(equals - *entry)) : std::string(*entry);
    if (!allowed.count(name)) {
      std::fprintf(stderr, "leaked: %s\n", name.c_str());
      clean = false;
    }
  }
  long long x = 0;
  if (std::scanf("%lld", &x) != 1) return 1;
  if (!clean) return 3;
  std::printf("%lld\n", x + 1);
  std::fflush(stdout);
  return 0;
}
