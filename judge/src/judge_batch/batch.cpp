#include "judge_batch/batch.hpp"

#include <sched.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <deque>
#include <map>
#include <set>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/errors.hpp"
#include "base/plural.hpp"
#include "base/printable.hpp"
#include "batch/dir.hpp"
#include "batch/facts.hpp"
#include "batch/progress.hpp"
#include "batch/results.hpp"
#include "batch/worker.hpp"
#include "batch/workers.hpp"
#include "process/private_tmpdir.hpp"
#include "process/stop_signals.hpp"
#include "report/batch_report.hpp"
#include "report/run_report.hpp"
#include "report/standings.hpp"
#include "submission/build_cache.hpp"
#include "submission/submission.hpp"
#include "submission/submission_files.hpp"

namespace judge {
namespace fs = std::filesystem;
using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::size_t available_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) == 0) return std::max(1, CPU_COUNT(&set));
  const long online = ::sysconf(_SC_NPROCESSORS_ONLN);
  return online > 0 ? static_cast<std::size_t>(online) : 1;
}

std::size_t default_jobs() { return std::max<std::size_t>(1, available_cores() / 2); }

namespace {

// How long a journaled test may wait for its fsync (journal.hpp): one fsync for the
// tests of that window instead of one a test. A crash of the machine (not of the
// batch: what was written survives that) costs at most this window's tests, run
// again by --resume.
constexpr std::chrono::milliseconds kJournalSyncWindow{50};
// The main loop's longest sleep: the progress line's pace.
constexpr std::chrono::milliseconds kIdleWakeup{200};

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  ::gmtime_r(&now, &parts);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &parts);
  return text;
}

std::size_t terminal_width() {
  winsize size{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 20) return size.ws_col;
  return 100;
}

// What the batch process knows while it runs.
class BatchRun {
 public:
  BatchRun(const BatchOptions& options, const JudgePaths& paths, const BatchPlan& plan,
           std::map<std::string, Problem> problems,
           std::map<std::string, std::vector<TestCase>> test_cases)
      : options_(options),
        paths_(paths),
        self_(fs::read_symlink("/proc/self/exe").string()),
        plan_(plan),
        problems_(std::move(problems)),
        test_cases_(std::move(test_cases)),
        units_(plan_units(plan)),
        pool_(options.jobs),
        cores_(available_cores()),
        on_terminal_(!options.quiet && ::isatty(STDOUT_FILENO)) {}

  int run();

 private:
  static constexpr std::uint64_t compile_tag_base = std::uint64_t{1} << 40;

  std::string unit_label(const WorkUnit& unit) const {
    const PlannedSubmission& submission = plan_.submissions[unit.submission];
    return fmt::format("{} {}", submission_label(submission), plan_.problem(submission.problem).tests[unit.test].name);
  }
  std::string unit_key_of(const WorkUnit& unit) const {
    const PlannedSubmission& submission = plan_.submissions[unit.submission];
    return submission_unit_key(submission, plan_.problem(submission.problem).tests[unit.test].name);
  }
  json run_info(std::size_t concurrent) const {
    return {{"shard", options_.shard.text()},
            {"jobs", pool_.size()},
            {"cores", cores_},
            {"concurrent_tests", concurrent}};
  }
  json base_record(const WorkUnit& unit) const {
    const PlannedSubmission& submission = plan_.submissions[unit.submission];
    json record = {{"participant", submission.participant},
                   {"problem", submission.problem},
                   {"test", plan_.problem(submission.problem).tests[unit.test].name},
                   {"fingerprint", unit.fingerprint}};
    if (!submission.id.empty()) record["submission"] = submission.id;
    return record;
  }

