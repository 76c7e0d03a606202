// Sends SIGKILL to its parent, to its process group's neighbours, to every pid it
// can name and to -1 (every process it may signal), then answers correctly. The
// judge and the interactor must survive it, and the test must still be AC.
// Only ever run inside the box: unsandboxed, kill(-1) would hit every process of
// the user running the tests.
#include <signal.h>
#include <unistd.h>

#include <cstdio>

int main() {
  long long x;
  if (std::scanf("%lld", &x) != 1) return 1;
  ::kill(::getppid(), SIGKILL);
  ::kill(::getppid(), SIGTERM);
  for (pid_t pid = 1; pid < 70000; ++pid)
    if (pid != ::getpid()) ::kill(pid, SIGKILL);
  ::signal(SIGTERM, SIG_IGN);  // itself must live on to answer
  ::kill(-1, SIGTERM);
  ::kill(-1, SIGKILL);  // never reaches the caller itself
  std::printf("%lld\n", x + 1);
  std::fflush(stdout);
  return 0;
}
