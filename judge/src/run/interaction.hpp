// Interaction runs one pass of one test: the interactor and the submission, wired to
// each other by two pipes, under the test's Limits, until both have ended; it returns
// the facts (how each ended, who ended first, which limit fired, what the interactor
// reported) and nothing else. Deciding the verdict is verdict.hpp's job.
//
// Offline passes (PassMode::offline: non-interactive multi-pass problems, CMS Batch
// tasks) run the same steps one program at a time: the submission reads the test
// input from a file and writes into a file; if it ended cleanly, the validator then
// reads that file on its stdin (a CMS checker: as /dev/stdin, its third argument; a
// CMS task without one: the judge's white-diff, run/white_diff.hpp). Otherwise the
// validator does not run and the submission's end decides.
//
//              to_submission pipe
//   interactor stdout ─────────────▶ stdin  submission
//   interactor stdin  ◀───────────── stdout submission
//              from_submission pipe
//
// The bytes never pass through the judge. Once both processes are started the judge
// keeps exactly two pipe ends, and lets each go at its moment (pipe_keeper.hpp): a
// read end of to_submission, so that the interactor never gets SIGPIPE because the
// submission is gone (the judge drains it once the submission has been reaped), and a
// write end of from_submission, so that the interactor sees the submission's
// end-of-file only once the submission has been reaped (a crash is a crash, not an
// early end of output). It never holds a write end of to_submission: the interactor's
// end-of-file reaches the submission at once.
//
// One run is four steps, each a method (DOMjudge's runpipe keeps the same state in
// one `state_t`):
//   wire()       the pipes, the stderr files (the submission's a memory file:
//                base/memory_file.hpp), the test's cgroup and both spawn
//                requests (the submission's through judge-box when contained)
//   spawn()      the interactor first (it usually speaks first), then the submission;
//                then the judge drops its copies of the pipe ends but the two above
//   supervise()  the Watchdog (process/watchdog.hpp) until both have ended and been reaped
//   collect()    the exit facts, the limits that fired, the interactor's report,
//                the stderr tails and what containment the submission ran under;
//                with the testlib convention, the checker on the interactor's log
//                when grading says it is due (grade/testlib_convention.hpp). The
//                facts come back raw (a PassRecord): grading reads them.
#pragma once

#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "base/limits.hpp"
#include "base/unique_fd.hpp"
#include "box/cgroup.hpp"
#include "box/sandbox.hpp"
#include "grade/grade.hpp"
#include "problem/problem.hpp"
#include "process/pipe_keeper.hpp"
#include "process/process.hpp"
#include "process/watchdog.hpp"
#include "run/resources_ahead.hpp"