  void prepare();
  void start_jobs();
  void start_compile(std::size_t submission);
  void start_test(std::size_t unit_index, bool queue = false);
  void mark_running(std::size_t unit_index);
  void on_finished(WorkerPool::Finished& finished);
  void settle(const WorkerPool::Finished& finished);
  void on_compiled(std::size_t submission, const WorkerPool::Finished& finished);
  // Takes the answer's record (finished.result) into the journal's entry.
  void on_test_done(std::size_t unit_index, WorkerPool::Finished& finished);
  void record(std::size_t unit_index, json record, Verdict verdict,
              const std::string& message, long long cpu_ms, long long memory_kib, bool print_line = true);
  void forget_facts(std::size_t submission);
  void judge_error(const std::string& what);
  void show_status(bool force);
  void clear_status();
  int finish(int signal);

  const BatchOptions& options_;
  const JudgePaths& paths_;
  std::string self_;  // this judge's executable: workers run it
  const BatchPlan& plan_;
  std::map<std::string, Problem> problems_;
  std::map<std::string, std::vector<TestCase>> test_cases_;
  std::vector<WorkUnit> units_;
  WorkerPool pool_;
  std::size_t cores_;
  bool on_terminal_;
  std::unique_ptr<JournalWriter> journal_;
  // unit_key -> record: finished_units of the journal, kept as the batch appends to it;
  // a graded submission's records are emptied (forget_facts)
  std::map<std::string, json> finished_;
  std::map<std::size_t, GradedSubmission> graded_;  // submissions graded (and written) in this run
  std::vector<std::string> warnings_;

  std::deque<std::size_t> compile_queue_;                // submissions
  std::map<std::size_t, std::deque<std::size_t>> waiting_;  // submission -> its pending units
  std::deque<std::size_t> ready_;                        // units ready to run
  std::map<std::size_t, Submission> prepared_;           // runnable submissions
  std::map<std::size_t, std::size_t> unfinished_;        // submission -> units left in this run
  std::map<std::uint64_t, std::size_t> concurrency_;     // running test tag -> most at once
  std::map<std::size_t, std::size_t> settled_;           // answered test -> most at once, until on_test_done
  std::map<std::size_t, Clock::time_point> test_started_;  // running test -> when (the ETA's pace)
  std::map<std::size_t, Clock::time_point> cache_marked_;  // submission -> its build last marked used
  std::map<std::size_t, std::vector<FailedTest>>
      failed_tests_;               // submission -> its tests not AC so far (a terminal's summary)
  std::set<std::size_t> retried_;  // units run again after a worker crash
  std::set<std::size_t> queued_;   // units sent behind a worker's running test, not running yet
  // Test hook JUDGE_TEST_BATCH_NO_QUEUE=1 (docs/batch.md): no job is queued behind a
  // running one, to compare the results with and without queuing.
  bool queuing_ = std::getenv("JUDGE_TEST_BATCH_NO_QUEUE") == nullptr;
  std::size_t judge_errors_ = 0;
  ProgressCounts counts_;
  Clock::time_point started_ = Clock::now();
  Clock::time_point last_status_{};
  bool status_shown_ = false;
};

void BatchRun::prepare() {
  const JournalContents journal = read_journal(batch_files::journal(options_.out_dir));
  if (journal.skipped_lines > 0)
    warnings_.push_back(fmt::format("the journal has {} torn or unreadable line(s); skipped",
                                    journal.skipped_lines));
  finished_ = finished_units(plan_, units_, journal.records);
  journal_ = std::make_unique<JournalWriter>(batch_files::journal(options_.out_dir), kJournalSyncWindow);
  const auto [begin, end] = shard_range(units_.size(), options_.shard);
  counts_.total = end - begin;
  counts_.jobs = pool_.size();
  for (std::size_t u = begin; u < end; ++u) {
    const WorkUnit& unit = units_[u];
    if (const auto record = finished_.find(unit_key_of(unit)); record != finished_.end()) {
      ++counts_.reused;
      // The whole batch's counts: what the journal held, said apart from this run's.
      if (const auto verdict = parse_verdict(record->second.value("verdict", ""))) ++counts_.reused_verdicts[*verdict];
      continue;
    }
    if (!waiting_.contains(unit.submission)) compile_queue_.push_back(unit.submission);
    waiting_[unit.submission].push_back(u);
    ++unfinished_[unit.submission];
    ++counts_.pace[unit.submission].left;
  }
}

