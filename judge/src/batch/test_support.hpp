// Test support for the batch tests: a small plan and journal records made from
// prepared facts, without processes (as runner_test.cpp's FakeExecutor).
#pragma once

#include <string>

#include <nlohmann/json.hpp>

#include "batch/facts.hpp"
#include "batch/journal.hpp"
#include "batch/plan.hpp"
#include "batch/results.hpp"
#include "base/icpc_exit.hpp"

namespace judge::batch_testing {

// Problem "p" (all_or_nothing, 100) with tests 01 02; problem "q" (per_test, 50)
// with test 01. Submissions: alice p, alice q, bob p, carol q.
inline BatchPlan sample_plan() {
  BatchPlan plan;
  PlannedProblem p{"p", {1000, 3000, 262144}, {{"type", "all_or_nothing"}, {"max_score", 100}}, {}, {{"01", "h1"}, {"02", "h2"}}};
  PlannedProblem q{"q", {1000, 3000, 262144}, {{"type", "per_test"}, {"max_score", 50}}, {}, {{"01", "h3"}}};
  plan.problems = {p, q};
  plan.submissions = {{"alice", "p", "subs/alice/p.cpp", "sa"},
                      {"alice", "q", "subs/alice/q.py", "sb"},
                      {"bob", "p", "subs/bob/p.cpp", "sc"},
                      {"carol", "q", "subs/carol/q.cpp", "sd"}};
  return plan;
}

// A record of a submission with an id names it (journal.hpp).
inline nlohmann::json with_id(const PlannedSubmission& submission, nlohmann::json record) {
  if (!submission.id.empty()) record["submission"] = submission.id;
  return record;
}

// A finished test's journal record: "AC", "WA" (the interactor rejected) or "RTE".
inline nlohmann::json test_record(const BatchPlan& plan, const WorkUnit& unit,
                                  const std::string& verdict, long long cpu_ms = 5) {
  const PlannedSubmission& submission = plan.submissions[unit.submission];
  const PlannedProblem& problem = plan.problem(submission.problem);
  TestRecord record;
  record.name = problem.tests[unit.test].name;
  PassRecord pass;
  TestFacts& facts = pass.facts;
  facts.limits.cpu_ms = 1000;
  facts.limits.wall_ms = 3000;
  facts.limits.memory_kib = 262144;
  facts.submission.exit.cpu_ms = cpu_ms;
  facts.submission.exit.peak_kib = 3000;
  facts.interactor.exit.exit_code = icpc_accept_exit;
  facts.exited_first = Side::submission;
  if (verdict == "WA") {
    facts.interactor.exit.exit_code = icpc_reject_exit;
    facts.report.reason = Verdict::WA;
    facts.report.message = "wrong <answer> & more";
    facts.report.contestant_eof_reported = true;
  } else if (verdict == "RTE") {
    facts.submission.exit.signaled = true;
    facts.submission.exit.signal = 11;
  }
  pass.interactor_result = {{"queries", 7}, {"query_limit", 10}};
  record.passes.push_back(pass);
  const Decision decision = grade_test(grading_spec(problem), record, problem.limits).decision;
  return with_id(submission, {{"participant", submission.participant},
                              {"problem", submission.problem},
                              {"test", record.name},
                              {"fingerprint", unit.fingerprint},
                              {"verdict", verdict_name(decision.verdict)},
                              {"message", decision.message},
                              {"record", record_to_json(record)},
                              {"run", {{"shard", "1/1"}, {"jobs", 2}, {"cores", 2}, {"concurrent_tests", 2}}}});
}

inline nlohmann::json compile_error_record(const BatchPlan& plan, const WorkUnit& unit) {
  const PlannedSubmission& submission = plan.submissions[unit.submission];
  return with_id(submission, {{"participant", submission.participant},
                              {"problem", submission.problem},
                              {"test", plan.problem(submission.problem).tests[unit.test].name},
                              {"fingerprint", unit.fingerprint},
                              {"verdict", "CE"},
                              {"message", "compilation failed"},
                              {"compile_error", "q.cpp:1: error: expected ';'"}});
}

// Every unit finished: alice AC everywhere, bob WA on p/02, carol CE.
inline std::vector<nlohmann::json> sample_records(const BatchPlan& plan) {
  std::vector<nlohmann::json> records;
  for (const WorkUnit& unit : plan_units(plan)) {
    const std::string participant = plan.submissions[unit.submission].participant;
    if (participant == "carol") records.push_back(compile_error_record(plan, unit));
    else if (participant == "bob" && unit.test == 1) records.push_back(test_record(plan, unit, "WA"));
    else records.push_back(test_record(plan, unit, "AC"));
  }
  return records;
}

}  // namespace judge::batch_testing
