#include "cli/cli.hpp"

#include <signal.h>

#include <cstdio>
#include <cstring>

#include <fmt/core.h>

#include <CLI/CLI.hpp>

#include "base/errors.hpp"
#include "base/printable.hpp"
#include "box/sandbox.hpp"
#include "cli/commands.hpp"
#include "cli/shared_options.hpp"
#include "judge_run/run_command.hpp"
#include "process/process.hpp"
#include "verify/verify.hpp"

namespace judge {
namespace {

// The options of `judge run` (its help: cli/command_help.hpp; the command itself:
// judge_run/run_command.hpp).
void add_run_command(Commands& commands) {
  if (!commands.wanted(run_help)) return;
  auto [run, args] = commands.add_with<RunArgs>(run_help, reaping_orphans(run_command));
  add_problem_argument(run, args.problem,
                       "a problem name of this repository (nuts-bolts, ...) or a directory holding "
                       "problem.json");
  run->add_option("SUBMISSION", args.submission,
                  "an executable, a .cpp/.c source (compiled with g++ -O2 -std=c++20 / gcc -O2, "
                  "cached by content hash; a compile error is verdict CE) or a .py file (run "
                  "with python3)")
      ->required();
  // Commas as in judge batch --tests; spaces too (the problem and submission are
  // still found when --tests comes first: CLI11 keeps the required positionals).
  add_tests_option(run, args.tests,
                   "run only these tests: test names of the problem, or paths of test files "
                   "anywhere (separated by commas or spaces; repeatable)")
      ->expected(1, -1);
  add_json_option(run, args.json_file,
                  "write the full result as JSON to FILE (atomically; keys in README.md). FILE's folder "
                  "must exist; a symbolic link is refused (give the file's own name); - or /dev/fd/N "
                  "writes the judge's own descriptor; a FIFO is written only if a process reads it");
  run->add_option("--transcripts", args.transcripts_dir,
                  "keep each test's interaction in DIR/NAME.interaction ('<' judge to "
                  "submission, '>' submission to judge; DIR is made if missing, and so are the "
                  "folders of a test named secret/01)");
  run->add_option("--time-limit-ms", args.time_limit_ms,
                  "override the problem's CPU time limit per test, in ms (1 to 3600000)")
      ->check(CLI::Range(time_limit_range.min, time_limit_range.max));
  run->add_option("--memory-mib", args.memory_mib,
                  "override the problem's memory limit, in MiB (16 to 1048576: a boxed program needs "
                  "a few MiB to start)")
      ->check(CLI::Range(memory_range.min, memory_range.max));
  add_quiet_flag(run, args.quiet, "print only the summary line");
  run->add_option("--pin-cpu", args.pin_cpu,
                  "run the submission and the interactor of each test on one CPU: auto (a CPU "
                  "no other judge on this machine has claimed; default), none (let the scheduler place "
                  "them), or a CPU number. One core makes a round trip ~3x cheaper on VMs "
                  "whose cross-core wake-ups are slow; CPU time stays per process. While the "
                  "interactor is still starting, a boxed submission's own start runs beside it "
                  "on another CPU, until either waits (at most 2 ms)")
      ->capture_default_str();
  add_sandbox_option(run, args.sandbox,
                     "auto (default): run the submission in judge-box with its own user, mount, "
                     "ipc and pid namespaces, an empty network namespace (one per judge, shared "
                     "by its tests in turn), an unprivileged uid, a private root "
                     "without the test data, and cgroup limits, as far as the machine allows "
                     "(what could not be enforced is printed and in the JSON's \"containment\"); "
                     "none: run it as a plain child of the judge (trusted code only)");
  run->add_flag("--stop-at-first-failure", args.stop_at_first_failure,
                "stop after the first test that is not AC (the overall verdict is the same; "
                "the tests not run score nothing)");
  add_repeat_option(run, args.repeat);
  add_rules_option(run, args.rules);
  add_stderr_bytes_option(run, args.stderr_bytes);
}

// `judge verify` (verify/verify.hpp): --sandbox checked, then every submission run.
int run_verify(VerifyOptions options) {
  if (options.sandbox != "auto" && options.sandbox != "none")
    throw ConfigError(fmt::format("--sandbox {}: expected auto or none", options.sandbox));
  options.contain = options.sandbox == "auto";
  if (options.contain) require_box_executable();
  become_subreaper();
  return run_verify_command(options);
}

// The options of `judge verify`.
void add_verify_command(Commands& commands) {
  if (!commands.wanted(verify_help)) return;
  auto [verify, options] = commands.add_with<VerifyOptions>(verify_help, run_verify);
  add_problem_argument(verify, options.problem, "the problem: a package folder or a problem name");
  verify->add_option("SUBMISSIONS", options.submissions,
                     "only these submissions (files or folders; one that is not an example "
                     "submission is judged with no expectation)");
  add_json_option(verify, options.json_file, "write the table and every run as JSON to FILE (- for stdout)");
  verify->add_flag("--all-tests", options.all_tests,
                   "run every test of every submission (default: a submission stops at its first "
                   "TLE, as every further test would cost a whole limit)");
  verify->add_flag("--strict", options.strict,
                   "every warning is an error, exit 2: one about the problem (an unknown key, no "
                   "data/secret, no statement, no input validator) before anything runs; a submission "
                   "sensitive to the time limit or close to it after its run");
  add_sandbox_option(verify, options.sandbox);
  add_quiet_flag(verify, options.quiet, "print only the summary");
  add_repeat_option(verify, options.repeat);
  add_rules_option(verify, options.rules);
  add_stderr_bytes_option(verify, options.stderr_bytes);
}

}  // namespace

int run_cli(int argc, char** argv) {
  // A closed stdout (judge run ... | head) must be a write error, not a silent death;
  // children get SIGPIPE back to its default before exec (process/process.cpp).
  ::signal(SIGPIPE, SIG_IGN);

  CLI::App app{
      "judge: grade interactive problems locally.\n"
      "Runs the contestant's program and the problem's interactor connected by pipes,\n"
      "under CPU, wall, memory, output and process limits, decides each test's verdict\n"
      "(AC WA PE QLE TLE ILE MLE OLE RTE CE JE) and writes it as JSON.\n"
      "Exit status: 0 all tests AC; 1 some test not AC; 2 usage or configuration error;\n"
      "3 judge error (an interactor or the judge itself failed); 128+N stopped by signal N\n"
      "(130 SIGINT, 143 SIGTERM, 129 SIGHUP: the test's processes killed, no result written).",
      "judge"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("judge ") + JUDGE_VERSION, "print the judge's version and exit");
  app.footer("Run 'judge run --help' for grading a submission. Docs: README.md, "
             "docs/problem-format.md.");
  Commands commands(app);
  if (argc > 1)
    for (const CommandHelp* help : all_commands)
      if (std::strcmp(argv[1], help->name) == 0) commands.only(help->name);
  add_run_command(commands);
  add_verify_command(commands);
  add_batch_commands(commands);
  add_setter_commands(commands);

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForVersion& version) {
    return app.exit(version);  // prints it, exit 0
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return exit_usage;
  }

  // Who is to blame (base/errors.hpp): the user (exit 2) or the judge (exit 3).
  try {
    if (const auto status = commands.run_given()) return *status;
  } catch (const ConfigError& error) {
    std::fprintf(stderr, "judge: %s\n", printable(error.what()).c_str());
    return exit_usage;
  } catch (const std::exception& error) {
    std::fprintf(stderr, "judge: judge error: %s\n", printable(error.what()).c_str());
    return exit_judge_error;
  }
  return exit_usage;
}

}  // namespace judge
