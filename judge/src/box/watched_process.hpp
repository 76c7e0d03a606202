// WatchedProcess: a Process as the Watchdog (watchdog.hpp) sees it, for the programs
// of a test and for a compiler alike.
//
// CPU time: in a cgroup that counts CPU, every process of the cgroup together, minus
// `cgroup_cpu_ms_at_start` (what the box used to set up before the program started),
// so that work moved into children is timed too; the larger of that and the
// program's own clock. Without such a cgroup (`cgroup_cpu_ms_at_start` < 0), its own
// clock, and its children are timed by a /proc scan at the wall limit
// (cpu_ms_with_children). Output is counted only when `counts_output` (a compiler's
// goes to a capped log). Run delay (the wall limit's extension on a loaded host): the
// program's own threads, and for the trusted side (`trusted`) what it started too.
#pragma once

#include <algorithm>
#include <cstdint>

#include "box/cgroup.hpp"
#include "process/process.hpp"
#include "process/watchdog.hpp"

namespace judge {

class WatchedProcess : public Supervised {
 public:
  WatchedProcess(Process& process, const TestCgroup* cgroup, std::int64_t cgroup_cpu_ms_at_start,
                 bool counts_output = true)
      : process_(process), cgroup_(cgroup), cgroup_cpu_ms_at_start_(cgroup_ ? cgroup_cpu_ms_at_start : -1),
        counts_output_(counts_output) {}
  // An interactor or a CMS manager: no cgroup of its own, its output counted, and
  // the run delay of every process it started with its own (run_delay_ms).
  static WatchedProcess trusted(Process& process) {
    WatchedProcess watched(process, nullptr, -1);
    watched.delay_of_descendants_ = true;
    return watched;
  }
  bool running() const override { return process_.running(); }
  bool try_reap() override { return process_.try_reap(); }
  void reap() override { process_.reap(); }
  void kill() override { process_.kill_group(); }
  bool is_exiting() const override { return process_.is_exiting(); }
  std::int64_t cpu_ms() override {
    const std::int64_t own = process_.cpu_ms_so_far();
    if (cgroup_cpu_ms_at_start_ < 0) return own;
    return std::max(own, cgroup_->cpu_ms() - cgroup_cpu_ms_at_start_);
  }
  std::int64_t cpu_ms_with_children() override {
    return cgroup_cpu_ms_at_start_ < 0 ? process_.group_cpu_ms() : -1;
  }
  // A submission's own threads only: what its children wait for is its own doing,
  // and must not lengthen its wall limit. The trusted side (an interactor, a CMS
  // manager) counts what it started too: a wrapper sleeps while its child waits.
  std::int64_t run_delay_ms() override {
    return delay_of_descendants_ ? process_.tree_run_delay_ms_so_far() : process_.run_delay_ms_so_far();
  }
  std::int64_t bytes_written() override { return counts_output_ ? process_.bytes_written_so_far() : -1; }
  int end_fd() const override { return process_.pidfd(); }

 private:
  Process& process_;
  const TestCgroup* cgroup_;
  std::int64_t cgroup_cpu_ms_at_start_;
  bool counts_output_;
  bool delay_of_descendants_ = false;
};

}  // namespace judge
