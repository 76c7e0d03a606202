// The manager of bits (CMS Communication, two processes): arguments u0_to_m m_to_u0
// u1_to_m m_to_u1; the test (a count, then the numbers) on stdin. Each number goes to
// the encoder (process 0), its bits (at most 10, each 0 or 1) to the decoder
// (process 1), whose answer must be the number. Outcome: the share of numbers decoded
// right; bits that break the rules are outcome 0.
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

[[noreturn]] void finish(double outcome, const char* message) {
  std::printf("%g\n", outcome);
  std::fprintf(stderr, "%s\n", message);
  std::exit(0);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) return 1;
  // CMS's order: per process, the stream to it first (its stub opens that first).
  FILE* to_encoder = std::fopen(argv[2], "w");
  FILE* from_encoder = std::fopen(argv[1], "r");
  FILE* to_decoder = std::fopen(argv[4], "w");
  FILE* from_decoder = std::fopen(argv[3], "r");
  if (!to_encoder || !from_encoder || !to_decoder || !from_decoder) return 1;
  int cases = 0;
  if (std::scanf("%d", &cases) != 1) return 1;
  std::vector<int> numbers(cases);
  for (int& x : numbers)
    if (std::scanf("%d", &x) != 1) return 1;
  std::fprintf(to_encoder, "%d\n", cases);
  std::fprintf(to_decoder, "%d\n", cases);
  std::fflush(to_encoder);
  std::fflush(to_decoder);
  int right = 0;
  for (int x : numbers) {
    std::fprintf(to_encoder, "%d\n", x);
    std::fflush(to_encoder);
    int count = 0;
    if (std::fscanf(from_encoder, "%d", &count) != 1) finish(0, "the encoder ended early");
    if (count < 0 || count > 10) finish(0, "the encoder sent more than 10 bits");
    std::vector<int> bits(count);
    for (int& bit : bits)
      if (std::fscanf(from_encoder, "%d", &bit) != 1 || (bit != 0 && bit != 1))
        finish(0, "the encoder sent something that is not a bit");
    std::fprintf(to_decoder, "%d", count);
    for (int bit : bits) std::fprintf(to_decoder, " %d", bit);
    std::fprintf(to_decoder, "\n");
    std::fflush(to_decoder);
    int y = 0;
    if (std::fscanf(from_decoder, "%d", &y) != 1) finish(0, "the decoder ended early");
    right += y == x ? 1 : 0;
  }
  if (right == cases) finish(1, "translate:success");
  if (right == 0) finish(0, "translate:wrong");
  std::printf("%g\n", static_cast<double>(right) / cases);
  std::fprintf(stderr, "%d of %d numbers decoded right\n", right, cases);
}
