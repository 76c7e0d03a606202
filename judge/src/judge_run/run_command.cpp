#include "judge_run/run_command.hpp"

#include <unistd.h>

#include <cstdio>
#include <thread>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/output_file.hpp"
#include "base/parse_number.hpp"
#include "base/plural.hpp"
#include "base/printable.hpp"
#include "box/sandbox.hpp"
#include "problem/problem.hpp"
#include "problem/tests.hpp"
#include "process/cpu_claim.hpp"
#include "process/interrupt_watch.hpp"
#include "process/private_tmpdir.hpp"
#include "process/process.hpp"
#include "report/run_report.hpp"
#include "run/preflight.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace {

// The transcripts of a test cut short by a stop signal hold half an interaction:
// removed (those of the tests before it are complete and stay). A test name with
// folders (secret/01) has its transcripts in that folder of DIR.
void remove_transcripts(const RunOptions& options, const std::string& test_name) {
  if (!options.transcripts_dir) return;
  const std::filesystem::path first = transcript_file(*options.transcripts_dir, test_name);
  const std::string base = first.filename().string();
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(first.parent_path(), ec)) {
    const std::string name = entry.path().filename().string();
    if (name == base || name.rfind(base + ".pass", 0) == 0) std::filesystem::remove(entry.path(), ec);
  }
}

// On a terminal, "  NAME  running ..." stands where the test's line will come, so a
// long test (up to its wall limit) is not a silent wait; the line overwrites it.
// Elsewhere (a log, a pipe) nothing is added: one line per finished test, as before.
class AnnouncingExecutor : public TestExecutor {
 public:
  AnnouncingExecutor(TestExecutor& inner, std::size_t name_width) : inner_(inner), name_width_(name_width) {}
  TestRecord run_test(const Problem& problem, const Submission& submission, const TestCase& test,
                      const RunOptions& options) override {
    fmt::print("  {:<{}}  running (wall limit {} ms) ...", printable_line(test.name), name_width_, options.limits.wall_ms);
    std::fflush(stdout);
    return inner_.run_test(problem, submission, test, options);
  }
  void expect_next(const TestCase* next) override { inner_.expect_next(next); }
  void discard_started() override { inner_.discard_started(); }

 private:
  TestExecutor& inner_;
  std::size_t name_width_;
};

// The last test's folders and cgroups are removed on the executor's thread while
// the summary and the result are written (run/resources_ahead.hpp), and are gone
// before run_and_report() returns: the run's temporary folder, which holds them, is removed
// after it.
class BackgroundRelease {
 public:
  explicit BackgroundRelease(TestExecutor& executor) : executor_(executor) { executor_.release_in_background(); }
  BackgroundRelease(const BackgroundRelease&) = delete;
  BackgroundRelease& operator=(const BackgroundRelease&) = delete;
  ~BackgroundRelease() { executor_.wait_released(); }

 private:
  TestExecutor& executor_;
};

// --pin-cpu: auto claims a CPU (held by `claim` until the run ends), none lets the
// scheduler place the processes, a number pins them there.
int pinned_cpu(const std::string& pin_cpu, CpuClaim& claim) {
  if (pin_cpu == "auto") {
    claim = CpuClaim::claim();
    return claim.cpu();
  }
  if (pin_cpu == "none") return -1;
  const std::optional<int> parsed = parse_integer<int>(pin_cpu);
  if (!parsed) throw ConfigError(fmt::format("--pin-cpu {}: expected auto, none or a CPU number", pin_cpu));
  const int cpu = *parsed;
  const int cpus = static_cast<int>(std::thread::hardware_concurrency());
  if (cpu < 0 || cpu >= cpus)
    throw ConfigError(fmt::format("--pin-cpu {}: this machine has CPUs 0..{}", pin_cpu, cpus - 1));
  return cpu;
}

RunOptions run_options(const RunArgs& args, const Problem& problem, CpuClaim& claim) {
  RunOptions options;
  LimitOverrides overrides;
  if (args.time_limit_ms > 0) overrides.cpu_ms = args.time_limit_ms;
  if (args.memory_mib > 0) overrides.memory_mib = args.memory_mib;
  options.limits = resolve_limits(problem.limits, overrides);
  if (!args.transcripts_dir.empty()) options.transcripts_dir = args.transcripts_dir;
  options.stop_at_first_failure = args.stop_at_first_failure;
  if (args.sandbox != "auto" && args.sandbox != "none")
    throw ConfigError(fmt::format("--sandbox {}: expected auto or none", args.sandbox));
  options.contain = args.sandbox == "auto";
  if (options.contain) require_box_executable();
  options.cpu = pinned_cpu(args.pin_cpu, claim);
  options.repeat = args.repeat;
  options.rules = rule_preset_named(args.rules);
  options.stderr_bytes = args.stderr_bytes;
  return options;
}

void print_header(const Submission& submission, const Problem& problem, std::size_t tests,
                  const Limits& limits) {
  fmt::print("{} on {}: {}, CPU limit {} ms, wall limit {} ms, memory {} MiB\n", printable_line(submission.display),
             printable_line(problem.name), count_of(tests, "test"), limits.cpu_ms, limits.wall_ms,
             limits.memory_kib / 1024);
  std::fflush(stdout);
}

// Every JE also on stderr: it is never the submission's fault, and a setter must see it.
void report_judge_errors(const RunResult& result) {
  for (const auto& test : result.tests) {
    if (test.decision.verdict != Verdict::JE) continue;
    std::fprintf(stderr,
                 "judge: judge error in test %s (a broken interactor or test file, or the judge "
                 "itself; not the submission): %s\n",
                 printable_line(test.name).c_str(), printable(test.decision.message).c_str());
  }
}

