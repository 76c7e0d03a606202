#include "run/recorded_executor.hpp"

#include <fmt/core.h>

#include "base/errors.hpp"

namespace judge {

TestOutcome RecordedExecutor::run_test(const Problem&, const Submission&, const TestCase& test,
                                       const RunOptions&) {
  const auto it = outcomes_.find(test.name);
  if (it == outcomes_.end())
    throw JudgeFault(fmt::format("no recorded outcome for test {}", test.name));
  return it->second;
}

}  // namespace judge
