// Input validator for twin-cookies (ICPC convention): reads one test file (.in) on
// stdin, exits 42 if it is valid, else exits 43 with one line "line L: <what failed>" on
// stderr. C++17 and the standard library, with the shared checks of
// interactors/lib/input_validation.hpp (header-only).
//
//   g++ -std=c++17 -O2 -Wall -I interactors/lib -o input_validator input_validator.cpp
//   ./input_validator < testdata/twin-cookies/s2-01-sample.in; echo $?   # 42
//   ./input_validator --subtask 3 < testdata/twin-cookies/s3-02-n25-random.in
//
// The format is the one the interactor reads (test_format.cpp, limits.hpp), token for
// token:
//   line 1   n                 1 <= n <= 5000
//   line 2   STRATEGY SEED     STRATEGY one of random, min, max, first, last, spoiler;
//                              SEED an unsigned 64-bit integer (always present)
// Every line ends with '\n' and nothing follows the last one. Tokens are separated by
// exactly one space (no leading or trailing space, no tabs, no '\r'); integers are
// plain decimal: no '+', no leading zeros, "-0" refused, 64-bit overflow refused.
//
// Flag (as ICPC input_validator_flags): `--subtask K` (K in 1..6) also checks the
// constraint of subtask K: n = 1, n <= 2, 25, 200, 1000, 5000. A test named sK-* in
// testdata/twin-cookies/ meets the constraint of subtask K. A bad flag: exit 2.

#include "input_validation.hpp"

// The shared checks: Input, Line, fail, quote, kAccept.
using namespace input_validation;

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  // The largest n of subtask K (index K); subtask 6 has no constraint beyond 5000.
  static const int kSubtaskMaxN[] = {5000, 1, 2, 25, 200, 1000, 5000};
  int subtask = 0;
  if (argc == 3 && std::string(argv[1]) == "--subtask" && std::string(argv[2]).size() == 1 && argv[2][0] >= '1' &&
      argv[2][0] <= '6') {
    subtask = argv[2][0] - '0';
  } else if (argc != 1) {
    std::cerr << "usage: " << argv[0] << " [--subtask K] < TEST.in   (K in 1..6)\n";
    return 2;
  }

  Input in;

  Line first = in.line("n");
  const long long n = first.integer("n", 1, 5000);
  first.expect_end();
  if (subtask != 0 && n > kSubtaskMaxN[subtask]) {
    fail(first.number(), "n = " + std::to_string(n) + " is outside 1.." + std::to_string(kSubtaskMaxN[subtask]) +
                             " (subtask " + std::to_string(subtask) + ")");
  }

  Line second = in.line("the strategy");
  const std::string strategy = second.token("STRATEGY");
  static const char* const kStrategies[] = {"random", "min", "max", "first", "last", "spoiler"};
  bool known = false;
  for (const char* candidate : kStrategies) known = known || strategy == candidate;
  if (!known) {
    fail(second.number(), "unknown strategy " + quote(strategy) + " (expected random, min, max, first, last or spoiler)");
  }
  second.uint64("SEED");
  second.expect_end();
  in.expect_eof();
  return kAccept;
}
