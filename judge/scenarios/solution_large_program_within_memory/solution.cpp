// A large executable (40 MiB of initialised data, as a precomputed table makes one)
// that uses 40 MiB of heap under a 64 MiB limit: AC. The size of the program's file is
// not its memory (issue 32: the box's copy of the file was charged to the test's
// memory cgroup, and this was MLE).
#include <cstdio>
#include <cstdlib>
#include <cstring>

constexpr std::size_t table_bytes = 40u << 20;
constexpr std::size_t heap_bytes = 40u << 20;
char table[table_bytes] = {1};

int main() {
  char* heap = static_cast<char*>(std::malloc(heap_bytes));
  if (heap == nullptr) return 1;
  std::memset(heap, 7, heap_bytes);
  long long x = 0;
  if (std::scanf("%lld", &x) != 1) return 1;
  // table[12345] is 0 and every heap byte 7: the answer is x + 1, read through both.
  std::printf("%lld\n", x + 1 + table[12345] + heap[x % heap_bytes] - 7);
  std::fflush(stdout);
  return 0;
}