namespace judge {

struct InteractionRequest {
  std::vector<std::string> submission_command;
  std::vector<std::string> submission_roots;    // copied into its box whole (submission.hpp)
  bool unlimited_address_space = false;         // no RLIMIT_AS (a JVM)
  std::int64_t extra_processes = 0;             // the language's own threads
  std::vector<std::string> interactor_command;  // TEST_INPUT ANSWER FEEDBACK_DIR/ are appended,
  std::vector<std::string> interactor_args;     // then these (a package's output_validator_args)
  // testlib: the interactor gets INPUT TOUT ANSWER instead, its exit codes are
  // testlib's, and the checker (if any) runs on TOUT afterwards (testlib_convention.hpp).
  InteractorConvention convention = InteractorConvention::icpc;
  std::vector<std::string> checker_command;
  std::filesystem::path interactor_working_dir;  // empty: the judge's (a build/run validator: its folder)
  std::filesystem::path test_input;
  std::filesystem::path answer_file;
  std::filesystem::path feedback_dir;  // created empty by the caller
  std::filesystem::path work_dir;      // the submission's working directory; stderr files
  Limits limits;
  PassMode mode = PassMode::interactive;
  // Where the transcript goes, if one is kept: written by the interactor itself when
  // it says it does (JUDGE_TRANSCRIPT_FILE), else by a relay (relay.hpp).
  std::optional<std::filesystem::path> transcript;
  bool interactor_writes_transcript = true;
  std::int64_t transcript_limit_bytes = 1 << 20;
  // >= 0: both processes run on this one CPU. A round trip between two processes
  // on one core costs a fraction of one across cores (the wake-up of the other side
  // stays on the same core: docs/performance.md); CPU time stays per process.
  int cpu = -1;
  // Run the submission inside judge-box (box/sandbox.hpp); false: as a plain child.
  bool contain = true;
  // Boxed: the judge's shared network namespace (box/net_namespace.hpp); "" : the box
  // makes its own.
  std::string net_namespace;
  // Where the test's cgroup comes from and goes back to (run/resources_ahead.hpp);
  // null: made before the test and removed after it.
  ResourcesAhead* resources = nullptr;
  // How much of the end of the submission's stderr the pass keeps (--stderr-bytes).
  std::size_t stderr_tail_bytes = default_stderr_bytes;
  // A reject stops the submission at once (icpc, domjudge); false (limits-first): it
  // runs on to its own end or limit, which then decides.
  bool stop_after_reject = true;
};

// What wire() prepares: everything the two processes are started with.
struct Wiring {
  Pipe to_submission;    // to the submission's stdin
  Pipe from_submission;  // from the submission's stdout
  // With a relay (relay.hpp), the interactor's own pipes; without, the interactor
  // writes to to_submission and reads from from_submission.
  std::optional<Pipe> from_interactor;
  std::optional<Pipe> to_interactor;
  // Offline passes: the submission's stdin (the test input) and stdout (a file).
  UniqueFd submission_input;
  UniqueFd submission_output;
  UniqueFd submission_stderr;
  UniqueFd interactor_stderr;
  UniqueFd interactor_stdout;  // a CMS checker's (its outcome)
  SpawnRequest interactor;
  SpawnRequest submission;
  std::optional<TestCgroup> cgroup;  // the submission's, when it runs in judge-box
  std::string why_no_box;            // when it does not
};

// A submission's box (box/sandbox.hpp) as `request` asks for it: `cgroup` made (from
// request.resources when there are any), the settings every boxed submission shares
// filled, and the CPU pin moved from `spawn` to the box. Shared by Interaction and
// a CMS Communication test's processes (run/communication.hpp).
BoxSettings submission_box(const InteractionRequest& request, const std::filesystem::path& box,
                           std::optional<TestCgroup>& cgroup, SpawnRequest& spawn);
// `spawn` runs `boxed`: its argv, descriptors and environment, and no rlimit where
// the cgroup limits the same.
void use_box(BoxedCommand boxed, const TestCgroup& cgroup, SpawnRequest& spawn);

class Interaction {
 public:
  explicit Interaction(InteractionRequest request);
  Interaction(const Interaction&) = delete;
  Interaction& operator=(const Interaction&) = delete;
  // Gives the test's cgroup back to request.resources, if any.
  ~Interaction();

  // The four steps in order. Throws JudgeFault when the judge itself cannot run the
  // test (a process that cannot be started, a pipe that cannot be made).
  PassRecord run();

  void wire();
  void spawn();
  void supervise();
  PassRecord collect();
  // SIGKILL to both programs' process groups (a test started and then not wanted);
  // supervise() then reaps them.
  void kill();

  const Wiring& wiring() const { return wiring_; }

 private:
  void wire_pipes();
  void wire_files();
  void plan_interactor();
  void plan_submission();
  void contain_submission();
  std::filesystem::path tout_path() const;
  std::filesystem::path interactor_stdout_path() const;
  std::optional<CheckerFacts> run_testlib_checker(const PassRecord& pass) const;
  void keep_pipe_ends();
  void kill_orphans_but_exiting_boxes();
  bool submission_no_longer_graded() const;
  void supervise_offline();
  bool offline_validator_skipped() const;
  TestFacts collect_facts() const;

  InteractionRequest request_;
  UniqueFd submission_stderr_;  // a memory file (base/memory_file.hpp), read in collect()
  std::filesystem::path interactor_stderr_path_;
  Wiring wiring_;
  std::optional<Process> interactor_;
  std::optional<Process> submission_;
  UniqueFd submission_output_;  // offline passes: a memory file, the validator's stdin
  std::unique_ptr<PipeKeeper> pipes_;  // DirectPipes, or a TranscriptRelay
  std::int64_t cgroup_cpu_ms_at_start_ = -1;
  std::optional<std::chrono::steady_clock::time_point> spawned_at_;  // spawn(): both programs run
  WatchFacts watch_;
  std::optional<bool> output_matches_;  // a CMS Batch task without a checker: white-diff
};

}  // namespace judge
