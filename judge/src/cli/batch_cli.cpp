// The `batch`, `merge` and `report` subcommands of the judge command line: their
// options (their help: cli/command_help.hpp), parsed into BatchOptions / merge /
// report calls; and the hidden `batch-worker` that runs the tests of a batch
// (batch/worker.hpp).
#include <memory>

#include <CLI/CLI.hpp>

#include "cli/commands.hpp"
#include "cli/shared_options.hpp"
#include "judge_run/run_command.hpp"

#include <fmt/format.h>

#include "batch/contest_time.hpp"
#include "batch/worker.hpp"
#include "judge_batch/batch.hpp"
#include "judge_batch/merge.hpp"
#include "report/batch_report.hpp"

namespace judge {

namespace {

// What the options of a subcommand are parsed into, before they become the library's
// options (empty strings are options not given).
struct BatchArgs {
  BatchOptions options;
  std::string out_dir, shard = "1/1", junit_file, html_file, ccs_package, rules = "icpc";
  std::string scoreboard = "points", ioi_max = "subtask", contest_start;
  std::int64_t penalty_minutes = -1;  // -1: not given
};

// --html, --csv and --junit of merge and report.
struct ReportFileArgs {
  std::string html, csv, junit, ccs_package;
};

struct MergeArgs {
  std::vector<std::string> dirs;
  std::string out;
  ReportFileArgs files;
  bool quiet = false;
};

struct ReportArgs {
  std::string dir, scoreboard, ioi_max;
  ReportFileArgs files;
  bool quiet = false;
  bool check = false;
};

std::optional<std::filesystem::path> optional_path(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return std::filesystem::path(text);
}

ReportFiles report_files(const ReportFileArgs& files) {
  return {optional_path(files.html), optional_path(files.csv), optional_path(files.junit),
          optional_path(files.ccs_package)};
}

void add_report_file_options(CLI::App* command, ReportFileArgs& files, const std::string& verb) {
  command->add_option("--html", files.html, verb + " the HTML report to FILE")->type_name("FILE");
  command->add_option("--csv", files.csv, verb + " the standings CSV to FILE")->type_name("FILE");
  command->add_option("--junit", files.junit, verb + " JUnit XML to FILE")->type_name("FILE");
  command
      ->add_option("--ccs-package", files.ccs_package,
                   verb +
                       " the batch as an ICPC CCS contest package into DIR (contest.json, submissions, "
                       "judgements.json, scoreboard.json, results.tsv)")
      ->type_name("DIR");
}

int run_batch_args(const BatchArgs& args) {
  BatchOptions options = args.options;
  options.out_dir = args.out_dir;
  options.shard = parse_shard(args.shard);
  options.junit_file = optional_path(args.junit_file);
  options.html_file = optional_path(args.html_file);
  options.ccs_package = optional_path(args.ccs_package);
  options.rules = rule_preset_named(args.rules);
  options.scoreboard = *parse_scoreboard_rules(args.scoreboard);  // CLI::IsMember checked it
  options.ioi_max = *parse_ioi_max(args.ioi_max);
  if (args.penalty_minutes >= 0) options.penalty_minutes = args.penalty_minutes;
  if (!args.contest_start.empty()) {
    options.contest_start_ms = parse_abstime(args.contest_start);
    if (!options.contest_start_ms)
      throw ConfigError(
          fmt::format("--contest-start {}: not a time such as 2026-11-29T10:00:00Z (ISO 8601 with a "
                      "zone: Z, +01, +01:00)",
                      args.contest_start));
  }
  return run_batch(options, JudgePaths::from_environment());
}

void add_batch_command(Commands& commands) {
  if (!commands.wanted(batch_help)) return;
  auto [batch, s] = commands.add_with<BatchArgs>(batch_help, run_batch_args);
  BatchOptions& o = s.options;
  batch->add_option("SUBMISSIONS", o.submissions,
                      "folders DIR/<participant>/<problem>.<ext>, or files <problem>.<ext>")
      ->required()
      ->type_name("PATH");
  batch->add_option("--out", s.out_dir, "the batch folder to write (created if missing)")
      ->required()
      ->type_name("DIR");
  batch->add_option("--problems", o.problems,
                      "grade only these problems (problem folders or names, comma-separated; a "
                      "submission <problem>.<ext> names one by its folder's name); default: every "
                      "problem the judge knows (its repository's, JUDGE_PROBLEM_PATH's)")
      ->delimiter(',')
      ->type_name("NAME,...");
  add_tests_option(batch, o.tests,
                   "run only these tests of every problem (names, comma-separated; a problem "
                   "without one of them skips it): quick rehearsals")
      ->type_name("NAME,...");
  batch->add_option("-j,--jobs", o.jobs,
                      "tests run at once, each in a worker process (default: half the cores, "
                      "at least 1: a test keeps two processes busy, the submission and the "
                      "interactor)")
      ->check(CLI::Range(1, 1024));
  batch->add_flag("--resume", o.resume,
                    "continue the batch in --out DIR: tests its journal holds for the same "
                    "source, test and limits are not run again (without --resume, a DIR that "
                    "holds a journal is refused)");
  batch->add_option("--shard", s.shard,
                      "I/N: run only the I-th of N equal, contiguous slices of the work (same "
                      "slices on every machine); combine the shards' folders with judge merge")
      ->capture_default_str()
      ->type_name("I/N");
  batch->add_flag("--transcripts", o.keep_transcripts,
                    "keep every test's interaction in DIR/transcripts/<participant>/<problem>/"
                    "<test>.interaction (the HTML report shows them)");
  batch->add_option("--junit", s.junit_file, "also write JUnit XML to FILE (whole batches only)")
      ->type_name("FILE");
  batch->add_option("--html", s.html_file,
                      "also write the HTML report to FILE: one self-contained file (whole "
                      "batches only)")
      ->type_name("FILE");
  batch
      ->add_option("--ccs-package", s.ccs_package,
                   "also write the batch as an ICPC CCS contest package into DIR (whole batches only)")
      ->type_name("DIR");
  add_quiet_flag(batch, o.quiet, "print no progress, only warnings and errors");
  add_repeat_option(batch, o.repeat);
  add_rules_option(batch, s.rules);
  add_stderr_bytes_option(batch, o.stderr_bytes);
  batch
      ->add_option("--scoreboard", s.scoreboard,
                   "rank by these rules: points (each participant's last submission's score, summed), icpc "
                   "(problems solved, then penalty minutes: the first AC's minute + 20 per rejected try before "
                   "it, CE not counted; ties by the last solve), ioi (per problem the best over submissions)")
      ->check(CLI::IsMember({"points", "icpc", "ioi"}))
      ->capture_default_str();
  batch
      ->add_option("--ioi-max", s.ioi_max,
                   "with --scoreboard ioi: subtask (each subtask's best points over the submissions, summed: "
                   "IOI since 2017) or submission (the best whole score)")
      ->check(CLI::IsMember({"subtask", "submission"}))
      ->capture_default_str();
  batch
      ->add_option("--contest-start", s.contest_start,
                   "the contest's start (2026-11-29T10:00:00Z); default: the manifest's or contest package's, "
                   "else the first submission's time")
      ->type_name("TIME");
  batch
      ->add_option("--penalty-time", s.penalty_minutes,
                   "ICPC: minutes per rejected try before the first AC (default: the contest's, else 20)")
      ->check(CLI::Range(0, 100000))
      ->type_name("MINUTES");
}

void add_merge_command(Commands& commands) {
  if (!commands.wanted(merge_help)) return;
  auto [merge, s] = commands.add_with<MergeArgs>(merge_help, [](const MergeArgs& args) {
    std::vector<std::filesystem::path> dirs(args.dirs.begin(), args.dirs.end());
    return merge_batches(dirs, args.out, report_files(args.files), args.quiet);
  });
  merge->add_option("DIRS", s.dirs, "the batch folders to combine")->required()->type_name("DIR");
  merge->add_option("--out", s.out, "the merged batch folder to write")->required()->type_name("DIR");
  add_report_file_options(merge, s.files, "also write");
  add_quiet_flag(merge, s.quiet, "print nothing but warnings and errors");
}

void add_report_command(Commands& commands) {
  if (!commands.wanted(report_help)) return;
  auto [report, s] = commands.add_with<ReportArgs>(report_help, [](const ReportArgs& args) {
    return report_batch(args.dir, report_files(args.files), args.quiet, args.check,
                        args.scoreboard.empty() ? std::nullopt : parse_scoreboard_rules(args.scoreboard),
                        args.ioi_max.empty() ? std::nullopt : parse_ioi_max(args.ioi_max));
  });
  report->add_option("DIR", s.dir, "a batch folder (judge batch/merge --out)")->required()->type_name("DIR");
  add_report_file_options(report, s.files, "write");
  add_quiet_flag(report, s.quiet, "do not print the standings");
  report
      ->add_option("--scoreboard", s.scoreboard,
                   "rank by these rules in this report: points, icpc, ioi (default: the batch's own, "
                   "judge batch --scoreboard)")
      ->check(CLI::IsMember({"points", "icpc", "ioi"}));
  report->add_option("--ioi-max", s.ioi_max, "with --scoreboard ioi: subtask or submission (default: the batch's)")
      ->check(CLI::IsMember({"subtask", "submission"}));
  report->add_flag("--check", s.check,
                   "exit as judge batch does: 1 when some submission is not AC or not graded, 3 on a JE "
                   "(default: 0 once the reports are written)");
}

}  // namespace

void add_batch_commands(Commands& commands) {
  add_batch_command(commands);
  add_merge_command(commands);
  add_report_command(commands);
  // Internal, hidden from --help: the tests of a batch, run by a separately executed
  // judge (batch/worker.hpp). Reads its job on stdin, writes the outcome on stdout;
  // with --serve, job after job (framed) until stdin ends.
  if (commands.wanted(batch_worker_help)) {
    auto serve = std::make_shared<bool>(false);
    auto slot = std::make_shared<int>(-1);
    CLI::App* worker = commands.add(
        batch_worker_help, [serve, slot] { return *serve ? batch_worker_serve_main(*slot) : batch_worker_main(); });
    worker->group("");
    worker->add_flag("--serve", *serve, "take framed jobs until stdin ends (judge batch starts it so)");
    worker->add_option("--slot", *slot, "which of the batch's workers this is (picks a shared CPU)");
  }
}

}  // namespace judge
