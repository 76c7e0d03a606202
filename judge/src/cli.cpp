#include "cli.hpp"

#include <signal.h>
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <cstdio>
#include <iostream>
#include <thread>

#include <fmt/core.h>

#include "batch_cli.hpp"
#include "cpu_claim.hpp"
#include "interrupt_watch.hpp"
#include "printable.hpp"
#include "private_tmpdir.hpp"
#include "problem.hpp"
#include "process.hpp"
#include "report.hpp"
#include "run_preflight.hpp"
#include "runner.hpp"
#include "submission.hpp"

namespace judge {
namespace {

constexpr int exit_usage = 2;
constexpr int exit_judge_error = 3;

struct RunArgs {
  std::string problem;
  std::string submission;
  std::vector<std::string> tests;
  std::string json_file;
  std::string transcripts_dir;
  std::int64_t time_limit_ms = 0;
  std::int64_t memory_mib = 0;
  bool quiet = false;
  bool stop_at_first_failure = false;
  std::string pin_cpu = "auto";
  std::string sandbox = "auto";
};

// The transcripts of a test cut short by a stop signal hold half an interaction:
// removed (those of the tests before it are complete and stay).
void remove_transcripts(const RunOptions& options, const std::string& test_name) {
  if (!options.transcripts_dir) return;
  const std::string base = test_name + ".interaction";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(*options.transcripts_dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (name == base || name.rfind(base + ".pass", 0) == 0) std::filesystem::remove(entry.path(), ec);
  }
}

// `doing` says what the run is busy with, for the message if a stop signal comes.
int grade(const RunArgs& args, const InterruptWatch& interrupt, std::string& doing) {
  const JudgePaths paths = JudgePaths::from_environment();
  const Problem problem = load_problem(args.problem, paths);
  const std::vector<TestCase> tests = select_tests(problem, args.tests);
  // Before any test runs: a run that could not be saved, or that would trip over
  // a missing test file half-way, is refused now (run_preflight.hpp).
  check_test_files(problem, tests, args.tests.empty());
  if (!args.json_file.empty()) check_result_file(args.json_file);
  if (!args.transcripts_dir.empty()) check_transcripts_dir(args.transcripts_dir);
  RunOptions options;
  if (args.time_limit_ms > 0) options.time_limit_ms = args.time_limit_ms;
  if (args.memory_mib > 0) options.memory_mib = args.memory_mib;
  if (!args.transcripts_dir.empty()) options.transcripts_dir = args.transcripts_dir;
  options.stop_at_first_failure = args.stop_at_first_failure;
  if (args.sandbox != "auto" && args.sandbox != "none")
    throw ConfigError(fmt::format("--sandbox {}: expected auto or none", args.sandbox));
  options.contain = args.sandbox == "auto";
  CpuClaim cpu_claim;  // held until the run ends
  if (args.pin_cpu == "auto") {
    cpu_claim = CpuClaim::claim();
    options.cpu = cpu_claim.cpu();
  } else if (args.pin_cpu != "none") {
    try {
      options.cpu = std::stoi(args.pin_cpu);
    } catch (const std::exception&) {
      throw ConfigError(fmt::format("--pin-cpu {}: expected auto, none or a CPU number", args.pin_cpu));
    }
    if (options.cpu < 0 || options.cpu >= static_cast<int>(std::thread::hardware_concurrency()))
      throw ConfigError(fmt::format("--pin-cpu {}: this machine has CPUs 0..{}", args.pin_cpu,
                                    std::thread::hardware_concurrency() - 1));
  }
  if (options.transcripts_dir && !problem.interactor_writes_transcript)
    std::fprintf(stderr,
                 "judge: warning: the interactor of %s does not write transcripts; none will "
                 "be kept\n",
                 problem.name.c_str());

  doing = "preparing " + args.submission;
  const Submission submission = prepare_submission(args.submission, default_cache_dir());
  interrupt.throw_if_interrupted();  // a compiler killed by the watch is no CE
  const EffectiveLimits limits = effective_limits(problem, options);
  std::size_t name_width = 4;
  for (const auto& test : tests) name_width = std::max(name_width, test.name.size());
  if (!args.quiet) {
    fmt::print("{} on {}: {} tests, CPU limit {} ms, wall limit {} ms, memory {} MiB\n",
               submission.display, problem.name, tests.size(), limits.time_limit_ms,
               limits.wall_limit_ms, limits.memory_kib / 1024);
    std::fflush(stdout);
  }
  ProcessExecutor executor;
  auto running = [&](std::size_t index) {
    return index < tests.size()
               ? fmt::format("running test {} ({} of {})", tests[index].name, index + 1, tests.size())
               : std::string("finishing the run");
  };
  doing = running(0);
  const RunResult result =
      run_submission(problem, submission, tests, options, executor,
                     [&](const TestOutcome& test, std::size_t index, std::size_t) {
                       // A test the watch killed has no verdict: it is not shown.
                       if (interrupt.signal() != 0) {
                         remove_transcripts(options, test.name);
                         interrupt.throw_if_interrupted();
                       }
                       doing = running(index + 1);
                       if (args.quiet) return;
                       fmt::print("{}\n", format_test_line(test, name_width));
                       std::fflush(stdout);
                     });
  interrupt.throw_if_interrupted();
  fmt::print("{}\n", format_summary(result));
  std::fflush(stdout);
  for (const auto& test : result.tests) {
    if (test.decision.verdict == Verdict::JE)
      std::fprintf(stderr,
                   "judge: judge error in test %s (a broken interactor or test file, not the "
                   "submission): %s\n",
                   printable(test.name).c_str(), printable(test.decision.message).c_str());
  }
  // From here on a stop signal waits (blocked) until the result is whole on disk.
  doing = "writing the result";
  if (!args.json_file.empty()) write_file_atomically(args.json_file, to_json(result).dump(2) + "\n");
  return exit_status_for(result);
}

// judge run. The InterruptWatch comes first, before any thread or child exists
// (interrupt_watch.hpp); on SIGINT, SIGTERM or SIGHUP it kills the test's
// processes, grade() unwinds from where it waited (the temporary folders of the
// test go with it) and no result is written: exit 128 + the signal's number.
int command_run(const RunArgs& args) {
  const InterruptWatch interrupt;
  // After the watch (whose thread never reads the environment), so that it is
  // removed while the stop signals are still blocked, after the last kill below.
  const PrivateTmpdir tmpdir;
  std::string doing = "loading the problem";
  try {
    return grade(args, interrupt, doing);
  } catch (const Interrupted& stop) {
    kill_orphans();  // anything of the test still unreaped (the watch only kills)
    std::fprintf(stderr,
                 "judge: %s while %s: every process the judge started is killed and its "
                 "temporary files are removed; no result was written%s\n",
                 stop.what(), printable(doing).c_str(),
                 args.json_file.empty()
                     ? ""
                     : printable(" (" + args.json_file + " is left as it was)").c_str());
    return stop.exit_status();
  }
}

}  // namespace

int run_cli(int argc, char** argv) {
  // A closed stdout (judge run ... | head) must be a write error, not a silent death;
  // children get SIGPIPE back to its default before exec (process.cpp).
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
  app.footer("Run 'judge run --help' for grading a submission. Docs: README.md, "
             "docs/problem-format.md.");

  RunArgs run_args;
  CLI::App* run = app.add_subcommand(
      "run",
      "Grade one submission on every test (or the chosen tests) of a problem.\n"
      "Prints one line per test as it finishes and a summary.");
  run->footer(
      "Exit status: 0 every test AC; 1 some test not AC (CE included); 2 usage or\n"
      "configuration error (nothing run); 3 judge error (JE on some test: a broken\n"
      "interactor or test file; or the judge failed); 128+N stopped by signal N.\n"
      "Example: judge run nuts-bolts solutions/nuts-bolts/accepted/quicksort.cpp --json r.json\n"
      "Verdicts and JSON keys: README.md.");
  run->add_option("PROBLEM", run_args.problem,
                  "a problem name of this repository (nuts-bolts, ...) or a directory holding "
                  "problem.json")
      ->required();
  run->add_option("SUBMISSION", run_args.submission,
                  "an executable, a .cpp/.c source (compiled with g++ -O2 -std=c++20 / gcc -O2, "
                  "cached by content hash; a compile error is verdict CE) or a .py file (run "
                  "with python3)")
      ->required();
  run->add_option("--tests", run_args.tests,
                  "run only these tests: test names of the problem, or paths of test files "
                  "anywhere (repeatable)")
      ->expected(1, -1);
  run->add_option("--json", run_args.json_file,
                  "write the full result as JSON to FILE (atomically; keys in README.md)");
  run->add_option("--transcripts", run_args.transcripts_dir,
                  "keep each test's interaction in DIR/NAME.interaction ('<' judge to "
                  "submission, '>' submission to judge)");
  run->add_option("--time-limit-ms", run_args.time_limit_ms,
                  "override the problem's CPU time limit per test, in ms (1 to 3600000)")
      ->check(CLI::Range(1, 3'600'000));
  run->add_option("--memory-mib", run_args.memory_mib,
                  "override the problem's memory limit, in MiB (1 to 1048576)")
      ->check(CLI::Range(1, 1'048'576));
  run->add_flag("-q,--quiet", run_args.quiet, "print only the summary line");
  run->add_option("--pin-cpu", run_args.pin_cpu,
                  "run the submission and the interactor of each test on one CPU: auto (a CPU "
                  "no other judge on this machine has claimed; default), none (let the scheduler place "
                  "them), or a CPU number. One core makes a round trip ~3x cheaper on VMs "
                  "whose cross-core wake-ups are slow; CPU time stays per process")
      ->capture_default_str();
  run->add_option("--sandbox", run_args.sandbox,
                  "auto (default): run the submission in judge-box with its own user, mount, "
                  "network, ipc and pid namespaces, an unprivileged uid, a private root "
                  "without the test data, and cgroup limits, as far as the machine allows "
                  "(what could not be enforced is printed and in the JSON's \"containment\"); "
                  "none: run it as a plain child of the judge (trusted code only)")
      ->capture_default_str();
  run->add_flag("--stop-at-first-failure", run_args.stop_at_first_failure,
                "stop after the first test that is not AC (the overall verdict is the same; "
                "the tests not run score nothing)");

  const BatchCommands batch_commands(app);  // batch, merge, report (batch_cli.cpp)

  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& help) {
    return app.exit(help);
  } catch (const CLI::CallForAllHelp& help) {
    return app.exit(help);
  } catch (const CLI::ParseError& error) {
    app.exit(error);
    return exit_usage;
  }

  try {
    if (run->parsed()) {
      become_subreaper();
      return command_run(run_args);
    }
    if (const auto status = batch_commands.run_if_parsed()) return *status;
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