void BatchRun::start_compile(std::size_t index) {
  const PlannedSubmission& planned = plan_.submissions[index];
  const fs::path path = planned.path;
  Companions companions = submission_companions(problems_.at(planned.problem));
  // Every submission is prepared in a worker: compiling (or a Python syntax check) runs
  // a box, which the batch process itself never waits for.
  pool_.start(compile_tag_base + index, [path, companions] {
    // A participant's file is read beneath its own folder only (submission_files.hpp),
    // and one the rules refuse is the participant's CE, with the reason.
    SubmissionOptions options;
    options.confine_to = fs::absolute(path).lexically_normal().parent_path();
    options.companions = companions;
    try {
      return nlohmann::json(prepare_submission(path, default_cache_dir(), options));
    } catch (const SubmissionRefused& refused) {
      Submission submission;
      submission.compile_failed = true;
      submission.compile_message = refused.what();
      return nlohmann::json(submission);
    }
  });
}

void BatchRun::start_test(std::size_t unit_index, bool queue) {
  const WorkUnit& unit = units_[unit_index];
  const PlannedSubmission& planned = plan_.submissions[unit.submission];
  const Problem& problem = problems_.at(planned.problem);
  const TestCase& test = test_cases_.at(planned.problem).at(unit.test);
  const Submission& submission = prepared_.at(unit.submission);
  // A long batch keeps its builds: an entry used in the last hour is never evicted
  // (build_cache.hpp), so marking each submission's entries once a minute is enough; a
  // mark for every test cost two utimensat a test.
  const auto now = Clock::now();
  const auto marked = cache_marked_.find(unit.submission);
  if (marked == cache_marked_.end() || now - marked->second >= std::chrono::minutes(1)) {
    mark_cache_entries_used(submission.roots);
    cache_marked_[unit.submission] = now;
  }
  std::optional<fs::path> transcripts_dir;
  if (plan_.keep_transcripts)
    transcripts_dir = options_.out_dir / batch_files::transcripts_dir(planned);
  // A long-lived, separately executed judge runs the test (batch/worker.hpp says why).
  const json job = make_worker_job(paths_, problem, submission, test, transcripts_dir, options_.out_dir, plan_);
  if (!queue) {
    pool_.start_served(unit_index, {self_, "batch-worker", "--serve"}, worker_message(job));
    mark_running(unit_index);
  } else if (pool_.queue_served(unit_index, worker_message(job))) {
    queued_.insert(unit_index);  // running once its worker answers the test before it
  } else {
    ready_.push_front(unit_index);  // that worker died (its send failed): it runs later
  }
}

// A test counts as running (progress, concurrent_tests) from when its worker runs it: a
// queued test only once the test before it on that worker has been answered.
void BatchRun::mark_running(std::size_t unit_index) {
  queued_.erase(unit_index);
  concurrency_[unit_index] = 0;
  test_started_[unit_index] = Clock::now();
  for (auto& [tag, most] : concurrency_) most = std::max(most, concurrency_.size());
  ++counts_.running;
}

// Compiles first (each source once, before its tests; a CE is known early), then
// tests in plan order.
void BatchRun::start_jobs() {
  while (pool_.has_free_slot()) {
    if (!compile_queue_.empty()) {
      const std::size_t submission = compile_queue_.front();
      compile_queue_.pop_front();
      start_compile(submission);
    } else if (!ready_.empty()) {
      const std::size_t unit = ready_.front();
      ready_.pop_front();
      start_test(unit);
    } else {
      break;
    }
  }
  // Then each busy worker gets the next test behind its own (WorkerPool::queue_served),
  // so that it starts that test as soon as its test ends, as `judge run` does. Not while
  // sources wait to compile: those take the next free slot, as above.
  while (queuing_ && compile_queue_.empty() && !ready_.empty() && pool_.can_queue()) {
    const std::size_t unit = ready_.front();
    ready_.pop_front();
    start_test(unit, true);
    if (!queued_.contains(unit)) break;  // the send failed: wait() reports the dead worker
  }
}

