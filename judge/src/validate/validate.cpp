#include "validate/validate.hpp"

#include <unistd.h>

#include <cstdio>
#include <iostream>

#include <fmt/core.h>

#include "base/enum_name.hpp"
#include "base/errors.hpp"
#include "base/icpc_exit.hpp"
#include "base/json_text.hpp"
#include "base/output_file.hpp"
#include "base/printable.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "problem/cms_task.hpp"
#include "problem/gen_file.hpp"
#include "problem/program_build.hpp"
#include "problem/tests.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The validator's words, on one line and capped: a line of a table.
std::string one_line(const std::string& output) {
  std::string text = printable(output);
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  for (char& c : text)
    if (c == '\n') c = ' ';
  if (text.size() > 300) text = text.substr(0, 300) + " [...]";
  return text;
}

std::string command_words(const InputCheck& check) {
  std::string words = check.validator;
  for (const auto& arg : check.args) words += " " + arg;
  return words;
}

}  // namespace

std::string_view input_status_name(InputStatus status) {
  return enum_name(status, std::array<std::string_view, 3>{"valid", "INVALID", "VALIDATOR FAILED"});
}

InputStatus classify_validator_run(const ToolRun& run, bool task_maker) {
  if (!run.ended_in_time || run.exit.signaled) return InputStatus::validator_failed;
  if (task_maker) return run.exit.exit_code == 0 ? InputStatus::valid : InputStatus::invalid;
  if (run.exit.exit_code == icpc_accept_exit) return InputStatus::valid;
  if (run.exit.exit_code == icpc_reject_exit) return InputStatus::invalid;
  return InputStatus::validator_failed;
}

std::vector<InputCheck> validate_inputs(const std::vector<TestCase>& tests,
                                        const std::vector<InputValidator>& validators,
                                        const RunInputValidator& run,
                                        const std::function<void(const InputCheck&)>& on_test) {
  std::vector<InputCheck> checks;
  for (const TestCase& test : tests) {
    InputCheck check;
    check.test = test.name;
    check.input = test.input;
    const std::vector<std::vector<std::string>> arg_lists =
        test.input_validator_runs.empty() ? std::vector<std::vector<std::string>>{{}} : test.input_validator_runs;
    for (const InputValidator& validator : validators) {
      for (const auto& args : arg_lists) {
        const ToolRun outcome = run(validator, args, test.input);
        ++check.runs;
        check.status = classify_validator_run(outcome, validator.task_maker);
        if (check.status == InputStatus::valid) continue;
        check.validator = validator.name;
        check.args = args;
        check.message = check.status == InputStatus::invalid
                            ? one_line(outcome.output)
                            : one_line(outcome.failure_message("the input validator"));
        if (check.message.empty()) check.message = "(it said nothing)";
        break;
      }
      if (check.status != InputStatus::valid) break;
    }
    if (on_test) on_test(check);
    checks.push_back(std::move(check));
  }
  return checks;
}

ToolRun run_input_validator(const InputValidator& validator, const std::vector<std::string>& args,
                            const fs::path& input) {
  const TempDir scratch("judge-validate-");
  ToolRunRequest request;
  request.argv = validator.command;
  if (validator.task_maker) request.argv.push_back(input.string());  // `validator INPUT SUBTASK`
  request.argv.insert(request.argv.end(), args.begin(), args.end());
  request.working_dir = validator.working_dir;
  request.log_path = scratch.path() / "log";
  request.stdin_path = input;
  request.output_limit_bytes = 4096;
  return run_tool(request);
}

nlohmann::json input_checks_to_json(const std::vector<InputCheck>& checks) {
  nlohmann::json tests = nlohmann::json::array();
  int valid = 0;
  for (const auto& check : checks) {
    nlohmann::json test{{"test", check.test}, {"input", check.input.string()},
                        {"status", check.status == InputStatus::valid     ? "valid"
                                   : check.status == InputStatus::invalid ? "invalid"
                                                                          : "validator_failed"},
                        {"validator_runs", check.runs}};
    if (check.status != InputStatus::valid) {
      test["validator"] = check.validator;
      test["args"] = check.args;
      test["message"] = check.message;
    } else {
      ++valid;
    }
    tests.push_back(test);
  }
  return {{"tests", tests}, {"valid", valid}, {"total", checks.size()}};
}

