#include "run/relay.hpp"

#include "transcript.hpp"  // interactor library: the one transcript format

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include <cerrno>
#include <system_error>
#include <vector>

namespace judge {

// One direction of the relay: bytes read from `source` wait in `pending` until they
// are written to `sink`.
struct TranscriptRelay::Direction {
  UniqueFd& source;
  UniqueFd& sink;
  char prefix;               // '<' interactor to submission, '>' the other way
  bool sink_waits_for_reap;  // rule 3: the sink closes only after the submission's reap
  interactor::Transcript& transcript;
  std::string pending;       // read, not yet written
  std::string partial_line;  // the transcript's line so far
  bool source_ended = false;

  bool done() const { return !source.valid() && !sink.valid(); }

  void record(const char* data, std::size_t size) {
    partial_line.append(data, size);
    std::size_t start = 0;
    for (std::size_t newline; (newline = partial_line.find('\n', start)) != std::string::npos;
         start = newline + 1) {
      const std::string_view line(partial_line.data() + start, newline - start);
      prefix == '<' ? transcript.record_sent(line) : transcript.record_received(line);
    }
    partial_line.erase(0, start);
  }

  void end_of_source() {
    source_ended = true;
    source.reset();
    if (!partial_line.empty()) record("\n", 1);  // the last, unfinished line
  }
};

TranscriptRelay::TranscriptRelay(Ends ends, std::filesystem::path transcript, std::size_t limit_bytes,
                                 int cpu)
    : ends_(std::move(ends)),
      transcript_(std::make_unique<interactor::Transcript>(std::move(transcript), limit_bytes)) {
  const int control = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
  if (control < 0) throw std::system_error(errno, std::generic_category(), "eventfd");
  control_ = UniqueFd(control);
  for (const UniqueFd* end : {&ends_.from_interactor, &ends_.to_submission, &ends_.from_submission,
                              &ends_.to_interactor})
    ::fcntl(end->get(), F_SETFL, ::fcntl(end->get(), F_GETFL) | O_NONBLOCK);
  thread_ = std::thread([this] { run(); });
  if (cpu >= 0) {
    // Beside the two programs, on their CPU: a message costs one more wake-up there
    // instead of a wake-up across cores.
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    ::pthread_setaffinity_np(thread_.native_handle(), sizeof set, &set);
  }
}

TranscriptRelay::~TranscriptRelay() {
  stop_ = true;
  wake();
  if (thread_.joinable()) thread_.join();
}

void TranscriptRelay::wake() {
  const std::uint64_t one = 1;
  (void)!::write(control_.get(), &one, sizeof one);
}

void TranscriptRelay::submission_reaped() {
  submission_reaped_ = true;
  wake();
}

void TranscriptRelay::finish() {
  stop_ = true;
  wake();
  if (thread_.joinable()) thread_.join();
  transcript_->flush();
}

void TranscriptRelay::run() {
  Direction to_submission{ends_.from_interactor, ends_.to_submission, '<', false, *transcript_, {}, {}};
  Direction to_interactor{ends_.from_submission, ends_.to_interactor, '>', true, *transcript_, {}, {}};
  while (!stop_ && step(to_submission, to_interactor)) {
  }
  // Stopped: both programs are gone, so whatever is still in the pipes is all there
  // will ever be. It is read for the transcript (each unfinished last line closed),
  // and every end goes.
  for (Direction* direction : {&to_submission, &to_interactor}) drain_for_transcript(*direction);
  for (UniqueFd* end : {&ends_.from_interactor, &ends_.to_submission, &ends_.from_submission,
                        &ends_.to_interactor})
    end->reset();
}

// One poll and what it allows; false once both directions are done.
bool TranscriptRelay::step(Direction& to_submission, Direction& to_interactor) {
  Direction* directions[] = {&to_submission, &to_interactor};
  std::vector<pollfd> fds{{control_.get(), POLLIN, 0}};
  for (Direction* direction : directions) {
    if (direction->source.valid() && direction->pending.size() < max_pending_bytes)
      fds.push_back({direction->source.get(), POLLIN, 0});
    if (direction->sink.valid() && !direction->pending.empty())
      fds.push_back({direction->sink.get(), POLLOUT, 0});
  }
  if (to_submission.done() && to_interactor.done()) return false;
  if (::poll(fds.data(), fds.size(), -1) < 0 && errno != EINTR)
    throw std::system_error(errno, std::generic_category(), "poll (relay)");
  std::uint64_t count = 0;
  (void)!::read(control_.get(), &count, sizeof count);
  for (const pollfd& fd : fds) {
    if (fd.revents == 0 || fd.fd == control_.get()) continue;
    for (Direction* direction : directions) {
      if (fd.fd == direction->source.get()) take_in(*direction);
      else if (fd.fd == direction->sink.get()) pass_on(*direction);
    }
  }
  for (Direction* direction : directions) {
    // Rules 2 and 3: the sink closes once everything read has been passed on, and
    // (towards the interactor) once the submission has been reaped.
    const bool may_close = !direction->sink_waits_for_reap || submission_reaped_;
    if (direction->source_ended && direction->pending.empty() && may_close) direction->sink.reset();
  }
  return true;
}

void TranscriptRelay::drain_for_transcript(Direction& direction) {
  char buffer[65536];
  while (direction.source.valid()) {
    const ssize_t n = ::read(direction.source.get(), buffer, sizeof buffer);
    if (n > 0) {
      direction.record(buffer, static_cast<std::size_t>(n));
    } else if (n < 0 && errno == EINTR) {
      continue;
    } else {
      direction.end_of_source();  // end-of-file, or nothing more: the programs are gone
    }
  }
}

void TranscriptRelay::take_in(Direction& direction) {
  char buffer[65536];
  const ssize_t n = ::read(direction.source.get(), buffer, sizeof buffer);
  if (n > 0) {
    direction.record(buffer, static_cast<std::size_t>(n));
    // Rule 1: a sink whose reader is gone takes nothing, but the source is still read.
    if (direction.sink.valid()) direction.pending.append(buffer, static_cast<std::size_t>(n));
    pass_on(direction);  // at once: most messages fit the pipe, no second poll needed
  } else if (n == 0 || (errno != EAGAIN && errno != EINTR)) {
    direction.end_of_source();
  }
}

void TranscriptRelay::pass_on(Direction& direction) {
  while (direction.sink.valid() && !direction.pending.empty()) {
    const ssize_t n = ::write(direction.sink.get(), direction.pending.data(), direction.pending.size());
    if (n > 0) {
      direction.pending.erase(0, static_cast<std::size_t>(n));
      continue;
    }
    if (n < 0 && (errno == EAGAIN || errno == EINTR)) break;
    // EPIPE: the reader is gone; what waits is dropped (the judge ignores SIGPIPE).
    direction.pending.clear();
    direction.sink.reset();
  }
}

}  // namespace judge
