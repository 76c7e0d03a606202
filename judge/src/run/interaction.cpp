#include "run/interaction.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <fmt/core.h>

#include "base/errors.hpp"
#include "base/memory_file.hpp"
#include "base/text_file.hpp"
#include "box/sandbox.hpp"
#include "box/watched_process.hpp"
#include "grade/testlib_convention.hpp"
#include "process/tool_run.hpp"
#include "run/interactor_report.hpp"
#include "run/relay.hpp"
#include "run/white_diff.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

// The pipes are enlarged so that a long message (twin-cookies sends ~90 KB lines)
// is written in one go instead of stalling the writer at the default 64 KiB.
constexpr int pipe_buffer_bytes = 1 << 20;
// Descriptors a submission may hold open at once.
constexpr std::int64_t submission_open_files = 256;

}  // namespace

UniqueFd open_for_reading(const fs::path& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) throw JudgeFault(fmt::format("cannot open {}: {}", path.string(), std::strerror(errno)));
  return UniqueFd(fd);
}

Interaction::Interaction(InteractionRequest request)
    : request_(std::move(request)),
      interactor_stderr_path_(request_.work_dir / "interactor.stderr") {}

Interaction::~Interaction() {
  // Removed once a later test runs, off this test's path (run/resources_ahead.hpp).
  if (request_.resources != nullptr && wiring_.cgroup) request_.resources->retire(std::move(*wiring_.cgroup));
}

PassRecord Interaction::run() {
  wire();
  spawn();
  supervise();
  return collect();
}

void Interaction::wire() {
  // Every descriptor here is close-on-exec: each child inherits exactly the three it
  // is given as stdin/stdout/stderr, never the other's ends.
  if (request_.mode == PassMode::offline) wire_files();
  else wire_pipes();
  // The submission's stderr is a memory file, not a file of the run folder: what it
  // writes or fallocates there stays within its output limit (RLIMIT_FSIZE, which
  // shmem checks even for FALLOC_FL_KEEP_SIZE) and is charged to its memory cgroup,
  // wherever the run folder is (base/memory_file.hpp). The judge keeps its copy of
  // the descriptor (submission_stderr_) to read the tail in collect().
  submission_stderr_ = make_memory_file("submission-stderr");
  wiring_.submission_stderr = duplicate(submission_stderr_.get());
  wiring_.interactor_stderr = open_for_writing(interactor_stderr_path_.c_str());
  plan_interactor();
  plan_submission();
  if (request_.contain) contain_submission();
  else wiring_.why_no_box = "--sandbox none";
}

void Interaction::wire_pipes() {
  wiring_.to_submission = make_pipe(pipe_buffer_bytes);
  wiring_.from_submission = make_pipe(pipe_buffer_bytes);
  if (request_.transcript && !request_.interactor_writes_transcript) {
    wiring_.from_interactor = make_pipe(pipe_buffer_bytes);
    wiring_.to_interactor = make_pipe(pipe_buffer_bytes);
  }
}

void Interaction::wire_files() {
  // The submission's output goes to a memory file, capped by RLIMIT_FSIZE like every
  // file it writes (past the output limit: SIGXFSZ, OLE), fallocate included, and
  // charged to its memory cgroup, as its stderr (base/memory_file.hpp). The validator
  // gets it on its stdin once the submission has ended (supervise_offline).
  wiring_.submission_input = open_for_reading(request_.test_input);
  submission_output_ = make_memory_file("submission-output");
  wiring_.submission_output = duplicate(submission_output_.get());
}

