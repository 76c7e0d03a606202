// Memory limit exceeded: reads n, then allocates and touches 16 MiB blocks until std::bad_alloc aborts it.
#include <cstring>
#include <iostream>
#include <memory>
#include <vector>

int main() {
  int n = 0;
  if (!(std::cin >> n)) return 0;
  constexpr std::size_t kBlockBytes = std::size_t{16} << 20;
  std::vector<std::unique_ptr<char[]>> blocks;
  for (;;) {
    blocks.push_back(std::make_unique<char[]>(kBlockBytes));  // throws std::bad_alloc at the limit
    std::memset(blocks.back().get(), 1, kBlockBytes);
  }
}
