#include <vector>
long long somma(int N, std::vector<int> A);