void Interaction::plan_interactor() {
  SpawnRequest& spawn = wiring_.interactor;
  if (request_.convention == InteractorConvention::testlib) {
    // The interactor's log (testlib's OUTPUT, "tout") goes into the feedback folder,
    // where the checker reads it and nothing of the submission's can reach it.
    spawn.argv = testlib_argv(request_.interactor_command, request_.test_input, tout_path(),
                              request_.answer_file);
  } else if (request_.convention == InteractorConvention::cms) {
    // A CMS Batch checker: INPUT CORRECT_OUTPUT USER_OUTPUT. The user's output is the
    // memory file on its stdin, named /dev/stdin (its own description: read from
    // the start); its stdout (the outcome) is kept in the work folder.
    spawn.argv = request_.interactor_command;
    for (const std::string& arg :
         {request_.test_input.string(), request_.answer_file.string(), std::string("/dev/stdin")})
      spawn.argv.push_back(arg);
  } else {
    spawn.argv = request_.interactor_command;
    spawn.argv.push_back(request_.test_input.string());
    spawn.argv.push_back(request_.answer_file.string());
    spawn.argv.push_back(request_.feedback_dir.string() + "/");
    spawn.argv.insert(spawn.argv.end(), request_.interactor_args.begin(), request_.interactor_args.end());
  }
  const bool relayed = wiring_.from_interactor.has_value();
  // Offline: stdin is set when the validator starts; its stdout is thrown away.
  spawn.stdin_fd = relayed ? wiring_.to_interactor->read_end.get() : wiring_.from_submission.read_end.get();
  spawn.stdout_fd = relayed ? wiring_.from_interactor->write_end.get() : wiring_.to_submission.write_end.get();
  if (request_.mode == PassMode::offline) spawn.stdout_fd = wiring_.interactor_stderr.get();
  if (request_.convention == InteractorConvention::cms) {
    wiring_.interactor_stdout = open_for_writing(interactor_stdout_path().c_str());
    spawn.stdout_fd = wiring_.interactor_stdout.get();
  }
  spawn.stderr_fd = wiring_.interactor_stderr.get();
  spawn.limits.cpu_ms = request_.limits.interactor_cpu_ms;
  spawn.limits.address_space_kib = request_.limits.interactor_memory_kib;
  spawn.cpu = request_.cpu;
  spawn.environment = interactor_environment();
  if (!request_.interactor_working_dir.empty()) spawn.working_dir = request_.interactor_working_dir.string();
  if (request_.transcript && !relayed) {
    spawn.extra_env.emplace_back("JUDGE_TRANSCRIPT_FILE", request_.transcript->string());
    spawn.extra_env.emplace_back("JUDGE_TRANSCRIPT_LIMIT_BYTES",
                                 std::to_string(request_.transcript_limit_bytes));
  }
}

void Interaction::plan_submission() {
  SpawnRequest& spawn = wiring_.submission;
  const Limits& limits = request_.limits;
  spawn.argv = request_.submission_command;
  const bool offline = request_.mode == PassMode::offline;
  spawn.stdin_fd = offline ? wiring_.submission_input.get() : wiring_.to_submission.read_end.get();
  spawn.stdout_fd = offline ? wiring_.submission_output.get() : wiring_.from_submission.write_end.get();
  spawn.stderr_fd = wiring_.submission_stderr.get();
  spawn.working_dir = request_.work_dir.string();
  spawn.cpu = request_.cpu;
  // Unboxed, its home and temporaries are its working directory; contain_submission
  // gives a boxed one the box's.
  spawn.environment = program_environment(request_.work_dir.string(), request_.work_dir.string());
  spawn.limits.cpu_ms = limits.cpu_ms;
  spawn.limits.tight_cpu_backstop = true;
  spawn.limits.address_space_kib = request_.unlimited_address_space ? 0 : limits.memory_kib;
  spawn.limits.file_size_kib = limits.output_kib;
  spawn.limits.processes = limits.processes + request_.extra_processes;
  spawn.limits.open_files = submission_open_files;
  // The stack may use the whole memory limit, as on most contest judges.
  spawn.limits.stack_kib = limits.memory_kib;
}

void Interaction::contain_submission() {
  // Containment (box/sandbox.hpp): the submission runs inside judge-box, in the test's
  // cgroups where the machine allows them. Where a cgroup limits memory or
  // processes, the matching rlimit is dropped: RLIMIT_AS counts address space, not
  // memory, and RLIMIT_NPROC counts every process of the uid, not of the test.
  const fs::path box = find_box_executable();
  if (box.empty()) {
    wiring_.why_no_box = "judge-box is missing next to the judge executable";
    return;
  }
  SpawnRequest& spawn = wiring_.submission;
  BoxSettings settings = submission_box(request_, box, wiring_.cgroup, spawn);
  // The box's setup runs on another CPU, beside the interactor's start, and
  // so does the program's own start while the interactor is still starting: the box
  // moves it to this CPU once it or the interactor waits (judge-box, 4c).
  settings.watch_interactor = request_.mode != PassMode::offline;
  use_box(boxed_command(request_.submission_command, settings), *wiring_.cgroup, spawn);
}

