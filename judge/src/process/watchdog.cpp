#include "process/watchdog.hpp"

#include <poll.h>

#include <algorithm>
#include <cerrno>
#include <fstream>

namespace judge {
namespace ms = std::chrono;

WatchClock::TimePoint SystemWatchClock::now() { return std::chrono::steady_clock::now(); }

void SystemWatchClock::wait(const std::vector<int>& fds, std::chrono::milliseconds timeout) {
  std::vector<pollfd> polled;
  for (int fd : fds) polled.push_back({fd, POLLIN, 0});
  // EINTR: a signal came; the caller looks again anyway.
  ::poll(polled.data(), polled.size(), static_cast<int>(timeout.count()));
}

std::int64_t SystemWatchClock::own_run_delay_ms() {
  // "runtime_ns run_delay_ns timeslices"
  std::ifstream schedstat("/proc/thread-self/schedstat");
  long long runtime_ns = 0, delay_ns = 0;
  if (!(schedstat >> runtime_ns >> delay_ns)) return -1;
  return delay_ns / 1000000;
}

Watchdog::Watchdog(const Limits& limits, WatchClock& clock,
                   std::function<bool()> stop_submission_after_interactor)
    : limits_(limits),
      clock_(clock),
      stop_submission_after_interactor_(std::move(stop_submission_after_interactor)) {}

WatchFacts Watchdog::supervise(Supervised& submission, Supervised& interactor, PipeKeeper* pipes,
                               std::optional<WatchClock::TimePoint> started_at) {
  submission_ = &submission;
  interactor_ = &interactor;
  pipes_ = pipes;
  facts_ = {};
  const std::int64_t run_delay_at_start_ms = clock_.own_run_delay_ms();
  start_ = started_at.value_or(clock_.now());
  // The first sample is the test's start: a judge starved between the spawn and this
  // watch (a test started ahead while the one before was read) kept no limit then
  // either, and the gap says so.
  last_sample_ = last_waited_sample_ = start_;
  deadline_ = start_ + ms::milliseconds(limits_.wall_ms);
  while (submission.running() || interactor.running()) {
    if (pipes_) pipes_->service();
    reap_ended();
    if (!submission.running() && !interactor.running()) break;
    const auto now = sample_clock();
    if (now - last_waited_sample_ >= waited_sample_interval) {
      last_waited_sample_ = now;
      sample_waited_ms();
    }
    if (now >= deadline_ && submission.running() && extend_wall_limit(now)) continue;
    if (now >= deadline_) {
      stop_both_at_wall_limit();
      break;
    }
    if (stop_over_cpu_limit()) continue;
    wait_for_change(now);
  }
  sample_clock();
  const std::int64_t run_delay_at_end_ms = clock_.own_run_delay_ms();
  if (run_delay_at_start_ms >= 0 && run_delay_at_end_ms >= run_delay_at_start_ms)
    facts_.run_delay_ms = run_delay_at_end_ms - run_delay_at_start_ms;
  return facts_;
}

WatchClock::TimePoint Watchdog::sample_clock() {
  const auto now = clock_.now();
  facts_.max_sample_gap_ms =
      std::max<std::int64_t>(facts_.max_sample_gap_ms, ms::duration_cast<ms::milliseconds>(now - last_sample_).count());
  last_sample_ = now;
  return now;
}

void Watchdog::reap_ended() {
  // In this order: when both have ended by the time we look, the interactor is
  // counted first; that only matters when it rejected for a reason of its own, and
  // then the submission's end was the consequence.
  if (interactor_->running() && interactor_->try_reap()) on_ended(Side::interactor);
  if (submission_->running() && submission_->try_reap()) on_ended(Side::submission);
}

void Watchdog::on_ended(Side side) {
  if (facts_.ended_first == Side::none) facts_.ended_first = side;
  if (side == Side::submission) {
    // Asked before the judge lets go of the submission's output (rule 3 below): an
    // interactor whose output has ended by now ended it before it could learn of the
    // submission's end.
    if (facts_.ended_first == Side::submission && pipes_ && pipes_->interactor_output_ended())
      facts_.interactor_output_ended_first = true;
    // Its descendants may still hold its stdout: killed, so that the interactor sees
    // end-of-file now rather than at the wall limit; then the judge's own hold on
    // that pipe goes (pipe_keeper.hpp, rule 3).
    submission_->kill();
    if (pipes_) pipes_->submission_reaped();
    return;
  }
  if (pipes_) pipes_->interactor_reaped();
  // The interactor has ended. Accepted normally: the submission must still exit by
  // itself, cleanly, in time. Rejected (or a probe pass): the verdict no longer
  // depends on the submission, which is stopped now instead of running to its limits
  // — unless it has already ended of its own cause (a crash that made the interactor
  // see end-of-file): that end is the fact to keep, so it is reaped, not killed.
  if (!submission_->running()) return;
  if (submission_->try_reap()) {
    on_ended(Side::submission);
    return;
  }
  if (!stop_submission_after_interactor_()) return;
  if (submission_->is_exiting()) {
    submission_->reap();
    on_ended(Side::submission);
  } else {
    facts_.submission.killed_by_judge = true;
    submission_->kill();
  }
}

std::int64_t Watchdog::sample_waited_ms() {
  // The interactor's waits are added: a submission blocked on its reply sleeps, so its
  // own run delay stays 0 while a starved interactor holds it up.
  std::int64_t waited_ms = submission_->running() ? std::max<std::int64_t>(0, submission_->run_delay_ms()) : 0;
  if (interactor_->running()) waited_ms += std::max<std::int64_t>(0, interactor_->run_delay_ms());
  facts_.waited_for_cpu_ms = std::max(facts_.waited_for_cpu_ms, waited_ms);
  return waited_ms;
}

bool Watchdog::extend_wall_limit(WatchClock::TimePoint now) {
  const auto wall = ms::milliseconds(limits_.wall_ms);
  const auto waited = ms::milliseconds(sample_waited_ms());
  const auto extended = std::min(start_ + wall + waited, start_ + max_wall_extension_factor * wall);
  if (extended <= deadline_ + ms::milliseconds(1) || extended <= now) return false;
  facts_.wall_limit_extended_ms =
      ms::duration_cast<ms::milliseconds>(extended - start_).count() - limits_.wall_ms;
  deadline_ = extended;
  return true;
}

void Watchdog::stop_both_at_wall_limit() {
  if (interactor_->running()) facts_.interactor_bytes_written = interactor_->bytes_written();
  // Without a cgroup counting CPU, the processes the submission started are timed
  // only now: a submission whose children burned its CPU limit between them (a fork
  // bomb starving its own main process) is TLE, not idle.
  if (submission_->running()) {
    const std::int64_t with_children = submission_->cpu_ms_with_children();
    if (with_children > limits_.cpu_ms) {
      facts_.submission.hit_cpu_limit = true;
      facts_.submission.cpu_ms_at_stop = std::max(facts_.submission.cpu_ms_at_stop, with_children);
    }
  }
  // Both killed before either is reaped (see the header).
  const bool submission_was_running = submission_->running();
  const bool interactor_was_running = interactor_->running();
  for (auto [program, intervention, was_running] :
       {std::tuple{submission_, &facts_.submission, submission_was_running},
        std::tuple{interactor_, &facts_.interactor, interactor_was_running}}) {
    if (!was_running) continue;
    intervention->killed_by_judge = intervention->hit_wall_limit = true;
    program->kill();
  }
  if (submission_was_running) {
    submission_->reap();
    on_ended(Side::submission);
  }
  if (interactor_was_running) {
    interactor_->reap();
    on_ended(Side::interactor);
  }
}

bool Watchdog::stop_over_cpu_limit() {
  for (auto [program, intervention, limit_ms, side] :
       {std::tuple{submission_, &facts_.submission, limits_.cpu_ms, Side::submission},
        std::tuple{interactor_, &facts_.interactor, limits_.interactor_cpu_ms, Side::interactor}}) {
    if (!program->running()) continue;
    const std::int64_t used = program->cpu_ms();
    if (used <= limit_ms) continue;
    intervention->killed_by_judge = intervention->hit_cpu_limit = true;
    intervention->cpu_ms_at_stop = used;
    program->kill();
    program->reap();
    on_ended(side);
    return true;
  }
  return false;
}

void Watchdog::wait_for_change(WatchClock::TimePoint now) {
  std::vector<int> fds;
  for (Supervised* program : {submission_, interactor_})
    if (program->running() && program->end_fd() >= 0) fds.push_back(program->end_fd());
  const bool programs_have_fds = !fds.empty();
  if (pipes_)
    for (int fd : pipes_->wait_fds()) fds.push_back(fd);
  const auto until_deadline = ms::duration_cast<ms::milliseconds>(deadline_ - now) + ms::milliseconds(1);
  // Without pidfds (kernels before 5.3) this degrades to a 1 ms sleep-and-check.
  const auto timeout = std::min<ms::milliseconds>(
      programs_have_fds ? cpu_check_interval : ms::milliseconds(1), until_deadline);
  clock_.wait(fds, timeout);
}

}  // namespace judge
