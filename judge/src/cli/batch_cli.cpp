#include "cli/batch_cli.hpp"

#include <CLI/CLI.hpp>

#include "batch/batch.hpp"
#include "batch/merge.hpp"
#include "batch/worker.hpp"
#include "report/batch_report.hpp"

namespace judge {

struct BatchCommands::State {
  CLI::App* batch = nullptr;
  CLI::App* merge = nullptr;
  CLI::App* report = nullptr;
  CLI::App* worker = nullptr;

  BatchOptions batch_options;
  std::string out_dir, shard = "1/1", junit_file, html_file;

  std::vector<std::string> merge_dirs;
  std::string merge_out, merge_html, merge_junit, merge_csv;
  bool merge_quiet = false;

  std::string report_dir, report_html, report_csv, report_junit;
  bool report_quiet = false;
  bool report_check = false;
};

namespace {

std::optional<std::filesystem::path> optional_path(const std::string& text) {
  if (text.empty()) return std::nullopt;
  return std::filesystem::path(text);
}

}  // namespace

namespace {

// --html, --csv and --junit of merge and report.
void add_report_file_options(CLI::App* command, std::string& html, std::string& csv, std::string& junit,
                             const std::string& verb) {
  command->add_option("--html", html, verb + " the HTML report to FILE")->type_name("FILE");
  command->add_option("--csv", csv, verb + " the standings CSV to FILE")->type_name("FILE");
  command->add_option("--junit", junit, verb + " JUnit XML to FILE")->type_name("FILE");
}

void add_batch_command(CLI::App& app, BatchCommands::State& s) {
  BatchOptions& o = s.batch_options;
  s.batch = app.add_subcommand(
      "batch", "Grade many submissions of many problems: parallel, resumable, shardable.");
  s.batch->footer(
      "SUBMISSIONS are folders laid out as DIR/<participant>/<problem>.<ext> (.cpp .c .py, or "
      "an executable named <problem>), or single files <problem>.<ext> (the participant is the "
      "folder the file is in). Each source is compiled once; each test runs in a worker "
      "process, graded as `judge run` grades it.\n"
      "Writes into --out DIR: batch.json (the plan), journal.jsonl (one line per finished test, "
      "appended and fsynced), results/<participant>/<problem>.json (the `judge run --json` "
      "format), standings.json and standings.csv. Kill it at any moment (Ctrl-C, SIGKILL): "
      "--resume finishes only what is missing, with the same results.\n"
      "A shard's folder holds only its plan and journal: `judge merge` makes the results.\n"
      "Exit status: 0 every submission AC; 1 some not AC; 2 usage or configuration error; 3 "
      "judge error (a JE, or a test the judge could not run: --resume retries it); 130 "
      "interrupted.\n"
      "Layout, journal keys, standings columns, recipes (GNU parallel, Slurm): docs/batch.md.");
  s.batch->add_option("SUBMISSIONS", o.submissions,
                      "folders DIR/<participant>/<problem>.<ext>, or files <problem>.<ext>")
      ->required()
      ->type_name("PATH");
  s.batch->add_option("--out", s.out_dir, "the batch folder to write (created if missing)")
      ->required()
      ->type_name("DIR");
  s.batch->add_option("--problems", o.problems,
                      "grade only these problems (names, comma-separated); default: every "
                      "problem of the repository")
      ->delimiter(',')
      ->type_name("NAME,...");
  s.batch->add_option("--tests", o.tests,
                      "run only these tests of every problem (names, comma-separated; a problem "
                      "without one of them skips it): quick rehearsals")
      ->delimiter(',')
      ->type_name("NAME,...");
  s.batch->add_option("-j,--jobs", o.jobs,
                      "tests run at once, each in a worker process (default: half the cores, "
                      "at least 1: a test keeps two processes busy, the submission and the "
                      "interactor)")
      ->check(CLI::Range(1, 1024));
  s.batch->add_flag("--resume", o.resume,
                    "continue the batch in --out DIR: tests its journal holds for the same "
                    "source, test and limits are not run again (without --resume, a DIR that "
                    "holds a journal is refused)");
  s.batch->add_option("--shard", s.shard,
                      "I/N: run only the I-th of N equal, contiguous slices of the work (same "
                      "slices on every machine); combine the shards' folders with judge merge")
      ->capture_default_str()
      ->type_name("I/N");
  s.batch->add_flag("--transcripts", o.keep_transcripts,
                    "keep every test's interaction in DIR/transcripts/<participant>/<problem>/"
                    "<test>.interaction (the HTML report shows them)");
  s.batch->add_option("--junit", s.junit_file, "also write JUnit XML to FILE (whole batches only)")
      ->type_name("FILE");
  s.batch->add_option("--html", s.html_file,
                      "also write the HTML report to FILE: one self-contained file (whole "
                      "batches only)")
      ->type_name("FILE");
  s.batch->add_flag("-q,--quiet", o.quiet, "print no progress, only warnings and errors");
}

constexpr const char* merge_footer =
    "The merged folder is the one an unsharded `judge batch` of the same work gives: plan, "
    "journal, results, standings (and transcripts). Refuses (exit 2) when a test is "
    "finished in none of the folders, naming the shard that is missing, and when a problem "
    "or a submission differs between them.\n"
    "Exit status: 0 every submission AC; 1 some not AC; 2 usage error or cannot merge; 3 a "
    "JE. docs/batch.md.";

constexpr const char* report_footer =
    "--html writes one self-contained file (works offline): standings, each submission's "
    "per-test verdicts and messages, transcripts when kept, and plots: queries against the "
    "limit, problem metrics such as moves, the score curve, CPU time and memory against "
    "their limits. Reads only DIR: works on any finished, resumed, merged or partial batch.\n"
    "Exit status: 0 the reports are written; 2 DIR holds no batch; 3 a report cannot be "
    "written. With --check: 0 every submission graded and AC; 1 some not AC or not "
    "finished; 3 a JE. docs/batch.md.";

void add_merge_command(CLI::App& app, BatchCommands::State& s) {
  s.merge = app.add_subcommand("merge", "Combine batch folders (shards of one batch, or other batches) into one.");
  s.merge->footer(merge_footer);
  s.merge->add_option("DIRS", s.merge_dirs, "the batch folders to combine")->required()->type_name("DIR");
  s.merge->add_option("--out", s.merge_out, "the merged batch folder to write")->required()->type_name("DIR");
  add_report_file_options(s.merge, s.merge_html, s.merge_csv, s.merge_junit, "also write");
  s.merge->add_flag("-q,--quiet", s.merge_quiet, "print nothing but warnings and errors");
}

void add_report_command(CLI::App& app, BatchCommands::State& s) {
  s.report = app.add_subcommand("report", "Standings of a batch folder, and its HTML, CSV and JUnit reports.");
  s.report->footer(report_footer);
  s.report->add_option("DIR", s.report_dir, "a batch folder (judge batch/merge --out)")->required()->type_name("DIR");
  add_report_file_options(s.report, s.report_html, s.report_csv, s.report_junit, "write");
  s.report->add_flag("-q,--quiet", s.report_quiet, "do not print the standings");
  s.report->add_flag("--check", s.report_check,
                     "exit as judge batch does: 1 when some submission is not AC or not graded, 3 on a JE "
                     "(default: 0 once the reports are written)");
}

}  // namespace

BatchCommands::BatchCommands(CLI::App& app) : state_(std::make_unique<State>()) {
  State& s = *state_;
  add_batch_command(app, s);
  add_merge_command(app, s);
  add_report_command(app, s);
  // Internal, hidden from --help: one test of a batch, run by a fresh judge
  // (batch/worker.hpp). Reads its job on stdin, writes the outcome on stdout.
  s.worker = app.add_subcommand("batch-worker", "internal: runs one test of judge batch");
  s.worker->group("");
}

BatchCommands::~BatchCommands() = default;

std::optional<int> BatchCommands::run_if_parsed() const {
  const State& s = *state_;
  if (s.batch->parsed()) {
    BatchOptions options = s.batch_options;
    options.out_dir = s.out_dir;
    options.shard = parse_shard(s.shard);
    options.junit_file = optional_path(s.junit_file);
    options.html_file = optional_path(s.html_file);
    return run_batch(options, JudgePaths::from_environment());
  }
  if (s.merge->parsed()) {
    std::vector<std::filesystem::path> dirs(s.merge_dirs.begin(), s.merge_dirs.end());
    return merge_batches(dirs, s.merge_out,
                         {optional_path(s.merge_html), optional_path(s.merge_csv),
                          optional_path(s.merge_junit)},
                         s.merge_quiet);
  }
  if (s.worker->parsed()) return batch_worker_main();
  if (s.report->parsed()) {
    return report_batch(s.report_dir,
                        {optional_path(s.report_html), optional_path(s.report_csv),
                         optional_path(s.report_junit)},
                        s.report_quiet, s.report_check);
  }
  return std::nullopt;
}

}  // namespace judge