void BatchRun::record(std::size_t unit_index, json record, Verdict verdict,
                      const std::string& message, long long cpu_ms, long long memory_kib, bool print_line) {
  const WorkUnit& unit = units_[unit_index];
  journal_->append(record);
  std::string key = record_key(record);
  finished_.emplace(std::move(key), std::move(record));
  ++counts_.finished;
  ++counts_.verdicts[verdict];
  counts_.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started_);
  // A log gets a line per test; a terminal a line per submission whose tests were not
  // all AC, when its last test is in (the JSON and the report keep every test).
  if (print_line && !options_.quiet && !on_terminal_) {
    smooth_eta(counts_);
    fmt::print("{}\n", format_finished_line(counts_, unit_label(unit), verdict, cpu_ms,
                                            memory_kib, verdict == Verdict::AC ? "" : message));
    std::fflush(stdout);
  }
  if (print_line && verdict != Verdict::AC)
    failed_tests_[unit.submission].push_back(
        {plan_.problem(plan_.submissions[unit.submission].problem).tests[unit.test].name, verdict, message});
  if (on_terminal_ && !options_.quiet && unfinished_[unit.submission] == 1 && failed_tests_.contains(unit.submission)) {
    clear_status();
    const PlannedSubmission& planned = plan_.submissions[unit.submission];
    fmt::print("{}\n", submission_summary_line(submission_label(planned), plan_.problem(planned.problem).tests.size(),
                                               failed_tests_[unit.submission], terminal_width() - 1));
    std::fflush(stdout);
  }
  if (unfinished_[unit.submission] == 1) failed_tests_.erase(unit.submission);
  show_status(false);
  // A whole batch writes a submission's verdict JSON as soon as its last test is in.
  if (--unfinished_[unit.submission] == 0 && options_.shard.whole()) {
    journal_->sync();  // no result on the disk grades a line that is not
    std::vector<std::string> warnings;
    GradedSubmission graded = grade_submission(plan_, unit.submission, finished_, warnings);
    warnings_.insert(warnings_.end(), warnings.begin(), warnings.end());
    write_result(options_.out_dir, plan_, graded);
    if (graded.result) forget_facts(unit.submission);
    graded_.insert_or_assign(unit.submission, std::move(graded));  // finish() takes it as it is
  }
}

// A graded submission's records are read again by nothing (finish() takes its grade
// as it is): their facts go, kilobytes a test, so that a batch holds the records of the
// submissions still running, not of every test it ran. Their keys stay (the first record
// of a unit is the one that counts).
void BatchRun::forget_facts(std::size_t submission) {
  const PlannedSubmission& planned = plan_.submissions[submission];
  for (const auto& test : plan_.problem(planned.problem).tests) {
    const auto record = finished_.find(submission_unit_key(planned, test.name));
    if (record != finished_.end()) record->second = json::object();
  }
}

void BatchRun::judge_error(const std::string& what) {
  ++judge_errors_;
  clear_status();
  std::fprintf(stderr, "judge: judge error: %s\n", printable_line(what).c_str());
  show_status(true);
}

