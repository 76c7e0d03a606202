#include "batch/results.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "batch/facts.hpp"
#include "batch/journal.hpp"
#include "base/errors.hpp"

namespace judge {

std::map<std::string, nlohmann::json> finished_units(const BatchPlan& plan,
                                                     const std::vector<WorkUnit>& units,
                                                     const std::vector<nlohmann::json>& records) {
  std::map<std::string, std::string> fingerprint_by_key;
  for (const WorkUnit& unit : units) {
    const PlannedSubmission& submission = plan.submissions[unit.submission];
    const PlannedProblem& problem = plan.problem(submission.problem);
    fingerprint_by_key[submission_unit_key(submission, problem.tests[unit.test].name)] = unit.fingerprint;
  }
  std::map<std::string, nlohmann::json> finished;
  for (const auto& record : records) {
    // A test's record of a judge before grading became one step ("outcome": decided
    // facts) is not used: the test runs again.
    if (!record.contains("record") && !record.contains("compile_error")) continue;
    const std::string key = record_key(record);
    const auto planned = fingerprint_by_key.find(key);
    if (planned == fingerprint_by_key.end() || record.value("fingerprint", "") != planned->second)
      continue;
    finished.emplace(key, record);  // the first one wins
  }
  return finished;
}

GradingSpec grading_spec(const PlannedProblem& planned, RulePreset rules) {
  return {planned.name, planned.convention, planned.scoring, planned.metrics, rules};
}

GradedSubmission grade_submission(const BatchPlan& plan, std::size_t index,
                                  const std::map<std::string, nlohmann::json>& finished,
                                  std::vector<std::string>& warnings) {
  const PlannedSubmission& planned = plan.submissions[index];
  const PlannedProblem& planned_problem = plan.problem(planned.problem);
  GradedSubmission entry;
  entry.submission = index;
  entry.tests_planned = planned_problem.tests.size();
  SubmissionRecord submission;
  submission.display = planned.path;
  submission.limits = planned_problem.limits;
  submission.tests_planned = planned_problem.tests.size();
  for (const auto& test : planned_problem.tests) {
    const auto it = finished.find(submission_unit_key(planned, test.name));
    if (it == finished.end()) continue;
    const nlohmann::json& record = it->second;
    if (record.contains("compile_error")) {
      if (!submission.compile_error) submission.compile_error = record["compile_error"].get<std::string>();
    } else {
      try {
        submission.tests.push_back(record_from_json(record.at("record")));
      } catch (const std::exception& error) {
        warnings.push_back(
            fmt::format("{}/{}: unusable journal record ({})", submission_label(planned), test.name, error.what()));
        continue;
      }
    }
    entry.records.push_back({record.value("test", ""), record.value("verdict", ""), record.contains("compile_error"),
                             record.value("run", nlohmann::json::object())});
    ++entry.tests_finished;
  }
  if (!submission.compile_error && entry.tests_finished < entry.tests_planned) return entry;
  if (submission.compile_error) submission.tests.clear();
  RunResult result = grade(grading_spec(planned_problem, plan.rules), submission);
  for (std::size_t t = 0; t < result.tests.size(); ++t) {
    const std::string& recorded = entry.records[t].verdict;
    const Verdict decided = result.tests[t].decision.verdict;
    if (parse_verdict(recorded) != decided)
      warnings.push_back(
          fmt::format("{}/{}: the worker decided {} but the journal's facts give {} (a fact the "
                      "journal does not keep: judge/src/batch/facts.cpp)",
                      submission_label(planned), result.tests[t].name, recorded, verdict_name(decided)));
  }
  // Nothing a batch writes or shows reads a test's record back from its outcome (only
  // `judge verify` grades one again, under other limits): the journal holds it, and a
  // batch holds its graded submissions to its end.
  for (TestOutcome& test : result.tests) test.record = TestRecord{};
  entry.result = std::move(result);
  return entry;
}

std::vector<GradedSubmission> grade_batch(const BatchPlan& plan, const std::map<std::string, nlohmann::json>& finished,
                                          std::vector<std::string>& warnings,
                                          std::map<std::size_t, GradedSubmission>* graded_before,
                                          std::vector<std::size_t>* graded_here) {
  std::vector<GradedSubmission> graded;
  for (std::size_t index = 0; index < plan.submissions.size(); ++index) {
    if (graded_before) {
      const auto before = graded_before->find(index);
      if (before != graded_before->end()) {
        graded.push_back(std::move(before->second));
        continue;
      }
    }
    graded.push_back(grade_submission(plan, index, finished, warnings));
    if (graded_here) graded_here->push_back(index);
  }
  return graded;
}

int exit_status_for_batch(const std::vector<GradedSubmission>& graded) {
  int status = exit_all_accepted;
  for (const auto& entry : graded)
    if (entry.result) status = combined_exit_status(status, exit_status_for(*entry.result));
  return status;
}

}  // namespace judge
