// GroupWatch supervises the programs of one CMS Communication test (grade/
// cms_outcome.hpp): a trusted manager and N copies of the contestant's program, each
// under a CPU limit of its own, all under the test's one wall limit, from the moment
// they are started until every one has ended and been reaped. It records what it did
// to each (the Watchdog's Intervention) and owns every decision of that time:
//
//   CPU limits     each program's CPU time is sampled every 20 ms; one past its limit
//                  is killed at once
//   the wall limit catches programs that wait for each other: when it runs out, every
//                  program still running is killed before any of them is reaped (one
//                  killed first would let the others see end-of-file and end on their
//                  own, and the facts would blame the wrong one)
//   output limit   a process that wrote more into its channel than it may (the keeper
//                  counts: run/fifo_channels.hpp) is killed at once
//   the manager's  once every process has ended, the manager has a wall limit of its
//   own time       own from then on (as long as the test's): a manager that waited for
//                  processes that used most of theirs is not cut short, and one that
//                  then does not finish is the manager's fault alone
//   an ending      a program that ends has its process group killed (its children
//                  would hold its FIFOs open); the keeper is told (it lets the
//                  program's end-of-file through, as the Watchdog's pipe keeper does)
//   the manager    ending does not stop the processes: CMS waits for every one, and
//                  each is judged by how it ends (a process the manager no longer
//                  reads from sees end-of-file or SIGPIPE and ends by itself)
//
//   starvation   as the Watchdog does, the wall limit moves by the time a process
//                  still running waited for a CPU (a loaded machine), up to
//                  Watchdog::max_wall_extension_factor times the limit
#pragma once

#include <chrono>
#include <cstdint>
#include <optional>
#include <vector>

#include "process/watchdog.hpp"

namespace judge {

// The judge's hold on the FIFOs of the test (run/fifo_channels.hpp).
class GroupKeeper {
 public:
  virtual ~GroupKeeper() = default;
  // Member `index` has been reaped (0: the manager, i + 1: process i).
  virtual void reaped(std::size_t index) = 0;
  virtual std::vector<int> wait_fds() const = 0;
  // Does what is due without blocking (drains what the manager still sends a
  // process that is gone, passes on what a process wrote).
  virtual void service() = 0;
  // Members (i + 1: process i) that wrote more into their channel than they may: the
  // watch stops them (the verdict: OLE).
  virtual std::vector<std::size_t> over_output_limit() const { return {}; }
};

struct GroupMember {
  Supervised* program = nullptr;
  std::int64_t cpu_limit_ms = 0;
};

class GroupWatch {
 public:
  GroupWatch(std::int64_t wall_ms, WatchClock& clock);

  // Runs until every member has ended and been reaped; member 0 is the manager. The
  // wall limit counts from `started_at`, or from now. Returns one Intervention per
  // member, in order.
  std::vector<Intervention> supervise(const std::vector<GroupMember>& members, GroupKeeper* keeper = nullptr,
                                      std::optional<WatchClock::TimePoint> started_at = std::nullopt);
  // How far the wall limit was moved for processes starved of CPU (0: not at all).
  std::int64_t wall_limit_extended_ms() const { return wall_limit_extended_ms_; }

 private:
  void on_ended(std::size_t index);
  bool any_running() const;
  bool extend_wall_limit(WatchClock::TimePoint now);
  void reap_ended();
  bool stop_over_cpu_limit();
  bool stop_over_output_limit();
  void give_the_manager_its_own_time(WatchClock::TimePoint now);
  void stop_all_at_wall_limit();
  void wait_for_change(WatchClock::TimePoint now);

  std::int64_t wall_ms_;
  WatchClock& clock_;
  std::vector<GroupMember> members_;
  GroupKeeper* keeper_ = nullptr;
  WatchClock::TimePoint start_;
  WatchClock::TimePoint deadline_;
  bool manager_alone_ = false;  // every process has ended: the manager's own deadline runs
  std::int64_t wall_limit_extended_ms_ = 0;
  std::vector<Intervention> facts_;
};

}  // namespace judge