void BatchRun::on_compiled(std::size_t index, const WorkerPool::Finished& finished) {
  const PlannedSubmission& planned = plan_.submissions[index];
  std::deque<std::size_t> units = std::move(waiting_[index]);
  waiting_.erase(index);
  if (!finished.ok) {
    judge_error(fmt::format("{}: compiling failed in the judge: {} ({} not run)", planned.path, finished.error,
                            count_of(units.size(), "test")));
    return;
  }
  Submission submission = finished.result.get<Submission>();
  submission.display = planned.path;
  if (!submission.compile_failed) {
    prepared_[index] = std::move(submission);
    for (std::size_t unit : units) ready_.push_back(unit);
    return;
  }
  // CE: every test of the submission is finished, with the compiler's message; the
  // submission is counted once, and one line says it (not one per test).
  ++counts_.compile_errors;
  counts_.pace[index].left = 0;
  if (!options_.quiet) {
    clear_status();
    fmt::print("{}: CE, {} not run: {}\n", printable_line(planned.path), count_of(units.size(), "test"),
               printable_line(message_headline(Verdict::CE, submission.compile_message)));
    std::fflush(stdout);
  }
  for (std::size_t unit : units) {
    json entry = base_record(units_[unit]);
    entry["verdict"] = verdict_name(Verdict::CE);
    entry["message"] = "compilation failed";
    entry["compile_error"] = submission.compile_message;
    entry["run"] = run_info(0);
    entry["finished_at"] = utc_now();
    record(unit, std::move(entry), Verdict::CE, "compilation failed", 0, 0, false);
  }
}

// An answered test stops counting as running, and the test its worker started behind
// it starts counting, before start_jobs starts more (run): a worker may have answered
// its test and the one queued behind it at once, and is idle then; counted later, the
// test start_jobs gives it would overlap both (concurrent_tests 2 with -j 1).
void BatchRun::settle(const WorkerPool::Finished& finished) {
  if (finished.tag >= compile_tag_base) return;
  const auto unit_index = static_cast<std::size_t>(finished.tag);
  if (queued_.erase(unit_index) == 0) --counts_.running;
  settled_[unit_index] = concurrency_[unit_index];
  concurrency_.erase(unit_index);
  if (finished.started_next && queued_.contains(static_cast<std::size_t>(*finished.started_next)))
    mark_running(static_cast<std::size_t>(*finished.started_next));
}

void BatchRun::on_test_done(std::size_t unit_index, WorkerPool::Finished& finished) {
  // Settled already (an answer, run), or: a queued test lost with its worker never ran,
  // and was not counted as running.
  const auto settled = settled_.find(unit_index);
  const bool was_settled = settled != settled_.end();
  const std::size_t concurrent = was_settled ? settled->second : concurrency_[unit_index];
  if (was_settled) settled_.erase(settled);
  else if (queued_.erase(unit_index) == 0)
    --counts_.running;
  concurrency_.erase(unit_index);
  ProgressCounts::Pace& pace = counts_.pace[units_[unit_index].submission];
  pace.left = pace.left > 0 ? pace.left - 1 : 0;
  if (finished.ok) {
    ++pace.finished;
    pace.wall += std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - test_started_[unit_index]);
  }
  test_started_.erase(unit_index);
  const WorkUnit& unit = units_[unit_index];
  // A worker that crashed under a test is replaced (the pool starts a new one) and
  // the test runs again, once: a second crash is the judge's error, as below.
  if (!finished.ok && finished.worker_died && retried_.insert(unit_index).second) {
    ++pace.left;
    clear_status();
    std::fprintf(stderr, "judge: warning: %s: %s; running it again on a new worker\n",
                 printable_line(unit_label(unit)).c_str(), printable_line(finished.error).c_str());
    show_status(true);
    ready_.push_front(unit_index);
    return;
  }
  if (!finished.ok) {
    judge_error(fmt::format("{}: {} (not recorded; --resume runs it again)", unit_label(unit),
                            finished.error));
    return;
  }
  TestOutcome outcome;
  try {
    // Graded as `judge run` grades it, for the journal's verdict and the progress line.
    const PlannedProblem& problem = plan_.problem(plan_.submissions[unit.submission].problem);
    outcome = grade_test(grading_spec(problem, plan_.rules), record_from_json(finished.result), problem.limits);
  } catch (const std::exception& error) {
    judge_error(fmt::format("{}: {}", unit_label(unit), error.what()));
    return;
  }
  const Decision& decision = outcome.decision;
  json entry = base_record(unit);
  entry["verdict"] = verdict_name(decision.verdict);
  entry["message"] = decision.message;
  entry["record"] = std::move(finished.result);
  entry["run"] = run_info(concurrent);
  if (retried_.contains(unit_index)) entry["run"]["retried"] = true;  // after its worker crashed
  entry["finished_at"] = utc_now();
  record(unit_index, std::move(entry), decision.verdict, decision.message, outcome.facts.submission.exit.cpu_ms,
         outcome.facts.submission.exit.peak_kib);
}

