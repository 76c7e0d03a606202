// A fork bomb: every process forks forever. The box's pids cgroup stops it at the
// process limit (fork fails with EAGAIN, and each process spins on retrying), the
// submission reaches its CPU limit, and nothing of the bomb survives the test.
// The memory limit is 256 MiB, not 64: the kernel charges a test's memory cgroup
// for every fork it attempts (task, stack, page tables), and 64 processes forking
// in a loop were measured at a peak of 63 MB (kernel 6.18, cgroup v1). At 64 MiB the
// bomb is killed at the memory limit first, an MLE whose message names that peak
// (verdict_test.cpp pins it); this scenario pins the process limit.
#include <unistd.h>
int main() {
  for (int i = 0; i < 10000; ++i) ::fork();
  for (;;) ::fork();
}
