#include "batch/results.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/core.h>

#include "batch/facts.hpp"
#include "batch/journal.hpp"

namespace judge {

std::map<std::string, nlohmann::json> finished_units(const BatchPlan& plan,
                                                     const std::vector<WorkUnit>& units,
                                                     const std::vector<nlohmann::json>& records) {
  std::map<std::string, std::string> fingerprint_by_key;
  for (const WorkUnit& unit : units) {
    const PlannedSubmission& submission = plan.submissions[unit.submission];
    const PlannedProblem& problem = plan.problem(submission.problem);
    fingerprint_by_key[unit_key(submission.participant, submission.problem,
                                problem.tests[unit.test].name)] = unit.fingerprint;
  }
  std::map<std::string, nlohmann::json> finished;
  for (const auto& record : records) {
    const std::string key = record_key(record);
    const auto planned = fingerprint_by_key.find(key);
    if (planned == fingerprint_by_key.end() || record.value("fingerprint", "") != planned->second)
      continue;
    finished.emplace(key, record);  // the first one wins
  }
  return finished;
}

Problem problem_for_grading(const PlannedProblem& planned) {
  Problem problem;
  problem.name = planned.name;
  problem.limits = planned.limits;
  problem.scoring = planned.scoring;
  problem.metrics = planned.metrics;
  return problem;
}

GradedSubmission grade_submission(const BatchPlan& plan, std::size_t index,
                                  const std::map<std::string, nlohmann::json>& finished,
                                  std::vector<std::string>& warnings) {
  const PlannedSubmission& planned = plan.submissions[index];
  const PlannedProblem& planned_problem = plan.problem(planned.problem);
  GradedSubmission entry;
  entry.submission = index;
  entry.tests_planned = planned_problem.tests.size();
  std::map<std::string, TestOutcome> outcomes;
  std::optional<std::string> compile_error;
  std::vector<TestCase> tests;
  for (const auto& test : planned_problem.tests) {
    tests.push_back({test.name, test.name, "/dev/null"});
    const auto it = finished.find(unit_key(planned.participant, planned.problem, test.name));
    if (it == finished.end()) continue;
    const nlohmann::json& record = it->second;
    if (record.contains("compile_error")) {
      if (!compile_error) compile_error = record["compile_error"].get<std::string>();
    } else {
      try {
        outcomes.emplace(test.name, outcome_from_record(record.at("outcome")));
      } catch (const std::exception& error) {
        warnings.push_back(fmt::format("{}/{}/{}: unusable journal record ({})",
                                       planned.participant, planned.problem, test.name,
                                       error.what()));
        continue;
      }
    }
    entry.records.push_back(record);
    ++entry.tests_finished;
  }
  Submission submission;
  submission.display = planned.path;
  if (compile_error) {
    submission.compile_failed = true;
    submission.compile_message = *compile_error;
  } else if (entry.tests_finished < entry.tests_planned) {
    return entry;
  }
  RecordedExecutor executor(std::move(outcomes));
  RunOptions options;
  options.limits = planned_problem.limits;
  RunResult result = run_submission(problem_for_grading(planned_problem), submission, tests,
                                    options, executor);
  for (std::size_t t = 0; t < result.tests.size(); ++t) {
    const std::string recorded = entry.records[t].value("verdict", "");
    const Verdict decided = result.tests[t].decision.verdict;
    if (parse_verdict(recorded) != decided)
      warnings.push_back(fmt::format(
          "{}/{}/{}: the worker decided {} but the journal's facts give {} (a fact the "
          "journal does not keep: judge/src/batch/facts.cpp)",
          planned.participant, planned.problem, result.tests[t].name, recorded, verdict_name(decided)));
  }
  entry.result = std::move(result);
  return entry;
}

std::vector<GradedSubmission> grade_batch(const BatchPlan& plan,
                                          const std::map<std::string, nlohmann::json>& finished,
                                          std::vector<std::string>& warnings) {
  std::vector<GradedSubmission> graded;
  for (std::size_t index = 0; index < plan.submissions.size(); ++index)
    graded.push_back(grade_submission(plan, index, finished, warnings));
  return graded;
}

int exit_status_for_batch(const std::vector<GradedSubmission>& graded) {
  int status = 0;
  for (const auto& entry : graded) {
    if (!entry.result) continue;
    const int one = exit_status_for(*entry.result);
    if (one == 3) return 3;
    status = std::max(status, one);
  }
  return status;
}

}  // namespace judge