void BatchRun::on_finished(WorkerPool::Finished& finished) {
  if (finished.tag >= compile_tag_base)
    on_compiled(static_cast<std::size_t>(finished.tag - compile_tag_base), finished);
  else
    on_test_done(static_cast<std::size_t>(finished.tag), finished);
  // Its worker runs the test queued behind it now (after the one it answered is no
  // longer counted, so that concurrent_tests stays the number of tests run at once),
  // unless that worker died since and the test is back in the queue (run() handles the
  // dead workers' tests first).
  if (finished.started_next && queued_.contains(static_cast<std::size_t>(*finished.started_next)))
    mark_running(static_cast<std::size_t>(*finished.started_next));
}

void BatchRun::clear_status() {
  if (!status_shown_) return;
  fmt::print("\r\033[K");
  status_shown_ = false;
}

void BatchRun::show_status(bool force) {
  if (!on_terminal_) return;
  const auto now = Clock::now();
  if (!force && now - last_status_ < std::chrono::milliseconds(200)) return;
  last_status_ = now;
  counts_.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(now - started_);
  smooth_eta(counts_);
  fmt::print("\r\033[K{}", format_status_line(counts_, terminal_width() - 1));
  std::fflush(stdout);
  status_shown_ = true;
}

int BatchRun::run() {
  prepare();
  const std::size_t to_run = counts_.total - counts_.reused;
  if (!options_.quiet) {
    std::set<std::string> participants;
    for (const auto& submission : plan_.submissions) participants.insert(submission.participant);
    fmt::print(
        "batch: {} ({}, {}), {}{}; {} finished "
        "before (journal), {} to run with {} on {}\n",
        count_of(plan_.submissions.size(), "submission"), count_of(participants.size(), "participant"),
        count_of(plan_.problems.size(), "problem"), count_of(counts_.total, "test"),
        options_.shard.whole() ? "" : " in shard " + options_.shard.text(), counts_.reused, to_run,
        count_of(pool_.size(), "worker"), count_of(cores_, "core"));
    if (2 * pool_.size() > cores_)
      fmt::print("batch: note: {} tests at once keep up to {} processes busy on {} cores: CPU "
                 "times stay each process's own, wall times may stretch\n",
                 pool_.size(), 2 * pool_.size(), cores_);
    std::fflush(stdout);
  }
  // SIGINT, SIGTERM and SIGHUP, read from a signalfd (stop_signals.hpp); the workers
  // unblock them (batch_workers.cpp).
  StopSignals stop;
  int signal = 0;
  start_jobs();
  while (pool_.running() > 0) {
    // Woken in time for the journal's next fsync, when a line waits for one.
    const auto sync_due = journal_->sync_due_in();
    auto finished = pool_.wait(sync_due ? std::min(*sync_due, kIdleWakeup) : kIdleWakeup, stop.fd());
    if ((signal = stop.received()) != 0) break;
    // The tests of a worker that died go back to the front of the queue first, so that
    // they run next. The workers that answered take their next tests then; the answers
    // are journaled and graded while those run, not while the workers wait.
    for (auto& one : finished)
      if (one.worker_died) on_finished(one);
    for (const auto& one : finished)
      if (!one.worker_died) settle(one);
    start_jobs();
    // With no job left to give, the idle workers end now: their endings overlap the
    // grading and writing of the last answers, here and in finish().
    if (compile_queue_.empty() && waiting_.empty() && ready_.empty()) pool_.end_idle_servers();
    for (auto& one : finished)
      if (!one.worker_died) on_finished(one);
    start_jobs();  // the tests those answers made ready (a compile's, a retry)
    journal_->sync_if_due();
    show_status(false);
  }
  journal_->sync();  // what this run journaled is durable before anything is said of it
  clear_status();
  if (signal != 0) pool_.kill_all();
  return finish(signal);
}

