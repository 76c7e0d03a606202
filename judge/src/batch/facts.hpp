// A TestRecord (grade/grade.hpp: the facts of every pass of a test, nothing decided)
// as JSON and back, losslessly, by nlohmann::json's own type macros: every field of
// every struct is listed once, in batch/facts.cpp. A batch worker sends a test's
// record to the batch process this way and the journal keeps it, so the verdicts and
// the score computed later from the journal come from `grade`, as `judge run`'s do.
//
// batch/facts_test.cpp fails when a field is added to a record type without being
// serialized.
#pragma once

#include <nlohmann/json.hpp>

#include "grade/grade.hpp"

namespace judge {

nlohmann::json record_to_json(const TestRecord& record);

// Throws JudgeFault naming what is missing or malformed (a journal or a worker's
// answer the judge cannot use).
TestRecord record_from_json(const nlohmann::json& json);

}  // namespace judge
