// The nuts-bolts test file (see README.md):
//   line 1   n                       2 <= n <= 1000
//   line 2   the mode:
//            fixed [strict]          line 3: nut sizes a_1..a_n, line 4: bolt sizes
//                                    b_1..b_n, each a permutation of 1..n
//            random SEED [strict]    SEED a uint64: sizes = random_sizes(n, SEED)
//            punish SEED [plain]     sizes drawn lazily, predictable pivot nuts punished
//            probe SEED [plain]      a probe pass against the worst adversary; the judge
//                                    replays its sizes (a `fixed` test) in a second pass
// and nothing after. `strict`: the answer must be forced by the replies; punish and
// probe tests are strict unless they say `plain`. Any deviation is a judge error (the
// test data is broken).
//
// Modes are a table (kModes in test_format.cpp): a new mode is one more reader that
// takes the rest of the mode line (and any further lines) and returns its SizeOracle.
#pragma once

#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "int_range.hpp"
#include "interactor.hpp"
#include "size_oracle.hpp"

namespace nuts_bolts {

inline constexpr interactor::IntRange kNRange{2, 1000};

struct TestSetup {
  std::unique_ptr<SizeOracle> oracle;
  // result.json facts describing the test: "mode", "strict", and mode-specific ones ("seed").
  nlohmann::json facts = nlohmann::json::object();
  bool strict = false;  // the answer is judged strictly (a probe: its graded pass is)
  bool probe = false;   // a probe pass
};

TestSetup read_test(interactor::TestFile& file);

// The text of a `fixed` test with these sizes ("fixed strict" if `strict`).
std::string fixed_test_text(const Sizes& sizes, bool strict);

}  // namespace nuts_bolts
