// The problem setter's subcommands of the judge command line: `doctor` (is this host
// fit to judge), `validate` (test inputs through the input validators), `generate`
// (test inputs from the manifest), `new` (a problem's skeleton) and `stress` (a
// submission on generated tests until one fails): their options and help.
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"

#include "doctor/doctor.hpp"
#include "process/process.hpp"
#include "generate/generate.hpp"
#include "skeleton/skeleton.hpp"
#include "stress/stress_command.hpp"
#include "validate/validate.hpp"

namespace judge {

namespace {

void add_stress(Commands& commands) {
  auto [stress, o] = commands.add_with<StressOptions>(
      "stress",
      "run a submission on generated tests until one fails: test i runs the generator with --args, {seed}\n"
      "replaced by i and {n} by a size drawn from --sizes. The first failure is shrunk: smaller sizes are\n"
      "tried upwards from LO, and the smallest failing test is printed with its verdict, input and\n"
      "transcript (also saved in --out). Exit 0 no failure, 1 a failure found, 2 usage, 3 the generator\n"
      "or the judge failed.",
      "Example: judge stress nuts-bolts my.cpp --args 'random {n} {seed}' --sizes 2..1000\n"
      "         (the generator of problem.json; another with --generator GEN)",
      [](const StressOptions& options) {
        become_subreaper();  // as judge run: orphans of a submission are the judge's to reap
        return run_stress_command(options);
      });
  stress->add_option("PROBLEM", o.problem, "the problem: a name or a folder")->required();
  stress->add_option("SUBMISSION", o.submission, "the submission: a source file, an executable or a folder")
      ->required();
  stress->add_option("--generator", o.generator,
                       "the generator (executable, .py or C/C++ source); default: problem.json's \"generator\"");
  stress->add_option("--args", o.args, "the generator's arguments; {seed} and {n} are filled in")
      ->capture_default_str();
  stress->add_option("--sizes", o.sizes, "LO..HI: the sizes {n} takes");
  stress->add_option("--seeds", o.seeds, "how many tests to try before giving up")->capture_default_str();
  stress->add_option("--shrink-runs", o.shrink_runs, "how many tests shrinking may run")->capture_default_str();
  stress->add_option("--out", o.out_dir, "where failing tests and transcripts go (default: ./stress-PROBLEM)");
  stress->add_option("--sandbox", o.sandbox, "auto (default) or none, as for judge run")->capture_default_str();
  stress->add_flag("-q,--quiet", o.quiet, "print only failures and the result");
}

void add_doctor(Commands& commands) {
  auto [doctor, json] = commands.add_with<bool>(
      "doctor",
      "check this host for the judge (cgroups, favordynmods, user namespaces, pipe size, CPU frequency,\n"
      "swap, huge pages, root, judge-box): each item with its cost and the command that fixes it.\n"
      "Exit 0 when verdicts are exact here (items marked 'slower' only cost time), 1 when not.",
      "", run_doctor_command);
  doctor->add_flag("--json", json, "print the checks as JSON");
}

void add_validate(Commands& commands) {
  auto [validate, o] = commands.add_with<ValidateOptions>(
      "validate",
      "check every test input with the problem's input validators (ICPC convention: the input on stdin,\n"
      "exit 42 valid, 43 invalid with the reason on stderr). problem.json names them in \"input_validator\"\n"
      "and a subtask adds its \"input_validator_flags\"; a package has input_validators/.\n"
      "Exit 0 every input valid, 1 some input invalid, 2 no validator, 3 a validator failed itself.",
      "Example: judge validate twin-cookies --tests s3-02-n25-random",
      run_validate_command);
  validate->add_option("PROBLEM", o.problem, "the problem: a name or a folder")->required();
  validate->add_option("--tests", o.tests,
                       "only these tests: names of the problem, or paths of test files anywhere "
                       "(separated by commas or spaces)")
      ->delimiter(',');
  validate->add_option("--json", o.json_file, "write every test's result as JSON to FILE (- for stdout)");
  validate->add_flag("-q,--quiet", o.quiet, "print only the invalid inputs and the summary");
}

void add_generate(Commands& commands) {
  auto [generate, o] = commands.add_with<GenerateOptions>(
      "generate",
      "make the problem's test inputs from its manifest: each line NAME ARGS... of the manifest\n"
      "(problem.json \"manifest\", default TESTDATA/manifest.txt) runs the problem.json \"generator\"\n"
      "with ARGS, and its stdout becomes TESTDATA/NAME.in; .in files not listed are removed.\n"
      "Exit 0 written (--check: identical), 1 --check found differences, 2 no generator or manifest,\n"
      "3 the generator failed.",
      "Example: judge generate nuts-bolts --check", run_generate_command);
  generate->add_option("PROBLEM", o.problem, "the problem: a name or a folder")->required();
  generate->add_flag("--check", o.check,
                     "write nothing; compare what the manifest makes with the committed files, byte for byte");
  generate->add_flag("-q,--quiet", o.quiet, "print only the summary");
}

void add_new(Commands& commands) {
  auto [new_problem, o] = commands.add_with<NewProblemOptions>(
      "new",
      "start a problem: writes into DIR a working guess-the-number problem with every part a setter\n"
      "replaces (problem.json, statement.md, interactor.cpp on the interactor library, generator.py and\n"
      "data/manifest.txt, input_validator.py, submissions/accepted/ and wrong_answer/), generates its\n"
      "data, and `judge verify DIR` passes at once. DIR must not exist or be empty (else exit 2).",
      "Example: judge new ~/problems/guess && judge verify ~/problems/guess",
      run_new_command);
  new_problem->add_option("DIR", o.dir, "the new problem's folder (its name is the folder's)")->required();
  new_problem->add_flag("-q,--quiet", o.quiet, "do not list the files written");
}

}  // namespace

void add_setter_commands(Commands& commands) {
  add_doctor(commands);
  add_validate(commands);
  add_generate(commands);
  add_new(commands);
  add_stress(commands);
}

}  // namespace judge