namespace {

std::vector<InputValidator> build_validators(const Problem& problem) {
  std::vector<InputValidator> validators;
  for (const fs::path& path : problem.input_validators) {
    if (path.extension() == ".ctd" || path.extension() == ".viva")
      throw ConfigError(fmt::format("input validator {}: checktestdata and viva scripts are not run by this judge; "
                                    "give a program (C++, C or Python) exiting 42 or 43",
                                    path.string()));
    const auto library = library_for_source(path, JudgePaths::from_environment());
    const BuiltProgram built = build_package_program(path, default_cache_dir(), library ? &*library : nullptr);
    validators.push_back({path.filename().string(), built.command, built.working_dir});
  }
  return validators;
}

// The test's place in gen/GEN: N of its input/inputN.txt (nullopt for another file).
std::optional<std::size_t> gen_index(const fs::path& input) {
  std::size_t index = 0;
  const std::string name = input.filename().string();
  if (std::sscanf(name.c_str(), "input%zu.txt", &index) != 1 || name != fmt::format("input{}.txt", index))
    return std::nullopt;
  return index;
}

// A CMS task's validator: task-maker's gen/validator.* (or gen/valida.*), each test
// run with its 1-based subtask from gen/GEN. Throws ConfigError, saying what CMS and
// task-maker check and what was checked here, when the task has none.
std::vector<InputValidator> cms_validators(const Problem& problem, std::vector<TestCase>& tests) {
  const fs::path gen = problem.dir / "gen";
  const auto program = find_task_program(gen, {"validator", "valida"}, "validator");
  if (!program)
    throw ConfigError(fmt::format(
        "{} is a CMS task (task.yaml) without an input validator: CMS checks no input, and task-maker's "
        "validator, gen/validator.* or gen/valida.* (a .cpp, .c or .py, or an executable, run as `validator "
        "INPUT SUBTASK` and exiting 0 when the input is valid), is not there. Checked: task.yaml and its {} "
        "test{} (input/inputN.txt{}) load; to check the inputs' constraints, add gen/validator.py (or .cpp) "
        "and gen/GEN's \"#ST:\" lines for the subtasks",
        problem.name, problem.tests.size(), problem.tests.size() == 1 ? "" : "s",
        problem.cms && problem.cms->type == CmsTaskType::batch ? " with output/outputN.txt" : ""));
  const auto text = read_file(gen / "GEN");
  if (!text)
    throw ConfigError(fmt::format("{}: task-maker runs it with each test's subtask from gen/GEN, and {} has none",
                                  program->string(), problem.dir.string()));
  const GenFile file = parse_gen_file(*text, gen / "GEN");
  for (TestCase& test : tests) {
    const auto index = gen_index(test.input);
    if (!index || *index >= file.tests.size())
      throw ConfigError(
          fmt::format("{} is not one of gen/GEN's {} tests (input/inputN.txt): task-maker's "
                      "validator takes the test's subtask, which only gen/GEN gives",
                      test.input.string(), file.tests.size()));
    test.input_validator_runs = {{std::to_string(file.tests[*index].subtask + 1)}};
  }
  const BuiltProgram built = build_package_program(*program, default_cache_dir());
  return {{fs::relative(*program, problem.dir).string(), built.command, built.working_dir, true}};
}

void print_check(std::ostream& out, const InputCheck& check, std::size_t width) {
  if (check.status == InputStatus::valid) {
    out << fmt::format("  {:<{}}  valid ({} run{})\n", check.test, width, check.runs, check.runs == 1 ? "" : "s");
  } else {
    out << fmt::format("  {:<{}}  {}  {}: {}\n  {:<{}}  file: {}\n", check.test, width,
                             input_status_name(check.status), command_words(check), check.message, "", width,
                             check.input.string());
  }
  out.flush();
}

}  // namespace

int run_validate_command(const ValidateOptions& options) {
  const Problem problem = load_problem(options.problem, JudgePaths::from_environment());
  const bool cms = problem.format == ProblemFormat::cms;
  // A TPS task's validators run with its generation, as tps gen runs them.
  if (problem.format == ProblemFormat::tps)
    throw ConfigError(fmt::format(
        "{} is a TPS task: its validators (subtasks.json's global_validators, validators and "
        "subtask_sensitive_validators, programs of validator/) run where tps gen runs them, when tests/ is made: "
        "`judge generate {} --check` runs every one on every test and writes nothing; judge validate does not",
        problem.name, options.problem));
  if (problem.input_validators.empty() && !cms)
    throw ConfigError(fmt::format(
        "problem {} has no input validator: name one in problem.json (\"input_validator\": \"input_validator.cpp\") "
        "or put it in the package's input_validators/ folder",
        problem.name));
  std::optional<OutputTarget> json_target;
  if (!options.json_file.empty()) json_target = resolve_output(options.json_file, "--json");
  // JSON on stdout: the table goes to stderr, so that stdout is JSON alone.
  std::ostream& out = json_target && json_target->kind == OutputKind::standard_output ? std::cerr : std::cout;
  std::vector<TestCase> tests = select_tests(problem, options.tests);
  // A test file given by its path (not a test of the problem) is in the subtasks
  // its name matches, as it would be once added to the test data.
  for (TestCase& test : tests)
    if (test.input_validator_runs.empty() && problem.format == ProblemFormat::native)
      test.input_validator_runs = subtask_validator_runs(problem.scoring, test.name);
  const std::vector<InputValidator> validators = cms ? cms_validators(problem, tests) : build_validators(problem);
  std::size_t width = 4;
  for (const auto& test : tests) width = std::max(width, test.name.size());
  if (!options.quiet && cms)
    out << fmt::format(
        "{}: a CMS task (task.yaml, {} test{} loaded): task-maker's validator {} on each input, run as "
        "`validator INPUT SUBTASK` (the subtask from gen/GEN; exit 0 is valid)\n",
        problem.name, tests.size(), tests.size() == 1 ? "" : "s", validators.front().name);
  else if (!options.quiet)
    out << fmt::format("{}: {} test{}, {} input validator{}\n", problem.name, tests.size(),
                             tests.size() == 1 ? "" : "s", validators.size(), validators.size() == 1 ? "" : "s");
  const auto checks = validate_inputs(tests, validators, run_input_validator, [&](const InputCheck& check) {
    if (!options.quiet || check.status != InputStatus::valid) print_check(out, check, width);
  });
  int valid = 0, invalid = 0, failed = 0;
  for (const auto& check : checks) {
    if (check.status == InputStatus::valid) ++valid;
    else if (check.status == InputStatus::invalid) ++invalid;
    else ++failed;
  }
  out << fmt::format("{}: {} of {} inputs valid{}{}\n", problem.name, valid, checks.size(),
                           invalid > 0 ? fmt::format(", {} invalid", invalid) : "",
                           failed > 0 ? fmt::format(", {} where the validator failed (fix the validator)", failed)
                                      : "");
  if (json_target) write_output(*json_target, json_text(input_checks_to_json(checks), 2) + "\n", "--json");
  if (failed > 0) return exit_judge_error;
  return invalid > 0 ? exit_not_accepted : exit_all_accepted;
}

}  // namespace judge
