// The checker of pairsum (CMS Batch): checker INPUT CORRECT_OUTPUT USER_OUTPUT; the
// outcome on stdout, the message on stderr. Any pair i < j whose values add up to the
// target is right; "-1 -1" is right when the correct output says there is none.
#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
  if (argc != 4) return 1;
  FILE* input = std::fopen(argv[1], "r");
  FILE* correct = std::fopen(argv[2], "r");
  FILE* user = std::fopen(argv[3], "r");
  if (!input || !correct || !user) return 1;
  int n = 0;
  long long target = 0;
  if (std::fscanf(input, "%d %lld", &n, &target) != 2) return 1;
  std::vector<long long> values(n);
  for (long long& value : values)
    if (std::fscanf(input, "%lld", &value) != 1) return 1;
  int ci = 0, cj = 0, i = 0, j = 0;
  if (std::fscanf(correct, "%d %d", &ci, &cj) != 2) return 1;
  if (std::fscanf(user, "%d %d", &i, &j) != 2) {
    std::printf("0.0\n");
    std::fprintf(stderr, "the output is not two numbers\n");
    return 0;
  }
  const bool none = ci == -1;
  const bool right = none ? (i == -1 && j == -1)
                          : (0 <= i && i < j && j < n && values[i] + values[j] == target);
  std::printf("%s\n", right ? "1.0" : "0.0");
  std::fprintf(stderr, "%s\n", right ? "translate:success" : "translate:wrong");
}
