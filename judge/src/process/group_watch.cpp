#include "process/group_watch.hpp"

#include <algorithm>

namespace judge {
namespace ms = std::chrono;

GroupWatch::GroupWatch(std::int64_t wall_ms, WatchClock& clock) : wall_ms_(wall_ms), clock_(clock) {}

std::vector<Intervention> GroupWatch::supervise(const std::vector<GroupMember>& members, GroupKeeper* keeper,
                                                std::optional<WatchClock::TimePoint> started_at) {
  members_ = members;
  keeper_ = keeper;
  facts_.assign(members.size(), Intervention{});
  start_ = started_at.value_or(clock_.now());
  deadline_ = start_ + ms::milliseconds(wall_ms_);
  while (any_running()) {
    if (keeper_) keeper_->service();
    if (stop_over_output_limit()) continue;
    reap_ended();
    if (!any_running()) break;
    const auto now = clock_.now();
    give_the_manager_its_own_time(now);
    if (now >= deadline_ && !manager_alone_ && extend_wall_limit(now)) continue;
    if (now >= deadline_) {
      stop_all_at_wall_limit();
      break;
    }
    if (stop_over_cpu_limit()) continue;
    wait_for_change(now);
  }
  return facts_;
}

bool GroupWatch::extend_wall_limit(WatchClock::TimePoint now) {
  // As the Watchdog does: a process that was ready to run but waited for a CPU (a
  // loaded machine) gets that time back, up to a few times the limit; the one that
  // waited longest sets the new deadline. The manager's waits are added: a process
  // blocked on a reply sleeps, so its own run delay stays 0 while a starved manager
  // holds it up (that once turned WA into ILE on a loaded 2-core host).
  std::int64_t waited_ms = 0;
  for (std::size_t index = 1; index < members_.size(); ++index)
    if (members_[index].program->running()) waited_ms = std::max(waited_ms, members_[index].program->run_delay_ms());
  if (members_[0].program->running()) waited_ms += std::max<std::int64_t>(0, members_[0].program->run_delay_ms());
  const auto wall = ms::milliseconds(wall_ms_);
  const auto extended =
      std::min(start_ + wall + ms::milliseconds(waited_ms), start_ + Watchdog::max_wall_extension_factor * wall);
  if (extended <= deadline_ + ms::milliseconds(1) || extended <= now) return false;
  wall_limit_extended_ms_ = ms::duration_cast<ms::milliseconds>(extended - start_).count() - wall_ms_;
  deadline_ = extended;
  return true;
}

void GroupWatch::give_the_manager_its_own_time(WatchClock::TimePoint now) {
  if (manager_alone_ || !members_[0].program->running()) return;
  for (std::size_t index = 1; index < members_.size(); ++index)
    if (members_[index].program->running()) return;
  manager_alone_ = true;
  facts_[0].alone_from_ms = ms::duration_cast<ms::milliseconds>(now - start_).count();
  deadline_ = now + ms::milliseconds(wall_ms_);
}

bool GroupWatch::stop_over_output_limit() {
  if (!keeper_) return false;
  bool stopped = false;
  for (const std::size_t index : keeper_->over_output_limit()) {
    Supervised& program = *members_[index].program;
    if (!program.running()) continue;
    facts_[index].killed_by_judge = facts_[index].hit_output_limit = true;
    facts_[index].cpu_ms_at_stop = program.cpu_ms();
    program.kill();
    program.reap();
    on_ended(index);
    stopped = true;
  }
  return stopped;
}

bool GroupWatch::any_running() const {
  return std::any_of(members_.begin(), members_.end(), [](const GroupMember& m) { return m.program->running(); });
}

void GroupWatch::on_ended(std::size_t index) {
  // Its descendants may still hold its FIFOs: killed, so that the other side sees
  // end-of-file now rather than at the wall limit; then the keeper lets go.
  members_[index].program->kill();
  if (keeper_) keeper_->reaped(index);
}

void GroupWatch::reap_ended() {
  // The manager first: when it and a process have both ended by the time we look,
  // the process's end may be the consequence of the manager's (end-of-file).
  for (std::size_t index = 0; index < members_.size(); ++index)
    if (members_[index].program->running() && members_[index].program->try_reap()) on_ended(index);
}

bool GroupWatch::stop_over_cpu_limit() {
  for (std::size_t index = 0; index < members_.size(); ++index) {
    Supervised& program = *members_[index].program;
    if (!program.running()) continue;
    const std::int64_t used = program.cpu_ms();
    if (used <= members_[index].cpu_limit_ms) continue;
    facts_[index].killed_by_judge = facts_[index].hit_cpu_limit = true;
    facts_[index].cpu_ms_at_stop = used;
    program.kill();
    program.reap();
    on_ended(index);
    return true;
  }
  return false;
}

void GroupWatch::stop_all_at_wall_limit() {
  std::vector<std::size_t> stopped;
  for (std::size_t index = 0; index < members_.size(); ++index) {
    Supervised& program = *members_[index].program;
    if (!program.running()) continue;
    // A copy of the program whose children burned its CPU (no cgroup counting them)
    // is TLE, not idle: timed now, as the Watchdog does.
    const std::int64_t with_children = program.cpu_ms_with_children();
    if (with_children > members_[index].cpu_limit_ms) {
      facts_[index].hit_cpu_limit = true;
      facts_[index].cpu_ms_at_stop = std::max(facts_[index].cpu_ms_at_stop, with_children);
    }
    facts_[index].killed_by_judge = facts_[index].hit_wall_limit = true;
    program.kill();  // every one before any is reaped (see the header)
    stopped.push_back(index);
  }
  for (std::size_t index : stopped) {
    members_[index].program->reap();
    on_ended(index);
  }
}

void GroupWatch::wait_for_change(WatchClock::TimePoint now) {
  std::vector<int> fds;
  bool every_one_has_fd = true;
  for (const GroupMember& member : members_) {
    if (!member.program->running()) continue;
    if (member.program->end_fd() >= 0) fds.push_back(member.program->end_fd());
    else
      every_one_has_fd = false;
  }
  if (keeper_)
    for (int fd : keeper_->wait_fds()) fds.push_back(fd);
  const auto until_deadline = ms::duration_cast<ms::milliseconds>(deadline_ - now) + ms::milliseconds(1);
  // Without pidfds (kernels before 5.3) this degrades to a 1 ms sleep-and-check.
  const auto timeout =
      std::min<ms::milliseconds>(every_one_has_fd ? Watchdog::cpu_check_interval : ms::milliseconds(1), until_deadline);
  clock_.wait(fds, timeout);
}

}  // namespace judge
