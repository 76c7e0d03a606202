// A TestOutcome as JSON and back, losslessly: every recorded fact (how both
// processes ended, limits, the interactor's report, passes), not just the keys
// the verdict JSON shows. A batch worker sends a test's outcome to the batch
// process this way, and the journal keeps it, so the verdict and score computed
// later from the journal are exactly those `judge run` computes (run_submission
// decides again from the same facts).
//
// Every field of TestOutcome and TestFacts must appear here: batch/facts_test.cpp
// fails when one is added without being serialized.
#pragma once

#include <nlohmann/json.hpp>

#include "run/runner.hpp"

namespace judge {

nlohmann::json outcome_to_record(const TestOutcome& outcome);

// Throws std::runtime_error naming the missing or malformed key.
TestOutcome outcome_from_record(const nlohmann::json& record);

}  // namespace judge
