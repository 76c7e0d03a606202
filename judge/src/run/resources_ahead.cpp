#include "run/resources_ahead.hpp"

#include <sched.h>
#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <system_error>
#include <utility>

#include "base/errors.hpp"
#include "process/box_server.hpp"

namespace judge {

ResourcesAhead::ResourcesAhead(std::filesystem::path cgroup_root) : cgroup_root_(std::move(cgroup_root)) {}

ResourcesAhead::~ResourcesAhead() {
  wait_released();
  // Every TempDir and TestCgroup removes itself; the boxes are waited for.
  for (ExitingBox& box : exiting_boxes_) box.reap(true);
}

void ResourcesAhead::make_cgroup_ahead() {
  if (release_thread_.joinable() || ahead_requested_) return;
  ahead_requested_ = true;
  stale_swept_ = true;  // the helper sweeps, after making the cgroup
  start_release_thread();
  if (!release_thread_.joinable()) {  // no thread: made when asked for, swept while a test runs
    ahead_requested_ = false;
    stale_swept_ = false;
  }
}

std::optional<TestCgroup> ResourcesAhead::take_cgroup_made_ahead() {
  if (!ahead_requested_) return std::nullopt;
  ahead_requested_ = false;
  std::unique_lock<std::mutex> lock(release_mutex_);
  release_wake_.wait(lock, [this] { return ahead_made_; });
  std::optional<TestCgroup> made = std::move(ahead_cgroup_);
  ahead_cgroup_.reset();
  return made;
}

void ResourcesAhead::start_release_thread() {
  if (release_thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(release_mutex_);
    handed_over_.reset();
    release_cancelled_ = false;
    ahead_made_ = false;
    release_tid_ = -1;
  }
  // Started with every signal blocked: a stop signal must reach the judge's
  // signalfd (process/interrupt_watch.hpp), never this thread, even when it is
  // started before the watch (by ProcessExecutor's constructor).
  sigset_t all;
  sigset_t old;
  ::sigfillset(&all);
  ::pthread_sigmask(SIG_SETMASK, &all, &old);
  try {
    release_thread_ = std::thread([this, make_ahead = ahead_requested_] { run_release_thread(make_ahead); });
  } catch (const std::system_error&) {
    // No thread (a process limit): everything is done on the judge's own thread.
  }
  ::pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

void ResourcesAhead::run_release_thread(bool make_ahead) {
  {
    const std::lock_guard<std::mutex> lock(release_mutex_);
    release_tid_ = ::gettid();
  }
  if (make_ahead) {
    // Made without limits (the problem is not even loaded yet); the first test
    // sets them (TestCgroup::apply_limits). Then the sweep of dead judges' cgroups.
    std::optional<TestCgroup> made;
    try {
      made.emplace(TestCgroup::create(0, 0, cgroup_root_));
    } catch (const std::exception&) {
      // Made (or its failure reported) when the test asks for it.
    }
    {
      const std::lock_guard<std::mutex> lock(release_mutex_);
      ahead_cgroup_ = std::move(made);
      ahead_made_ = true;
    }
    release_wake_.notify_all();
    try {
      TestCgroup::remove_stale(cgroup_root_);
    } catch (const std::exception&) {
      // Best effort: a later judge sweeps again.
    }
  }
  std::optional<Leftovers> leftovers;
  {
    std::unique_lock<std::mutex> lock(release_mutex_);
    release_wake_.wait(lock, [this] { return handed_over_.has_value() || release_cancelled_; });
    leftovers = std::move(handed_over_);
    handed_over_.reset();
  }
  if (!leftovers) return;
  for (ExitingBox& box : leftovers->boxes) box.reap(true);
  leftovers->boxes.clear();
  // The server's end (its exit, its reaping) runs here too, not after the result's
  // write on the judge's thread; a box it forked that has not been reaped yet is left
  // to the judge (the subreaper), whose exit follows.
  if (leftovers->box_server != nullptr) leftovers->box_server->shut_down();
  leftovers.reset();  // each TempDir and TestCgroup removes itself
}

// The judge's thread keeps off the test's CPU (process/cpu_claim.hpp); the release
// thread is moved onto the CPUs the judge's thread keeps off, the test's own, free
// once the tests are over: it then removes the leftovers beside the judge's thread,
// not in its way (left on the judge's CPU, its wake-up preempted the judge for as
// long as it ran). Unpinned tests (no CPU kept off): it stays where it is.
void ResourcesAhead::move_release_thread_off_the_judges_cpus() {
  pid_t tid = -1;
  {
    const std::lock_guard<std::mutex> lock(release_mutex_);
    tid = release_tid_;
  }
  cpu_set_t mine;
  if (tid < 0 || ::sched_getaffinity(0, sizeof mine, &mine) != 0) return;
  cpu_set_t others;
  CPU_ZERO(&others);
  const int cpus = static_cast<int>(std::thread::hardware_concurrency());
  for (int cpu = 0; cpu < cpus && cpu < CPU_SETSIZE; ++cpu)
    if (!CPU_ISSET(cpu, &mine)) CPU_SET(cpu, &others);
  if (CPU_COUNT(&others) > 0) ::sched_setaffinity(tid, sizeof others, &others);  // a failure only costs the overlap
}

void ResourcesAhead::release_in_background() {
  if (!release_thread_.joinable()) return;
  Leftovers leftovers;
  leftovers.folders = std::move(retired_folders_);
  retired_folders_.clear();
  for (auto& [prefix, folder] : spare_folders_) leftovers.folders.push_back(std::move(folder));
  spare_folders_.clear();
  leftovers.cgroups = std::move(retired_cgroups_);
  retired_cgroups_.clear();
  if (spare_cgroup_) leftovers.cgroups.push_back(std::move(spare_cgroup_->second));
  spare_cgroup_.reset();
  leftovers.boxes = std::move(exiting_boxes_);
  exiting_boxes_.clear();
  leftovers.box_server = box_server_;
  move_release_thread_off_the_judges_cpus();
  {
    const std::lock_guard<std::mutex> lock(release_mutex_);
    handed_over_ = std::move(leftovers);
  }
  release_wake_.notify_one();
}

void ResourcesAhead::wait_released() {
  if (!release_thread_.joinable()) return;
  {
    const std::lock_guard<std::mutex> lock(release_mutex_);
    release_cancelled_ = true;  // nothing handed over: the thread ends at once
  }
  release_wake_.notify_one();
  release_thread_.join();
}

void ResourcesAhead::reap_later(ExitingBox box) { exiting_boxes_.push_back(std::move(box)); }

std::vector<pid_t> ResourcesAhead::spared_pids() const {
  std::vector<pid_t> pids;
  for (const ExitingBox& box : exiting_boxes_) pids.push_back(box.pid);
  if (box_server_ != nullptr && box_server_->pid() > 0) pids.push_back(box_server_->pid());
  return pids;
}

TempDir ResourcesAhead::folder(const std::string& prefix) {
  if (!folder_prefixes_.insert(prefix).second) asked_again_ = true;
  const auto spare = std::find_if(spare_folders_.begin(), spare_folders_.end(),
                                  [&](const auto& entry) { return entry.first == prefix; });
  if (spare == spare_folders_.end()) return TempDir(prefix);
  TempDir taken = std::move(spare->second);
  spare_folders_.erase(spare);
  return taken;
}

TestCgroup ResourcesAhead::cgroup(std::int64_t memory_kib, std::int64_t process_limit) {
  const CgroupLimits limits{memory_kib, process_limit};
  cgroup_limits_ = limits;
  if (spare_cgroup_ && spare_cgroup_->first == limits) {
    TestCgroup taken = std::move(spare_cgroup_->second);
    spare_cgroup_.reset();
    return taken;
  }
  // A spare made with other limits is not used: it is removed with the retired ones.
  if (spare_cgroup_) {
    retired_cgroups_.push_back(std::move(spare_cgroup_->second));
    spare_cgroup_.reset();
  }
  if (std::optional<TestCgroup> ahead = take_cgroup_made_ahead()) {
    if (ahead->apply_limits(memory_kib, process_limit)) return std::move(*ahead);
    retired_cgroups_.push_back(std::move(*ahead));  // a limit refused: made again, which says why
  }
  return TestCgroup::create(memory_kib, process_limit, cgroup_root_);
}

void ResourcesAhead::retire(TempDir folder) { retired_folders_.push_back(std::move(folder)); }

void ResourcesAhead::retire(TestCgroup cgroup) { retired_cgroups_.push_back(std::move(cgroup)); }

void ResourcesAhead::while_test_runs() {
  start_release_thread();
  // Removal first: the cgroups of the last test are empty by now (its box reported
  // that every process of it had ended), and removing them before making the next
  // keeps at most two tests' worth of cgroup folders on the machine.
  retired_cgroups_.clear();
  retired_folders_.clear();
  exiting_boxes_.erase(std::remove_if(exiting_boxes_.begin(), exiting_boxes_.end(),
                                      [](ExitingBox& box) { return box.reap(false); }),
                       exiting_boxes_.end());
  // The cgroups dead judges left behind (TestCgroup::remove_stale) are looked for
  // while the first test that has cgroups runs, not before it.
  if (cgroup_limits_ && !stale_swept_) {
    stale_swept_ = true;
    try {
      TestCgroup::remove_stale(cgroup_root_);
    } catch (const std::exception&) {
      // Best effort: a later judge sweeps again.
    }
  }
  if (!asked_again_) return;
  for (const std::string& prefix : folder_prefixes_) {
    const bool have = std::any_of(spare_folders_.begin(), spare_folders_.end(),
                                  [&](const auto& entry) { return entry.first == prefix; });
    if (have) continue;
    try {
      spare_folders_.emplace_back(prefix, TempDir(prefix));
    } catch (const JudgeFault&) {
      // Made (and its failure reported as the judge's) when a test asks for it.
    }
  }
  if (cgroup_limits_ && !spare_cgroup_)
    spare_cgroup_.emplace(*cgroup_limits_,
                          TestCgroup::create(cgroup_limits_->memory_kib, cgroup_limits_->process_limit, cgroup_root_));
}

}  // namespace judge