BoxSettings submission_box(const InteractionRequest& request, const fs::path& box, std::optional<TestCgroup>& cgroup,
                           SpawnRequest& spawn) {
  const std::int64_t process_limit = request.limits.processes + request.extra_processes;
  cgroup.emplace(request.resources != nullptr ? request.resources->cgroup(request.limits.memory_kib, process_limit)
                                              : TestCgroup::create(request.limits.memory_kib, process_limit));
  BoxSettings settings;
  settings.box_executable = box;
  settings.drop_to_unprivileged_uid = ::geteuid() == 0;
  settings.cgroup_dirs = cgroup->join_dirs();
  settings.scratch_kib = request.limits.output_kib;
  settings.file_size_kib = request.limits.output_kib;
  // The box's own CPU timer on the program (judge-box, 4d): the limit holds even when
  // the judge's watchdog is starved of CPU.
  settings.cpu_limit_ms = request.limits.cpu_ms;
  spawn.limits.file_size_kib = 0;  // the box sets it on the program alone
  settings.roots.assign(request.submission_roots.begin(), request.submission_roots.end());
  settings.net_namespace = request.net_namespace;
  // Forked by the run's judge-box server where there is one (process/box_server.hpp).
  spawn.box_server = request.resources != nullptr ? request.resources->box_server() : nullptr;
  // Pinned by the box (judge-box, 4c), not by the spawn.
  settings.cpu = spawn.cpu;
  spawn.cpu = -1;
  return settings;
}

void use_box(BoxedCommand boxed, const TestCgroup& cgroup, SpawnRequest& spawn) {
  spawn.argv = std::move(boxed.argv);
  spawn.box_fds = std::move(boxed.fds);
  spawn.boxed = true;
  spawn.environment = program_environment("/box", "/tmp");
  // Where a cgroup limits memory or processes, the matching rlimit is dropped (see
  // Interaction::contain_submission).
  if (cgroup.limits_memory()) spawn.limits.address_space_kib = 0;
  if (cgroup.limits_processes()) spawn.limits.processes = 0;
}

void Interaction::spawn() {
  if (request_.mode == PassMode::offline) {
    // The submission alone; the validator starts once it has ended.
    submission_.emplace(Process::spawn(wiring_.submission));
    wiring_.submission_input.reset();
    wiring_.submission_output.reset();
    wiring_.submission_stderr.reset();
    cgroup_cpu_ms_at_start_ = wiring_.cgroup ? wiring_.cgroup->cpu_ms() : -1;
    if (request_.resources != nullptr) request_.resources->while_test_runs();
    return;
  }
  // The interactor first: it usually speaks first.
  interactor_.emplace(Process::spawn(wiring_.interactor));
  // The box reads whether the interactor is still starting (judge-box, 4c): its stat
  // file, opened now, while its pid is certainly its own; closed once the box has it.
  UniqueFd interactor_stat;
  if (wiring_.submission.boxed) {
    const std::string stat_path = fmt::format("/proc/{}/stat", interactor_->pid());
    if (const int fd = ::open(stat_path.c_str(), O_RDONLY | O_CLOEXEC); fd >= 0) {
      interactor_stat = UniqueFd(::fcntl(fd, F_DUPFD_CLOEXEC, 5));
      ::close(fd);
    }
    wiring_.submission.box_watch_fd = interactor_stat.get();
  }
  try {
    submission_.emplace(Process::spawn(wiring_.submission));
  } catch (...) {
    interactor_->kill_group();
    throw;
  }
  keep_pipe_ends();
  wiring_.submission_stderr.reset();
  wiring_.interactor_stderr.reset();
  // Both run: the wall limit counts from here, even when the watch begins later
  // (ProcessExecutor starts a test while it reads the facts of the one before). A boxed
  // program's "here" is its own start as its box reported it: a judge stopped between
  // that start and this line (starved) sees the stop as its first sample's gap, as it
  // sees one after this line.
  spawned_at_ = submission_->program_started_at().value_or(std::chrono::steady_clock::now());
  cgroup_cpu_ms_at_start_ = wiring_.cgroup ? wiring_.cgroup->cpu_ms() : -1;
  // Both programs run (a boxed submission has exec'd: Process::spawn waited for the
  // box's "exec"; pinned, on the test's CPU, not the judge's) and the judge has nothing
  // to do but wait: the folders and cgroups of the tests before and after this one are
  // dealt with now, off every test's path (run/resources_ahead.hpp).
  if (request_.resources != nullptr) request_.resources->while_test_runs();
}

