// TranscriptRelay: for an interactor that does not write its own transcript (an ICPC
// output validator, a testlib interactor), the judge puts a relay between the two
// programs when --transcripts is asked for, and records what passes, in the ICPC
// `.interaction` form ('<' line: interactor to submission, '>' line: submission to
// interactor; interactors/lib/transcript.hpp). Without --transcripts the programs are
// wired straight to each other and nothing is copied.
//
//   interactor stdout ─A─▶ relay ─B─▶ stdin  submission
//   interactor stdin  ◀─D─ relay ◀─C─ stdout submission
//
// It runs on a thread of its own, blocked in poll(2), so each message moves on as
// soon as it comes (both programs and the thread on the test's one CPU), and it keeps
// the ICPC pipe rules of pipe_keeper.hpp itself:
//   1. it reads A until the interactor closes it, whether or not the submission still
//      reads B: the interactor never gets SIGPIPE because the submission is gone (what
//      the submission can no longer take is dropped, and still recorded);
//   2. once A has ended and what was read from it has been passed on, B is closed: the
//      interactor's end-of-file reaches the submission at once;
//   3. D is closed only after C has ended and the Watchdog has reaped the submission
//      (submission_reaped()): the interactor never sees the submission's output end
//      before the submission has been seen to end.
// Writes are non-blocking; at most max_pending_bytes wait in each direction, after
// which the relay stops reading that direction, as a full pipe would stop its writer.
#pragma once

#include <atomic>
#include <cstddef>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include "base/unique_fd.hpp"
#include "process/pipe_keeper.hpp"

// The interactor library's transcript writer (interactors/lib/transcript.hpp): one
// transcript format for both ways of keeping one. Only relay.cpp needs its insides.
namespace interactor {
class Transcript;
}

namespace judge {

class TranscriptRelay : public PipeKeeper {
 public:
  struct Ends {
    UniqueFd from_interactor;  // A, read end
    UniqueFd to_submission;    // B, write end
    UniqueFd from_submission;  // C, read end
    UniqueFd to_interactor;    // D, write end
  };
  // Starts the thread (pinned to `cpu` when >= 0). Throws std::system_error.
  TranscriptRelay(Ends ends, std::filesystem::path transcript, std::size_t limit_bytes, int cpu);
  TranscriptRelay(const TranscriptRelay&) = delete;
  TranscriptRelay& operator=(const TranscriptRelay&) = delete;
  // Stops the thread (if finish() was not called) and closes every end.
  ~TranscriptRelay() override;

  void submission_reaped() override;
  void interactor_reaped() override {}
  std::vector<int> wait_fds() const override { return {}; }
  void service() override {}

  // Once both programs have been reaped: stops the thread and writes the transcript.
  // Throws std::system_error when the transcript cannot be written.
  void finish();

  static constexpr std::size_t max_pending_bytes = 1 << 20;

 private:
  struct Direction;
  void run();
  void wake();

  bool step(Direction& to_submission, Direction& to_interactor);
  void take_in(Direction& direction);
  void drain_for_transcript(Direction& direction);
  void pass_on(Direction& direction);

  Ends ends_;
  std::unique_ptr<interactor::Transcript> transcript_;  // the thread's until it has joined
  UniqueFd control_;  // an eventfd: submission_reaped() and finish() wake the thread
  std::atomic<bool> submission_reaped_{false};
  std::atomic<bool> stop_{false};
  std::thread thread_;
};

}  // namespace judge
