// run_interaction runs one test: the interactor and the submission, wired to each
// other by two pipes, under their limits, until both have ended; it returns the
// facts (how each ended, who ended first, which limit fired, what the interactor
// reported) and nothing else. Deciding the verdict is verdict.hpp's job.
//
//              to_submission pipe
//   interactor stdout ─────────────▶ stdin  submission
//   interactor stdin  ◀───────────── stdout submission
//              from_submission pipe
//
// The bytes never pass through the judge: the judge holds no pipe end once both
// processes are started (a pipe end left open in the judge would keep the other
// side from ever seeing end-of-file).
#pragma once

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "verdict.hpp"

namespace judge {

struct InteractionRequest {
  std::vector<std::string> submission_command;
  std::vector<std::string> interactor_command;  // TEST_INPUT ANSWER FEEDBACK_DIR/ are appended
  std::filesystem::path test_input;
  std::filesystem::path answer_file;
  std::filesystem::path feedback_dir;  // created empty by the caller
  std::filesystem::path work_dir;      // the submission's working directory; stderr files
  std::int64_t time_limit_ms = 2000;
  std::int64_t wall_limit_ms = 5000;
  std::int64_t memory_kib = 256 * 1024;
  std::int64_t output_limit_kib = 8192;
  std::int64_t process_limit = 64;
  std::int64_t interactor_time_limit_ms = 20000;
  std::int64_t interactor_memory_kib = 2048 * 1024;
  std::optional<std::filesystem::path> transcript;  // asked of the interactor
  // >= 0: both processes run on this one CPU. A round trip between two processes
  // on one core costs about a third of one across cores on these VMs (the wake-up
  // of the other side stays on the same core); CPU time stays per process.
  int cpu = -1;
  std::int64_t transcript_limit_bytes = 1 << 20;
  // Run the submission inside judge-box (sandbox.hpp); false: as a plain child.
  bool contain = true;
};

struct InteractionResult {
  TestFacts facts;
  // The interactor accepted, left FEEDBACK_DIR/nextpass.in and said "probe": true
  // in result.json: this pass only probed the submission, which was stopped as soon
  // as the interactor was done (its outcome is not graded).
  bool probe = false;
  nlohmann::json interactor_result;  // result.json as written (null if none)
  std::string submission_stderr_tail;
  std::string interactor_stderr_tail;
  // What containment the submission ran under (sandbox.hpp describe_containment).
  nlohmann::json containment;
};

// Throws std::runtime_error when the judge itself cannot run the test (a process
// that cannot be started, a pipe that cannot be made).
InteractionResult run_interaction(const InteractionRequest& request);

// Reads FEEDBACK_DIR/judgemessage.txt and result.json into a report (malformed
// result.json is reported, not thrown). Exposed for tests.
InteractorReport read_interactor_report(const std::filesystem::path& feedback_dir,
                                        nlohmann::json& raw_result);

// Whether the interactor ended a probe pass: it left nextpass.in and its
// result.json says "probe": true.
bool is_probe_pass(const std::filesystem::path& feedback_dir);

// Whether the tail of a submission's stderr says an allocation failed.
bool stderr_reports_out_of_memory(const std::string& stderr_tail);

}  // namespace judge