void Interaction::kill() {
  if (submission_) submission_->kill_group();
  if (interactor_) interactor_->kill_group();
}

void Interaction::keep_pipe_ends() {
  // Both children hold their ends now. The judge keeps the two the ICPC pipe rules
  // need (pipe_keeper.hpp) and no other: a write end of to_submission left in the
  // judge would keep the submission from ever seeing the interactor's end-of-file.
  // With a relay, the relay takes the four ends it copies between.
  if (wiring_.from_interactor) {
    pipes_ = std::make_unique<TranscriptRelay>(
        TranscriptRelay::Ends{std::move(wiring_.from_interactor->read_end),
                              std::move(wiring_.to_submission.write_end),
                              std::move(wiring_.from_submission.read_end),
                              std::move(wiring_.to_interactor->write_end)},
        *request_.transcript, static_cast<std::size_t>(request_.transcript_limit_bytes), request_.cpu);
  } else {
    pipes_ = std::make_unique<DirectPipes>(duplicate(wiring_.to_submission.read_end.get()),
                                           duplicate(wiring_.from_submission.write_end.get()));
  }
  wiring_.from_interactor.reset();
  wiring_.to_interactor.reset();
  wiring_.to_submission = Pipe{};
  wiring_.from_submission = Pipe{};
}

bool Interaction::submission_no_longer_graded() const {
  // Rejected (or broken): the verdict no longer depends on the submission. A probe
  // pass (multi-pass) accepted: its submission is not graded.
  const bool rejected = !interactor_accepts(*interactor_->exit_facts(), request_.convention);
  return (rejected && request_.stop_after_reject) || is_probe_pass(request_.feedback_dir);
}

void Interaction::supervise() {
  if (request_.mode == PassMode::offline) {
    supervise_offline();
    return;
  }
  SystemWatchClock clock;
  WatchedProcess submission(*submission_, wiring_.cgroup ? &*wiring_.cgroup : nullptr,
                            cgroup_cpu_ms_at_start_);
  WatchedProcess interactor = WatchedProcess::trusted(*interactor_);
  Watchdog watchdog(request_.limits, clock, [this] { return submission_no_longer_graded(); });
  watch_ = watchdog.supervise(submission, interactor, pipes_.get(), spawned_at_);
  // Whatever the submission or the interactor left behind goes with them.
  submission_->kill_group();
  interactor_->kill_group();
  kill_orphans_but_exiting_boxes();
  // The relay's transcript is written now that both programs are gone.
  if (auto* relay = dynamic_cast<TranscriptRelay*>(pipes_.get())) relay->finish();
  pipes_.reset();
}

// Every child the judge did not start for this test is ended, but judge-boxes that
// reported and are still exiting (this test's, earlier tests'): they are reaped
// while a later test runs (run/resources_ahead.hpp). Without ResourcesAhead, this
// test's box is reaped now.
void Interaction::kill_orphans_but_exiting_boxes() {
  std::optional<ExitingBox> exiting = submission_->take_exiting_box();
  if (request_.resources == nullptr) {
    if (exiting) exiting->reap(true);
    kill_orphans();
    return;
  }
  if (exiting) request_.resources->reap_later(std::move(*exiting));
  kill_orphans(request_.resources->spared_pids());
}

