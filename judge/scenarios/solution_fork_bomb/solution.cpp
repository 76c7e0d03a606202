// A fork bomb: every process forks forever. The box's pids cgroup stops it at the
// process limit (fork fails with EAGAIN, and each process spins on retrying), the
// submission reaches its CPU limit, and nothing of the bomb survives the test.
#include <unistd.h>
int main() {
  for (int i = 0; i < 10000; ++i) ::fork();
  for (;;) ::fork();
}
