// Input validator for nuts-bolts (ICPC convention): reads one test file (.in) on stdin,
// exits 42 if it is valid, else exits 43 with one line "line L: <what failed>" on stderr.
// C++17 and the standard library, with the shared checks of
// interactors/lib/input_validation.hpp (header-only).
//
//   g++ -std=c++17 -O2 -Wall -I interactors/lib -o input_validator input_validator.cpp
//   ./input_validator < testdata/nuts-bolts/01-sample.in; echo $?   # 42
//
// The format is the one the interactor reads (test_format.cpp), token for token:
//   line 1   n                       2 <= n <= 1000
//   line 2   the mode, one of
//            fixed [strict]          then line 3: nut sizes a_1 ... a_n and line 4: bolt
//                                    sizes b_1 ... b_n, each a permutation of 1..n
//            random SEED [strict]    SEED an unsigned 64-bit integer
//            punish SEED [plain]
//            probe SEED [plain]
// Every line ends with '\n' and nothing follows the last one. Tokens are separated by
// exactly one space (no leading or trailing space, no tabs, no '\r'); integers are
// plain decimal: no '+', no leading zeros, "-0" refused, 64-bit overflow refused.

#include "input_validation.hpp"

// The shared checks: Input, Line, fail, quote, kAccept.
using namespace input_validation;

int main() {
  std::ios::sync_with_stdio(false);
  Input in;

  const auto n = static_cast<int>(integer_line(in, "n", 2, 1000));

  Line mode_line = in.line("the mode");
  const std::string mode = mode_line.token("the mode");
  // The optional last word of the mode line: `strict` for fixed and random, `plain`
  // for punish and probe.
  std::string option;
  if (mode == "fixed") {
    option = "strict";
  } else if (mode == "random" || mode == "punish" || mode == "probe") {
    mode_line.uint64("SEED");
    option = mode == "random" ? "strict" : "plain";
  } else {
    fail(mode_line.number(), "unknown mode " + quote(mode) + " (expected 'fixed', 'random', 'punish' or 'probe')");
  }
  if (!mode_line.at_end()) {
    mode_line.word(mode == "fixed" ? "the word after 'fixed'" : "the word after '" + mode + " SEED'", option);
    mode_line.expect_end();
  }

  if (mode == "fixed") {
    permutation_line(in, n, "the nut sizes", "a");
    permutation_line(in, n, "the bolt sizes", "b");
  }
  in.expect_eof();
  return kAccept;
}