// `doing` says what the run is busy with, for the message if a stop signal comes.
int run_and_report(const RunArgs& args, const InterruptWatch& interrupt, std::string& doing,
                   TestExecutor& executor) {
  const Problem problem = load_problem(args.problem, JudgePaths::from_environment());
  // A package's mistakes that judging does not need (a misspelt key, no data/secret):
  // judged anyway, and said where a setter sees them even with -q.
  for (const auto& warning : problem.warnings) std::fprintf(stderr, "judge: warning: %s\n", printable(warning).c_str());
  const std::vector<TestCase> tests = select_tests(problem, args.tests);
  // Before any test runs: a run that could not be saved, or that would trip over
  // a missing test file half-way, is refused now (run/preflight.hpp).
  check_test_files(problem, tests, args.tests.empty());
  if (!args.json_file.empty()) check_result_file(args.json_file, "--json");
  if (!args.transcripts_dir.empty()) check_transcripts_dir(args.transcripts_dir);
  if (const std::string warning = transcripts_warning(problem); !args.transcripts_dir.empty() && !warning.empty())
    std::fprintf(stderr, "judge: warning: --transcripts %s: %s\n", printable_line(args.transcripts_dir).c_str(),
                 warning.c_str());
  CpuClaim cpu_claim;  // held until the run ends
  const RunOptions options = run_options(args, problem, cpu_claim);

  doing = "preparing " + args.submission;
  SubmissionOptions submission_options;
  submission_options.companions = submission_companions(problem);
  if (!args.quiet)
    submission_options.on_compile = [&](const std::string& language) {
      fmt::print("compiling {} ({}) ...\n", printable_line(args.submission), language);
      std::fflush(stdout);
    };
  const Submission submission = prepare_submission(args.submission, default_cache_dir(), submission_options);
  interrupt.throw_if_interrupted();  // a compiler killed by the watch is no CE
  std::size_t name_width = 4;
  for (const auto& test : tests) name_width = std::max(name_width, printable_line(test.name).size());
  if (!args.quiet) print_header(submission, problem, tests.size(), options.limits);
  auto running = [&](std::size_t index) {
    return index < tests.size()
               ? fmt::format("running test {} ({} of {})", tests[index].name, index + 1, tests.size())
               : std::string("finishing the run");
  };
  doing = running(0);
  const bool announce = !args.quiet && ::isatty(STDOUT_FILENO) == 1;
  AnnouncingExecutor announcing(executor, name_width);
  const RunResult result = run_submission(
      problem, submission, tests, options, announce ? static_cast<TestExecutor&>(announcing) : executor,
      [&](const TestOutcome& test, std::size_t index, std::size_t) {
        // A test the watch killed has no verdict: it is not shown.
        if (interrupt.signal() != 0) {
          if (announce) fmt::print("\r\033[K");
          remove_transcripts(options, test.name);
          interrupt.throw_if_interrupted();
        }
        doing = running(index + 1);
        if (args.quiet) return;
        if (announce) fmt::print("\r\033[K");  // the "running ..." line goes
        fmt::print("{}\n", format_test_line(test, name_width));
        std::fflush(stdout);
      });
  const BackgroundRelease release(executor);
  interrupt.throw_if_interrupted();
  fmt::print("{}\n", format_summary(result));
  std::fflush(stdout);
  report_judge_errors(result);
  // From here on a stop signal waits (blocked) until the result is whole on disk.
  doing = "writing the result";
  if (!args.json_file.empty()) write_output_file(args.json_file, "--json", json_text(to_json(result), 2) + "\n");
  return exit_status_for(result);
}

}  // namespace

std::string transcripts_warning(const Problem& problem) {
  if (!problem.cms) return "";
  if (problem.cms->type == CmsTaskType::batch)
    return "a CMS Batch task has no interaction to keep (the submission reads its input and writes its output): "
           "no transcript is written";
  // The manager writes into each process's FIFO (m_to_uI) and the process reads it
  // there: the judge holds no end in between (run/fifo_channels.hpp), so it could
  // keep only one direction of the exchange, which would read as a whole one.
  return "a CMS Communication task's tests keep no transcript: the manager writes straight into each "
         "process's FIFO and the judge sees only what the processes send, so it cannot record the "
         "exchange; the manager's outcome and message are in each test's line and in --json";
}

RulePreset rule_preset_named(const std::string& rules) {
  if (const auto preset = parse_preset(rules)) return *preset;
  throw ConfigError(fmt::format("--rules {}: expected icpc, domjudge or limits-first", rules));
}

int run_command(const RunArgs& args) {
  ProcessExecutor executor(args.sandbox != "none");
  return run_command(args, executor);
}

// On SIGINT, SIGTERM or SIGHUP the watch kills the test's processes, run_and_report() unwinds
// from where it waited (the temporary folders of the test go with it) and no result
// is written: exit 128 + the signal's number.
int run_command(const RunArgs& args, TestExecutor& executor) {
  const InterruptWatch interrupt;
  // After the watch (whose thread never reads the environment), so that it is
  // removed while the stop signals are still blocked, after the last kill below.
  const PrivateTmpdir tmpdir;
  std::string doing = "loading the problem";
  try {
    try {
      return run_and_report(args, interrupt, doing, executor);
    } catch (const Interrupted&) {
      throw;
    } catch (const std::exception&) {
      // A failure the stop signal caused (a box or a compiler the watch killed before it
      // reported: "judge-box ended before it started the program") is the stop, not a
      // judge error: 128 + N, as README says.
      if (interrupt.signal() == 0) throw;
      throw Interrupted(interrupt.signal());
    }
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

}  // namespace judge