int BatchRun::finish(int signal) {
  const auto elapsed = std::chrono::duration_cast<std::chrono::seconds>(Clock::now() - started_);
  if (signal != 0) {
    fmt::print(stderr,
               "judge: batch stopped by {}: {} finished in this run {} in the journal; "
               "finish with the same command and --resume\n",
               signal_name(signal), count_of(counts_.finished, "test"), counts_.finished == 1 ? "is" : "are");
    return 128 + signal;
  }
  if (!options_.quiet) fmt::print("batch: {}\n", batch_summary_text(counts_, elapsed));
  int status = 0;
  if (!options_.shard.whole()) {
    // A shard grades nothing on its own: the verdicts of its tests (this run's and
    // those reused from the journal) decide the status.
    const auto [begin, end] = shard_range(units_.size(), options_.shard);
    for (std::size_t u = begin; u < end; ++u) {
      const auto record = finished_.find(unit_key_of(units_[u]));
      const std::optional<Verdict> verdict =
          record == finished_.end() ? std::nullopt : parse_verdict(record->second.value("verdict", ""));
      status = combined_exit_status(status, exit_status_for_verdict(verdict));
    }
    if (!options_.quiet)
      fmt::print("batch: shard {} done in {}; combine the shards with: judge merge DIR... --out "
                 "DIR\n",
                 options_.shard.text(), options_.out_dir.string());
  } else {
    // The journal's records are in finished_ already (read when the batch started,
    // appended since): not read back. The submissions graded as their last tests came
    // in are not graded or written again; the others' results are written here (a
    // batch resumed after all of a submission's tests were journaled).
    std::vector<std::size_t> graded_here;
    BatchGrades grades = grade_finished(plan_, units_, std::move(finished_), std::move(graded_), graded_here);
    for (const std::size_t index : graded_here) write_result(options_.out_dir, plan_, grades.graded[index]);
    write_standings(options_.out_dir, grades);
    ReportFiles files;
    files.html = options_.html_file;
    files.junit = options_.junit_file;
    files.ccs_package = options_.ccs_package;
    write_reports(options_.out_dir, plan_, grades, files);
    warnings_.insert(warnings_.end(), grades.warnings.begin(), grades.warnings.end());
    if (!options_.quiet)
      fmt::print("\n{}\nresults: {}/results/, {}, {}\n", format_standings_table(grades.standings, 30),
                 options_.out_dir.string(), batch_files::standings_json(options_.out_dir).string(),
                 batch_files::standings_csv(options_.out_dir).string());
    status = exit_status_for_batch(grades.graded);
    if (!grades.standings.complete()) status = 3;
  }
  print_warnings(warnings_);
  if (judge_errors_ > 0) {
    std::fprintf(stderr, "judge: %zu judge error(s): those tests were not recorded; run again "
                         "with --resume\n", judge_errors_);
    status = 3;
  }
  return status;
}

}  // namespace

