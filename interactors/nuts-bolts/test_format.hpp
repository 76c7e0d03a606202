// The nuts-bolts test file (see README.md):
//   line 1   n                       2 <= n <= 1000
//   line 2   the mode:
//            fixed                   line 3: nut sizes a_1..a_n, line 4: bolt sizes
//                                    b_1..b_n, each a permutation of 1..n
//            random SEED             SEED a uint64: sizes = random_sizes(n, SEED)
// and nothing after. Any deviation is a judge error (the test data is broken).
//
// Modes are a table (kModes in test_format.cpp): a new mode is one more reader that
// takes the rest of the mode line (and any further lines) and returns its SizeOracle.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "interactor.hpp"
#include "size_oracle.hpp"

namespace nuts_bolts {

inline constexpr int kMinN = 2;
inline constexpr int kMaxN = 1000;

struct TestSetup {
  std::unique_ptr<SizeOracle> oracle;
  // result.json facts describing the test: "mode", and mode-specific ones ("seed").
  nlohmann::json facts = nlohmann::json::object();
};

TestSetup read_test(interactor::TestFile& file);

}  // namespace nuts_bolts
