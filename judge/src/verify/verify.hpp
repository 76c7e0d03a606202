// `judge verify PROBLEM [SUBMISSION...]`: grades every example submission of a
// problem (submissions/<expected verdict>/..., submissions.yaml, @EXPECTED_RESULTS@
// tags: verify/example_submissions.hpp) and checks that each gets what it must
// (verify/expectations.hpp), as problemtools' verifyproblem and BAPCtools' `bt run`
// do. A package without a time limit gets one first, inferred from the submissions
// that bound it (verify/time_limit_inference.hpp): those run first with a generous
// limit, the rest then with the inferred one.
//
// Prints a table (one row per submission: what it must get, what it got, its slowest
// test, OK / FAIL / SKIP and why) and writes it as JSON with --json. Exit status: 0
// every submission as expected; 1 some not (a skipped one is not a failure: a
// language this machine lacks is said, never hidden); 2 a broken problem or usage; 3
// a judge error (JE in some run, or the judge failed).
#pragma once

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "run/runner.hpp"
#include "verify/expectations.hpp"
#include "verify/time_sensitivity.hpp"

namespace judge {

struct VerifyOptions {
  std::string problem;                   // a name of this repository's problems, or a folder
  std::vector<std::string> submissions;  // only these (paths); empty: every example submission
  std::string json_file;                 // "" none
  bool all_tests = false;  // false: a submission stops at its first TLE (each costs a limit)
  bool quiet = false;
  // --strict: every warning is an error, exit 2: the problem's (Problem::warnings),
  // and a submission sensitive to the time limit or close to it.
  bool strict = false;
  std::string sandbox = "auto";  // as given; contain follows from it
  int cpu = -1;
  bool contain = true;
  int repeat = 1;                                // --repeat: a FLAKY test is not as expected
  std::string rules = "icpc";                    // --rules
  std::size_t stderr_bytes = default_stderr_bytes;  // --stderr-bytes
};

enum class VerifyStatus { ok, fail, skipped };

// What one submission got, against what it must get.
struct VerifiedSubmission {
  std::string name;        // "accepted/binary.py"
  std::string expected;    // the rules' origins, shortened
  VerifyStatus status = VerifyStatus::skipped;
  std::string reason;      // why it failed or was skipped, or what was met
  std::optional<RunResult> run;  // absent when skipped
  // Graded at the limit and at the limit x time_limit_to_tle (time_sensitivity.hpp).
  std::optional<TimeSensitivity> sensitivity;
  std::string flaky;       // --repeat: "FLAKY on secret/3: AC x2, TLE x1" ("": stable)
  bool strict_failure = false;  // --strict made a warning this submission's failure
};

struct VerifyReport {
  std::string problem;
  std::string format;
  std::int64_t time_limit_ms = 0;
  bool time_limit_inferred = false;
  std::string time_limit_explanation;
  std::vector<VerifiedSubmission> submissions;
  std::vector<std::string> notes;
  std::vector<std::string> warnings;  // the problem's (Problem::warnings)
};

// --strict: a ConfigError listing every warning of the problem, if it has any.
void refuse_warnings(const Problem& problem);

// Grades and checks everything (no printing). `prepare` makes a submission runnable
// (tests replace it); it throws ConfigError for one that cannot be (a language this
// machine lacks), which makes the submission skipped with that reason.
using PrepareSubmission = std::function<Submission(const std::filesystem::path&)>;
VerifyReport verify_problem(const Problem& problem, const std::vector<ExampleSubmission>& submissions,
                            const VerifyOptions& options, TestExecutor& executor,
                            const PrepareSubmission& prepare,
                            const std::function<void(const VerifiedSubmission&)>& on_done = {});

std::string format_verify_row(const VerifiedSubmission& submission, std::size_t name_width);
std::string format_verify_summary(const VerifyReport& report);
nlohmann::json verify_to_json(const VerifyReport& report);
// 3 a JE; 2 --strict and a warning; 1 some submission not as expected; 0.
int exit_status_for(const VerifyReport& report);

// The command: loads, grades, prints, writes the JSON. Returns the exit status.
int run_verify_command(const VerifyOptions& options);

}  // namespace judge
