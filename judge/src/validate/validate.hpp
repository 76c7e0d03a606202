// `judge validate PROBLEM`: every test input checked by the problem's input
// validators, the ICPC convention: the validator reads the input on stdin, exits 42
// when it is valid and 43 when it is not, saying why on stdout or stderr (this
// repository's validators: one line "line L: <the constraint that failed>"). Any
// other ending (another code, a signal, too long) is the validator's own fault,
// never the test's. A test is run once per argument list of its
// input_validator_runs (problem.hpp): a subtask's constraints are checked with its
// flags.
//
// A CMS task (task.yaml) has no validator CMS runs: task-maker's gen/validator.* (or
// gen/valida.*) is run as task-maker runs it, `validator INPUT SUBTASK` with the
// test's 1-based subtask from gen/GEN, exit 0 valid. Without one, exit 2 says so and
// what was checked (task.yaml and its tests loaded).
#pragma once

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "problem/problem.hpp"
#include "process/tool_run.hpp"

namespace judge {

enum class InputStatus { valid, invalid, validator_failed };
std::string_view input_status_name(InputStatus status);

// What one validator run means (a pure rule, unit-tested): the ICPC convention, or
// with `task_maker` task-maker's (exit 0 valid, any other exit invalid; a signal or
// a run past its time is the validator's failure in both).
InputStatus classify_validator_run(const ToolRun& run, bool task_maker = false);

struct InputValidator {
  std::string name;                  // as the problem names it: "input_validator.cpp"
  std::vector<std::string> command;  // built, ready to exec
  std::filesystem::path working_dir;
  // A CMS task's gen/validator.* (task-maker's convention): run as `validator INPUT
  // SUBTASK` (the input's path, then the run's arguments: the test's 1-based subtask
  // from gen/GEN), exit 0 when the input is valid.
  bool task_maker = false;
};

struct InputCheck {
  std::string test;
  std::filesystem::path input;
  InputStatus status = InputStatus::valid;
  int runs = 0;  // validator runs made on this test
  // Not valid: the run that said so (validator and arguments) and what it said.
  std::string validator;
  std::vector<std::string> args;
  std::string message;
};

// Runs one validator with these arguments on one input (the seam: tests fake it).
using RunInputValidator =
    std::function<ToolRun(const InputValidator&, const std::vector<std::string>& args, const std::filesystem::path& input)>;

// Every test through every validator and argument list, stopping at a test's first
// non-valid run. `on_test` is told each test's result as it is known (progress).
std::vector<InputCheck> validate_inputs(const std::vector<TestCase>& tests,
                                        const std::vector<InputValidator>& validators,
                                        const RunInputValidator& run,
                                        const std::function<void(const InputCheck&)>& on_test = {});

// The real runner: run_tool with the input on stdin, 60 s of CPU.
ToolRun run_input_validator(const InputValidator& validator, const std::vector<std::string>& args,
                            const std::filesystem::path& input);

nlohmann::json input_checks_to_json(const std::vector<InputCheck>& checks);

struct ValidateOptions {
  std::string problem;
  std::vector<std::string> tests;
  std::string json_file;
  bool quiet = false;
};

// The command: exit 0 every input valid, 1 some input invalid, 2 no validator (or
// another configuration error), 3 a validator failed.
int run_validate_command(const ValidateOptions& options);

}  // namespace judge
