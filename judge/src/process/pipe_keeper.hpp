// PipeKeeper: the judge's own hold on the two pipes between the interactor and the
// submission, which keeps the rules all three ICPC judges keep (problemtools,
// BAPCtools, DOMjudge; /work/shared/reference/conventions.md):
//
//   1. The interactor never gets SIGPIPE or EPIPE because the submission ended or was
//      killed: the judge holds a read end of the interactor->submission pipe from the
//      start, and once the submission has been reaped it reads (and discards)
//      whatever the interactor still writes, until the interactor ends.
//   2. The interactor's end-of-file reaches the submission at once: the judge never
//      holds a write end of the interactor->submission pipe.
//   3. The submission's end-of-file reaches the interactor only after the submission
//      has been reaped: the judge holds a write end of the submission->interactor pipe
//      until then. A submission that crashes mid-interaction is seen to crash (RTE)
//      before the interactor can see its output end and reject for that (a racy WA).
//   4. A rejecting interactor has the submission killed (the Watchdog's rule).
//
// The Watchdog (watchdog.hpp) tells the keeper when each program has been reaped and
// lets it drain; DirectPipes keeps the rules for pipes wired straight from one
// program to the other, TranscriptRelay (relay.hpp) for pipes through a relay that
// records the transcript.
#pragma once

#include <vector>

#include "base/unique_fd.hpp"

namespace judge {

class PipeKeeper {
 public:
  virtual ~PipeKeeper() = default;
  // The submission has been reaped (and what it started killed).
  virtual void submission_reaped() = 0;
  // The interactor has been reaped.
  virtual void interactor_reaped() = 0;
  // Descriptors the Watchdog should wake up for (readable), besides the programs'.
  virtual std::vector<int> wait_fds() const = 0;
  // Does what is due without blocking (reads and discards what is readable).
  virtual void service() = 0;
  // Asked when the submission has been reaped, before submission_reaped(): whether
  // the interactor had already ended its output (every write end of the
  // interactor->submission pipe closed). Until submission_reaped() the interactor
  // cannot know that the submission ended (rule 3), so a yes says the interactor
  // ended first, whatever order the judge reaped the two in (grade/verdict_rules.hpp).
  virtual bool interactor_output_ended() const { return false; }
};

// The pipes wired straight between the programs; the keeper holds the two ends of
// rules 1 and 3 (duplicates of the programs' own, close-on-exec).
class DirectPipes : public PipeKeeper {
 public:
  // `interactor_output` is a read end of the interactor->submission pipe,
  // `submission_output` a write end of the submission->interactor pipe.
  DirectPipes(UniqueFd interactor_output, UniqueFd submission_output);
  void submission_reaped() override;
  void interactor_reaped() override;
  std::vector<int> wait_fds() const override;
  void service() override;
  bool interactor_output_ended() const override;
  // Bytes read and discarded after the submission was reaped.
  std::size_t drained_bytes() const { return drained_bytes_; }

 private:
  UniqueFd interactor_output_;
  UniqueFd submission_output_;
  bool draining_ = false;
  std::size_t drained_bytes_ = 0;
};

// A duplicate of `fd`, close-on-exec. Throws std::system_error.
UniqueFd duplicate(int fd);

}  // namespace judge
