// RecordedExecutor: a TestExecutor that returns outcomes recorded earlier, by test
// name, so that run_submission decides verdicts, messages and the score again from the
// same facts (a batch's journal; judge verify's runs re-judged at an inferred time
// limit) with the very code `judge run` uses.
#pragma once

#include <map>
#include <string>

#include "run/runner.hpp"

namespace judge {

class RecordedExecutor : public TestExecutor {
 public:
  explicit RecordedExecutor(std::map<std::string, TestOutcome> outcomes)
      : outcomes_(std::move(outcomes)) {}
  // Throws JudgeFault when no outcome was recorded for the test.
  TestOutcome run_test(const Problem& problem, const Submission& submission,
                       const TestCase& test, const RunOptions& options) override;

 private:
  std::map<std::string, TestOutcome> outcomes_;
};

}  // namespace judge
