// Writes files where it should not: /tmp (the box's scratch: allowed, but it must
// not reach the host's /tmp), /var/tmp, /dev/shm, its own program's directory and
// the root. The scenario checks afterwards that none of them appeared on the host.
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <initializer_list>

int main() {
  long long x;
  if (std::scanf("%lld", &x) != 1) return 1;
  for (const char* path : {"/tmp/judge-scenario-escape", "/var/tmp/judge-scenario-escape",
                           "/dev/shm/judge-scenario-escape", "/box/judge-scenario-escape",
                           "/judge-scenario-escape", "judge-scenario-escape"}) {
    const int fd = ::open(path, O_CREAT | O_WRONLY | O_TRUNC, 0644);
    if (fd >= 0) {
      (void)!::write(fd, "escaped\n", 8);
      ::close(fd);
    }
  }
  std::printf("%lld\n", x + 1);
  std::fflush(stdout);
  return 0;
}
