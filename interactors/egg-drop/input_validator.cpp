// Input validator for egg-drop (ICPC convention): reads one test file (.in) on stdin,
// exits 42 if it is valid, else exits 43 with one line "line L: <what failed>" on stderr.
// C++17 and the standard library, with the shared checks of
// interactors/lib/input_validation.hpp (header-only).
//
//   g++ -std=c++17 -O2 -Wall -I interactors/lib -o input_validator input_validator.cpp
//   ./input_validator < testdata/egg-drop/01-sample.in; echo $?   # 42
//
// The format is the one the interactor reads (test_format.cpp, limits.hpp), token for
// token:
//   line 1   N                 1 <= N <= 10^4
//   line 2   P                 the direction-change penalty, 0 <= P <= 10^9
//   line 3   the mode, one of
//            fixed             then line 4: p_1 ... p_N, a permutation of 1..N
//            random SEED       SEED an unsigned 64-bit integer
// Every line ends with '\n' and nothing follows the last one. Tokens are separated by
// exactly one space (no leading or trailing space, no tabs, no '\r'); integers are
// plain decimal: no '+', no leading zeros, "-0" refused, 64-bit overflow refused.

#include "input_validation.hpp"

// The shared checks: Input, Line, fail, quote, kAccept.
using namespace input_validation;

int main() {
  std::ios::sync_with_stdio(false);
  Input in;

  const auto n = static_cast<int>(integer_line(in, "N", 1, 10000));
  integer_line(in, "P", 0, 1000000000);

  Line mode_line = in.line("the mode");
  const std::string mode = mode_line.token("the mode");
  if (mode == "fixed") {
    mode_line.expect_end();
    permutation_line(in, n, "the permutation p", "p");
  } else if (mode == "random") {
    mode_line.uint64("SEED");
    mode_line.expect_end();
  } else {
    fail(mode_line.number(), "unknown mode " + quote(mode) + " (expected 'fixed' or 'random SEED')");
  }
  in.expect_eof();
  return kAccept;
}