int run_batch(const BatchOptions& given, const JudgePaths& paths) {
  BatchOptions options = given;
  if (options.jobs == 0) options.jobs = default_jobs();
  if (!options.shard.whole() && (options.html_file || options.junit_file || options.ccs_package))
    throw ConfigError(
        "--html, --junit and --ccs-package describe a whole batch: with --shard, write them "
        "after `judge merge` with `judge report MERGED --html FILE` (or "
        "`judge merge ... --html FILE`)");

  // Which problems: those named, or every problem of the repository.
  std::map<std::string, Problem> loaded;
  std::set<std::string> problem_names, other_problems;
  for (const auto& name : known_problems(paths)) other_problems.insert(name);
  if (!options.problems.empty()) {
    for (const auto& name : options.problems) {
      Problem problem = load_problem(name, paths);
      problem.name = batch_problem_name(problem);
      problem_names.insert(problem.name);
      loaded.emplace(problem.name, std::move(problem));
    }
  } else {
    problem_names = other_problems;
  }
  if (problem_names.empty()) throw ConfigError(no_problems_message(options.submissions));
  // Before anything is written into --out (a contest package's files are unpacked there).
  if (!options.resume && fs::exists(batch_files::journal(options.out_dir)))
    throw ConfigError(
        fmt::format("--out {} holds the journal of an earlier batch (journal.jsonl): add --resume to finish it, or "
                    "choose another --out",
                    options.out_dir.string()));
  for (const auto& name : problem_names) other_problems.erase(name);
  std::vector<std::string> warnings;
  ContestInfo contest;
  const std::vector<FoundSubmission> found = discover_submissions(
      options.submissions, problem_names, warnings, other_problems, &contest, options.out_dir / "package-files");
  contest.scoreboard = options.scoreboard;
  contest.ioi_max = options.ioi_max;
  if (options.contest_start_ms) contest.start_ms = options.contest_start_ms;
  if (options.penalty_minutes) contest.penalty_minutes = *options.penalty_minutes;
  print_warnings(warnings);
  if (found.empty())
    throw ConfigError(fmt::format("no submissions found in {} (layout: DIR/<participant>/<problem>.<ending> "
                                  "for a problem of {}: the endings are listed by `judge languages`; or an "
                                  "executable <problem>)",
                                  fmt::join(options.submissions, " "), fmt::join(problem_names, ", ")));
  std::vector<Problem> used;
  std::map<std::string, std::vector<TestCase>> test_cases;
  for (const auto& submission : found) {
    if (test_cases.contains(submission.problem)) continue;
    if (!loaded.contains(submission.problem)) {
      Problem problem = load_problem(submission.problem, paths);
      problem.name = submission.problem;  // its folder's name, as known_problems lists it
      loaded.emplace(submission.problem, std::move(problem));
    }
    const Problem& problem = loaded.at(submission.problem);
    used.push_back(problem);
    test_cases[problem.name] = planned_test_cases(problem, options.tests);
  }
  BatchPlan plan = make_plan(found, used, options.tests, options.keep_transcripts, contest);
  plan.repeat = options.repeat;
  plan.rules = options.rules;
  plan.stderr_bytes = options.stderr_bytes;

  std::error_code ec;
  fs::create_directories(options.out_dir, ec);
  if (ec)
    throw ConfigError(fmt::format("cannot create --out {}: {}", options.out_dir.string(), ec.message()));
  write_manifest(options.out_dir, plan, options.shard, "judge batch");

  std::map<std::string, Problem> problems;
  for (auto& problem : used) problems.emplace(problem.name, problem);
  // The batch's own temporaries folder, TMPDIR for every worker it starts: a serving
  // worker keeps its folder inside it for the whole run, and one the batch had to kill
  // (a stop, a batch folder that filled up) cannot remove its own. Declared before the
  // run, so it is removed after the run's pool has killed and reaped every worker.
  const PrivateTmpdir tmpdir;
  BatchRun run(options, paths, plan, std::move(problems), std::move(test_cases));
  return run.run();
}

}  // namespace judge
