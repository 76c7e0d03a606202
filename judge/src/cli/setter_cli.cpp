#include "cli/setter_cli.hpp"

#include <CLI/CLI.hpp>

#include "doctor/doctor.hpp"
#include "process/process.hpp"
#include "generate/generate.hpp"
#include "skeleton/skeleton.hpp"
#include "stress/stress_command.hpp"
#include "validate/validate.hpp"

namespace judge {

struct SetterCommands::State {
  CLI::App* doctor = nullptr;
  CLI::App* validate = nullptr;
  CLI::App* generate = nullptr;
  CLI::App* new_problem = nullptr;
  CLI::App* stress = nullptr;

  bool doctor_json = false;
  ValidateOptions validate_options;
  GenerateOptions generate_options;
  NewProblemOptions new_options;
  StressOptions stress_options;
};

namespace {

void add_stress(CLI::App& app, SetterCommands::State& s) {
  StressOptions& o = s.stress_options;
  s.stress = app.add_subcommand(
      "stress",
      "run a submission on generated tests until one fails: test i runs the generator with --args, {seed}\n"
      "replaced by i and {n} by a size drawn from --sizes. The first failure is shrunk: smaller sizes are\n"
      "tried upwards from LO, and the smallest failing test is printed with its verdict, input and\n"
      "transcript (also saved in --out). Exit 0 no failure, 1 a failure found, 2 usage, 3 the generator\n"
      "or the judge failed.");
  s.stress->footer(
      "Example: judge stress nuts-bolts my.cpp --args 'random {n} {seed}' --sizes 2..1000\n"
      "         (the generator of problem.json; another with --generator GEN)");
  s.stress->add_option("PROBLEM", o.problem, "the problem: a name or a folder")->required();
  s.stress->add_option("SUBMISSION", o.submission, "the submission: a source file, an executable or a folder")
      ->required();
  s.stress->add_option("--generator", o.generator,
                       "the generator (executable, .py or C/C++ source); default: problem.json's \"generator\"");
  s.stress->add_option("--args", o.args, "the generator's arguments; {seed} and {n} are filled in")
      ->capture_default_str();
  s.stress->add_option("--sizes", o.sizes, "LO..HI: the sizes {n} takes");
  s.stress->add_option("--seeds", o.seeds, "how many tests to try before giving up")->capture_default_str();
  s.stress->add_option("--shrink-runs", o.shrink_runs, "how many tests shrinking may run")->capture_default_str();
  s.stress->add_option("--out", o.out_dir, "where failing tests and transcripts go (default: ./stress-PROBLEM)");
  s.stress->add_option("--sandbox", o.sandbox, "auto (default) or none, as for judge run")->capture_default_str();
  s.stress->add_flag("-q,--quiet", o.quiet, "print only failures and the result");
}

}  // namespace

SetterCommands::SetterCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.doctor = app.add_subcommand(
      "doctor",
      "check this host for the judge (cgroups, favordynmods, user namespaces, pipe size, CPU frequency,\n"
      "swap, huge pages, root, judge-box): each item with its cost and the command that fixes it.\n"
      "Exit 0 when verdicts are exact here (items marked 'slower' only cost time), 1 when not.");
  s.doctor->add_flag("--json", s.doctor_json, "print the checks as JSON");

  s.validate = app.add_subcommand(
      "validate",
      "check every test input with the problem's input validators (ICPC convention: the input on stdin,\n"
      "exit 42 valid, 43 invalid with the reason on stderr). problem.json names them in \"input_validator\"\n"
      "and a subtask adds its \"input_validator_flags\"; a package has input_validators/.\n"
      "Exit 0 every input valid, 1 some input invalid, 2 no validator, 3 a validator failed itself.");
  s.validate->footer("Example: judge validate twin-cookies --tests s3-02-n25-random");
  s.validate->add_option("PROBLEM", s.validate_options.problem, "the problem: a name or a folder")->required();
  s.validate->add_option("--tests", s.validate_options.tests,
                         "only these tests: names of the problem, or paths of test files anywhere "
                         "(separated by commas or spaces)")
      ->delimiter(',');
  s.validate->add_option("--json", s.validate_options.json_file,
                         "write every test's result as JSON to FILE (- for stdout)");
  s.validate->add_flag("-q,--quiet", s.validate_options.quiet, "print only the invalid inputs and the summary");

  s.generate = app.add_subcommand(
      "generate",
      "make the problem's test inputs from its manifest: each line NAME ARGS... of the manifest\n"
      "(problem.json \"manifest\", default TESTDATA/manifest.txt) runs the problem.json \"generator\"\n"
      "with ARGS, and its stdout becomes TESTDATA/NAME.in; .in files not listed are removed.\n"
      "Exit 0 written (--check: identical), 1 --check found differences, 2 no generator or manifest,\n"
      "3 the generator failed.");
  s.generate->footer("Example: judge generate nuts-bolts --check");
  s.generate->add_option("PROBLEM", s.generate_options.problem, "the problem: a name or a folder")->required();
  s.generate->add_flag("--check", s.generate_options.check,
                       "write nothing; compare what the manifest makes with the committed files, byte for byte");
  s.generate->add_flag("-q,--quiet", s.generate_options.quiet, "print only the summary");

  s.new_problem = app.add_subcommand(
      "new",
      "start a problem: writes into DIR a working guess-the-number problem with every part a setter\n"
      "replaces (problem.json, statement.md, interactor.cpp on the interactor library, generator.py and\n"
      "data/manifest.txt, input_validator.py, submissions/accepted/ and wrong_answer/), generates its\n"
      "data, and `judge verify DIR` passes at once. DIR must not exist or be empty (else exit 2).");
  s.new_problem->footer("Example: judge new ~/problems/guess && judge verify ~/problems/guess");
  s.new_problem->add_option("DIR", s.new_options.dir, "the new problem's folder (its name is the folder's)")
      ->required();
  s.new_problem->add_flag("-q,--quiet", s.new_options.quiet, "do not list the files written");
  add_stress(app, s);
}

SetterCommands::~SetterCommands() = default;

std::optional<int> SetterCommands::run_if_parsed() const {
  const State& s = *state_;
  if (s.doctor->parsed()) return run_doctor_command(s.doctor_json);
  if (s.validate->parsed()) return run_validate_command(s.validate_options);
  if (s.generate->parsed()) return run_generate_command(s.generate_options);
  if (s.new_problem->parsed()) return run_new_command(s.new_options);
  if (s.stress->parsed()) {
    become_subreaper();  // as judge run: orphans of a submission are the judge's to reap
    return run_stress_command(s.stress_options);
  }
  return std::nullopt;
}

}  // namespace judge
