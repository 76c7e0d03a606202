// The problem setter's subcommands of the judge command line: `doctor` (is this host
// fit to judge), `validate` (test inputs through the input validators), `generate`
// (test inputs from the manifest), `new` (a problem's skeleton), `stress` (a
// submission on generated tests until one fails), `languages` (what submissions may
// be written in) and `cache` (the compile cache): their options (their help:
// cli/command_help.hpp).
#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/shared_options.hpp"

#include "doctor/doctor.hpp"
#include "generate/generate.hpp"
#include "skeleton/skeleton.hpp"
#include "stress/stress_command.hpp"
#include "submission/languages.hpp"
#include "submission/cache_command.hpp"
#include "validate/validate.hpp"

namespace judge {

namespace {

void add_stress(Commands& commands) {
  if (!commands.wanted(stress_help)) return;
  auto [stress, o] = commands.add_with<StressOptions>(stress_help, reaping_orphans(run_stress_command));
  add_problem_argument(stress, o.problem);
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
  add_sandbox_option(stress, o.sandbox);
  add_quiet_flag(stress, o.quiet, "print only failures and the result");
}

void add_doctor(Commands& commands) {
  if (!commands.wanted(doctor_help)) return;
  auto [doctor, json] = commands.add_with<bool>(doctor_help, run_doctor_command);
  doctor->add_flag("--json", json, "print the checks as JSON");
}

void add_validate(Commands& commands) {
  if (!commands.wanted(validate_help)) return;
  auto [validate, o] = commands.add_with<ValidateOptions>(validate_help, run_validate_command);
  add_problem_argument(validate, o.problem);
  add_tests_option(validate, o.tests,
                   "only these tests: names of the problem, or paths of test files anywhere "
                   "(separated by commas or spaces)");
  add_json_option(validate, o.json_file, "write every test's result as JSON to FILE (- for stdout)");
  add_quiet_flag(validate, o.quiet, "print only the invalid inputs and the summary");
}

void add_generate(Commands& commands) {
  if (!commands.wanted(generate_help)) return;
  auto [generate, o] = commands.add_with<GenerateOptions>(generate_help, run_generate_command);
  add_problem_argument(generate, o.problem);
  generate->add_flag("--check", o.check,
                     "write nothing; compare what the manifest makes with the committed files, byte for byte");
  add_quiet_flag(generate, o.quiet, "print only the summary");
}

void add_languages(Commands& commands) {
  if (!commands.wanted(languages_help)) return;
  commands.add(languages_help, run_languages_command);
}

void add_cache(Commands& commands) {
  if (!commands.wanted(cache_help)) return;
  auto [cache, o] = commands.add_with<CacheOptions>(cache_help, run_cache_command);
  cache->add_flag("--stats", o.stats, "print what the cache holds, and its bound (the default)");
  cache->add_flag("--clear", o.clear, "remove everything in the cache");
}

void add_new(Commands& commands) {
  if (!commands.wanted(new_help)) return;
  auto [new_problem, o] = commands.add_with<NewProblemOptions>(new_help, run_new_command);
  new_problem->add_option("DIR", o.dir, "the new problem's folder (its name is the folder's)")->required();
  add_quiet_flag(new_problem, o.quiet, "do not list the files written");
}

}  // namespace

void add_setter_commands(Commands& commands) {
  add_doctor(commands);
  add_validate(commands);
  add_generate(commands);
  add_new(commands);
  add_stress(commands);
  add_languages(commands);
  add_cache(commands);
}

}  // namespace judge
