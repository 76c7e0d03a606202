// Reads x, writes half an answer, flushes it, then crashes. The interactor (an ICPC
// style validator: no result.json) sees its output end and rejects; the judge must
// still call it a crash (RTE), every time: the interactor sees the end-of-file only
// once the judge has reaped the crashed submission.
#include <signal.h>

#include <cstdio>

int main() {
  long long x = 0;
  if (std::scanf("%lld", &x) != 1) return 1;
  std::printf("%lld", x);
  std::fflush(stdout);
  raise(SIGSEGV);
  return 0;
}
