// The twin-cookies test file (see README.md):
//   line 1   n                  1 <= n <= 5000
//   line 2   STRATEGY SEED      a strategy of courier.hpp and a uint64 seed (always
//                               present; min, max, first and last ignore it)
// and nothing after. Any deviation is a judge error (the test data is broken).
#pragma once

#include <cstdint>
#include <memory>

#include <nlohmann/json.hpp>

#include "courier.hpp"
#include "interactor.hpp"

namespace twin_cookies {

struct TestSetup {
  int n = 0;
  Strategy strategy = Strategy::random;
  std::uint64_t seed = 0;
  std::unique_ptr<Courier> courier;
  // result.json facts describing the test: "strategy", "seed".
  nlohmann::json facts = nlohmann::json::object();
};

TestSetup read_test(interactor::TestFile& file);

}  // namespace twin_cookies
