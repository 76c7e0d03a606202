// How journal records become results. For each planned (submission, problem), the
// recorded facts of its tests (TestRecord) are graded by `grade` (grade/grade.hpp),
// the very step `judge run` ends with, so the verdicts, the message and the score
// are those `judge run` gives on the same facts. A submission whose compile failed is
// graded CE as `judge run` does.
#pragma once

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "batch/plan.hpp"
#include "grade/grade.hpp"

namespace judge {

// The record that finished each unit: the first record in `records` with the
// unit's key and fingerprint (stale records of a changed source or test are
// ignored). Keyed by unit_key.
std::map<std::string, nlohmann::json> finished_units(const BatchPlan& plan,
                                                     const std::vector<WorkUnit>& units,
                                                     const std::vector<nlohmann::json>& records);

// What a graded submission keeps of a finished test's journal record: what the HTML
// report shows of it and the verdict the worker decided. Not the whole record: a
// batch holds its graded submissions to the end, and a record's facts are kilobytes.
struct GradedRecord {
  std::string test;
  std::string verdict;
  bool compile_error = false;
  nlohmann::json run;  // the record's "run" (an empty object without one)
};

struct GradedSubmission {
  std::size_t submission = 0;  // index into plan.submissions
  std::size_t tests_planned = 0;
  std::size_t tests_finished = 0;
  // Set when every test is finished (or a compile error is recorded).
  std::optional<RunResult> result;
  // The records of the finished tests, in test order.
  std::vector<GradedRecord> records;
};

// Grades one planned submission (index into plan.submissions) from the finished
// units; see grade_batch.
GradedSubmission grade_submission(const BatchPlan& plan, std::size_t index,
                                  const std::map<std::string, nlohmann::json>& finished,
                                  std::vector<std::string>& warnings);

// Grades every planned submission from the finished units. A test whose verdict,
// recomputed from its recorded facts, differs from the one the worker decided is
// reported in `warnings` (a fact the journal does not keep: a judge bug).
//
// `graded_before` (if given) holds submissions graded already from the same finished
// units (a batch grades each one as its last test comes in): they are taken from it as
// they are, not graded again; `graded_here` (if given) lists the others' indexes.
std::vector<GradedSubmission> grade_batch(const BatchPlan& plan, const std::map<std::string, nlohmann::json>& finished,
                                          std::vector<std::string>& warnings,
                                          std::map<std::size_t, GradedSubmission>* graded_before = nullptr,
                                          std::vector<std::size_t>* graded_here = nullptr);

// What grading reads of a planned problem.
GradingSpec grading_spec(const PlannedProblem& planned, RulePreset rules = RulePreset::icpc);

// 0: every submission graded and AC; 3: a test is JE; 1 otherwise (some verdict
// not AC; ungraded submissions are the caller's to report).
int exit_status_for_batch(const std::vector<GradedSubmission>& graded);

}  // namespace judge
