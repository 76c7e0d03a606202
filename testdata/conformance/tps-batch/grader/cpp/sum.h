#include <vector>

long long sum(std::vector<int> a);