// The submission alone, then, if it ended cleanly, the validator on its output, each
// with a wall limit of its own.
void Interaction::supervise_offline() {
  SystemWatchClock clock;
  AbsentProgram absent;
  WatchedProcess submission(*submission_, wiring_.cgroup ? &*wiring_.cgroup : nullptr,
                            cgroup_cpu_ms_at_start_);
  Watchdog submission_watch(request_.limits, clock, [] { return false; });
  watch_ = submission_watch.supervise(submission, absent);
  submission_->kill_group();
  kill_orphans_but_exiting_boxes();
  if (!offline_validator_skipped() && request_.interactor_command.empty()) {
    // A CMS Batch task without a checker: the judge's own white-diff.
    output_matches_ = white_diff_files(submission_output_.get(), request_.answer_file);
  } else if (!offline_validator_skipped()) {
    // From its start: the submission, gone now, left the shared offset at the end.
    ::lseek(submission_output_.get(), 0, SEEK_SET);
    wiring_.interactor.stdin_fd = submission_output_.get();
    interactor_.emplace(Process::spawn(wiring_.interactor));
    wiring_.interactor_stderr.reset();
    wiring_.interactor_stdout.reset();
    WatchedProcess validator(*interactor_, nullptr, -1);
    Watchdog validator_watch(request_.limits, clock, [] { return false; });
    watch_.interactor = validator_watch.supervise(absent, validator).interactor;
    interactor_->kill_group();
    kill_orphans_but_exiting_boxes();
  }
  watch_.ended_first = Side::submission;
}

// Offline: a submission that did not end cleanly (a crash, a limit, a non-zero exit)
// is not validated; its end is the verdict.
bool Interaction::offline_validator_skipped() const {
  const ExitFacts& exit = *submission_->exit_facts();
  return exit.signaled || exit.exit_code != 0 || watch_.submission.killed_by_judge;
}

TestFacts Interaction::collect_facts() const {
  TestFacts facts;
  facts.limits = request_.limits;
  facts.exited_first = watch_.ended_first;
  facts.wall_limit_extended_ms = watch_.wall_limit_extended_ms;
  facts.waited_for_cpu_ms = watch_.waited_for_cpu_ms;
  facts.interactor_bytes_written = watch_.interactor_bytes_written;
  facts.judge_max_gap_ms = watch_.max_sample_gap_ms;
  facts.judge_run_delay_ms = watch_.run_delay_ms;
  facts.interactor_output_ended_first = watch_.interactor_output_ended_first;
  std::int64_t submission_cpu_ms_at_stop = watch_.submission.cpu_ms_at_stop;
  // Children's CPU time counts (see WatchedProcess).
  if (cgroup_cpu_ms_at_start_ >= 0)
    submission_cpu_ms_at_stop =
        std::max(submission_cpu_ms_at_stop, wiring_.cgroup->cpu_ms() - cgroup_cpu_ms_at_start_);
  for (auto [end, process, intervention, cpu_at_stop] :
       {std::tuple{&facts.submission, submission_ ? &*submission_ : nullptr, &watch_.submission,
                   submission_cpu_ms_at_stop},
        std::tuple{&facts.interactor, interactor_ ? &*interactor_ : nullptr, &watch_.interactor,
                   watch_.interactor.cpu_ms_at_stop}}) {
    if (process == nullptr) continue;  // an offline validator that did not run
    end->exit = *process->exit_facts();
    end->exit.cpu_ms = std::max(end->exit.cpu_ms, cpu_at_stop);
    end->killed_by_judge = intervention->killed_by_judge;
    end->hit_wall_limit = intervention->hit_wall_limit;
    end->hit_cpu_limit = intervention->hit_cpu_limit;
    // A process that was already dying of its own cause when the judge's SIGKILL
    // came keeps that cause in its wait status: then it was not the judge's kill.
    if (end->killed_by_judge && !(end->exit.signaled && end->exit.signal == SIGKILL))
      end->killed_by_judge = end->hit_cpu_limit = end->hit_wall_limit = false;
  }
  // The box's init stopped the program at its CPU limit for the judge (judge-box, 4d:
  // the judge was starved and sampled late).
  if (submission_ && submission_->box_cpu_limit_hit() && !facts.submission.hit_cpu_limit)
    facts.submission.killed_by_judge = facts.submission.hit_cpu_limit = true;
  facts.submission.oom_killed = wiring_.cgroup && wiring_.cgroup->oom_killed();
  facts.submission.memory_limit_reached = wiring_.cgroup && wiring_.cgroup->memory_limit_reached();
  facts.submission.group_peak_kib = wiring_.cgroup ? wiring_.cgroup->peak_kib() : -1;
  facts.submission.outer_memory_limit_kib = wiring_.cgroup ? wiring_.cgroup->outer_memory_limit_kib() : -1;
  return facts;
}

