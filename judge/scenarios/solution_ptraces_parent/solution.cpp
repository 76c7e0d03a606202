// Tries to ptrace its parent (in the box: the box's init, which reports the
// submission's CPU time; a tracer could make it lie) and every other process it can
// see. Every attach must fail; one that succeeds makes the answer wrong (WA).
#include <sys/ptrace.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>

int main() {
  long long x;
  if (std::scanf("%lld", &x) != 1) return 1;
  int attached = 0;
  for (pid_t pid = 1; pid < 70000; ++pid) {
    if (pid == ::getpid()) continue;
    if (::ptrace(PTRACE_ATTACH, pid, nullptr, nullptr) == 0) {
      ++attached;
      std::fprintf(stderr, "attached to %d\n", pid);
      ::waitpid(pid, nullptr, __WALL);
      ::ptrace(PTRACE_DETACH, pid, nullptr, nullptr);
    }
  }
  std::printf("%lld\n", attached == 0 ? x + 1 : x + 2);
  std::fflush(stdout);
  return 0;
}
