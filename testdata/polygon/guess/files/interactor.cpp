// The interactor of Guess the Number in testlib's convention, without testlib.h:
//   interactor INPUT TOUT [ANSWER]
// INPUT holds "n x max_queries". It tells the contestant "n max_queries", then answers
// each "? y" with "lower" (x < y), "higher" (x > y) or "equal", until "! y". It writes
// "y queries" to TOUT for the checker and exits as testlib does: 0 OK, 1 WA, 2 PE
// (an unexpected end of the contestant's output included), 3 FAIL; the message on stderr.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <string>

namespace {

[[noreturn]] void quit(int code, const std::string& message) {
  std::fprintf(stderr, "%s\n", message.c_str());
  std::exit(code);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) quit(3, "FAIL usage: interactor INPUT TOUT [ANSWER]");
  FILE* input = std::fopen(argv[1], "r");
  long long n = 0, x = 0, max_queries = 0;
  if (input == nullptr || std::fscanf(input, "%lld %lld %lld", &n, &x, &max_queries) != 3)
    quit(3, "FAIL cannot read the test input");
  FILE* tout = std::fopen(argv[2], "w");
  if (tout == nullptr) quit(3, "FAIL cannot write the output file");
  std::printf("%lld %lld\n", n, max_queries);
  std::fflush(stdout);
  long long queries = 0;
  std::string line;
  while (true) {
    if (!std::getline(std::cin, line)) quit(2, "wrong output format Unexpected end of file - '? y' or '! y' expected");
    std::istringstream words(line);
    std::string kind;
    long long y = 0;
    std::string rest;
    if (!(words >> kind >> y) || (kind != "?" && kind != "!") || (words >> rest))
      quit(2, "wrong output format expected '? y' or '! y', found '" + line.substr(0, 40) + "'");
    if (y < 1 || y > n) quit(1, "wrong answer " + std::to_string(y) + " is outside 1.." + std::to_string(n));
    if (kind == "!") {
      std::fprintf(tout, "%lld %lld\n", y, queries);
      std::fclose(tout);
      std::fprintf(stderr, "ok answered after %lld queries\n", queries);
      return 0;
    }
    if (++queries > max_queries) quit(1, "wrong answer more than " + std::to_string(max_queries) + " queries");
    std::printf("%s\n", x < y ? "lower" : x > y ? "higher" : "equal");
    std::fflush(stdout);
  }
}