std::filesystem::path Interaction::tout_path() const { return request_.feedback_dir / "tout.txt"; }

std::filesystem::path Interaction::interactor_stdout_path() const { return request_.work_dir / "checker.stdout"; }

// The checker on a testlib interactor's log, when grading says it is due: its raw
// ending, which grading reads in place of the interactor's OK.
std::optional<CheckerFacts> Interaction::run_testlib_checker(const PassRecord& pass) const {
  if (request_.checker_command.empty() || !interactor_ || !testlib_checker_due(pass.facts)) return std::nullopt;
  // The checker is the setter's code, like the interactor: not boxed, the
  // interactor's CPU limit, its stdout and stderr kept together (the message).
  ToolRunRequest run;
  run.argv = testlib_argv(request_.checker_command, request_.test_input, tout_path(), request_.answer_file);
  run.log_path = request_.work_dir / "checker.log";
  run.cpu_limit_ms = request_.limits.interactor_cpu_ms;
  run.output_limit_bytes = message_tail_bytes;
  const ToolRun checked = run_tool(run);
  return CheckerFacts{checked.exit, checked.ended_in_time, checked.output};
}

PassRecord Interaction::collect() {
  PassRecord pass;
  pass.facts = collect_facts();
  // The box could not execute the program: with the exec's errno it is the program's
  // fault (not something the kernel can run, a missing interpreter), without one the
  // box's own (the judge's).
  if (const std::string error = submission_->box_exec_error(); !error.empty()) {
    if (submission_->box_exec_errno() <= 0) throw JudgeFault(fmt::format("cannot start the submission: {}", error));
    pass.facts.exec_error = error;
  }
  pass.submission_stderr = read_tail(submission_stderr_, request_.stderr_tail_bytes);
  // The memory files' pages go now, before the test's cgroup they are charged to is
  // given back.
  submission_stderr_.reset();
  submission_output_.reset();
  // CMS's message is the first line of the trusted program's stderr, and its
  // outcome the first of its stdout: their heads are kept.
  pass.interactor_stderr = request_.convention == InteractorConvention::cms
                               ? read_head(interactor_stderr_path_, message_tail_bytes)
                               : read_tail(interactor_stderr_path_, message_tail_bytes);
  if (request_.convention == InteractorConvention::cms) {
    pass.manager_output = read_head(interactor_stdout_path(), message_tail_bytes);
    pass.output_matches = output_matches_;
  }
  pass.facts.report = read_interactor_report(request_.feedback_dir, pass.interactor_result);
  pass.interactor_ran = interactor_.has_value();
  if (request_.convention == InteractorConvention::testlib) pass.checker = run_testlib_checker(pass);
  pass.wrote_nextpass = fs::exists(request_.feedback_dir / "nextpass.in");
  pass.probe_marked = pass.wrote_nextpass && is_probe_pass(request_.feedback_dir);
  const TestCgroup* cgroup = wiring_.cgroup ? &*wiring_.cgroup : nullptr;
  pass.containment = describe_containment(
      submission_->box_setup(), cgroup ? cgroup->version() : std::string(), cgroup && cgroup->limits_memory(),
      cgroup && cgroup->limits_processes(), cgroup ? cgroup->missing() : std::vector<std::string>{}, wiring_.why_no_box,
      cgroup ? cgroup->outside_own() : std::vector<std::string>{}, cgroup ? cgroup->outer_memory_limit_kib() : -1);
  return pass;
}

}  // namespace judge
