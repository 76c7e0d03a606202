// ResourcesAhead: the folders and cgroups of one judge's tests, made for the next test
// while the current one runs, and removed only once a later test has started.
//
// Each test needs two fresh folders (the submission's work folder, the feedback
// folder) and, boxed, a fresh cgroup in every hierarchy (memory, pids, cpuacct).
// Making them before a test and removing them after it put some 25 system calls on
// each test's path, most of them the kernel building and tearing down a cgroup
// folder's control files (mkdir and rmdir of kernfs folders, docs/performance.md).
// Here they happen when the judge has nothing else to do: after a test's programs
// have both started (the judge only waits then, and the programs run on the test's
// own CPU), the folders and cgroups earlier tests gave back are removed, and the ones
// the next test will ask for are made.
//
// Nothing is shared between tests: every test still gets folders and cgroups no
// earlier test has touched (a spare is only ever handed out once), so the peak
// memory, the CPU time and the OOM counters a test reads are its own. What changes
// is only when they are made and removed.
//
// The same holds for judge-box itself: once its init has reported the end of the
// program (every process of the box is gone by then), the box process still tears
// down its namespaces as it exits; it is reaped while a later test runs.
//
// A thread of its own, the release thread, takes two jobs off the tests' path. Before
// the first test, it makes that test's cgroup and sweeps dead judges' cgroups while
// the judge starts (make_cgroup_ahead). After the last test, it removes what is left
// (it waits for the exiting boxes, then removes the folders and cgroups and unused
// spares, and shuts the judge-box server down) while the judge writes the summary
// and the result file (release_in_background): its system calls run beside
// the result's fsync instead of after it. It is started while the first test runs,
// not at the end (starting a thread then cost most of what it saves:
// docs/performance-log.md), and sleeps in between.
//
// Otherwise single-threaded: the judge calls everything from the thread that runs
// its tests; the release thread touches only what it was handed.
#pragma once

#include <condition_variable>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "base/temp_dir.hpp"
#include "box/cgroup.hpp"
#include "process/process.hpp"

namespace judge {

class ResourcesAhead {
 public:
  // `cgroup_root` overrides /sys/fs/cgroup (tests).
  explicit ResourcesAhead(std::filesystem::path cgroup_root = "/sys/fs/cgroup");
  ResourcesAhead(const ResourcesAhead&) = delete;
  ResourcesAhead& operator=(const ResourcesAhead&) = delete;
  ~ResourcesAhead();  // removes everything it still holds

  // A fresh folder named after `prefix` (TempDir): the spare one if there is one,
  // else made now. Throws JudgeFault when it cannot be made.
  TempDir folder(const std::string& prefix);
  // A fresh cgroup with these limits (TestCgroup::create): the spare one if it was
  // made with the same limits, else the one made ahead (its limits set now), else
  // made now.
  TestCgroup cgroup(std::int64_t memory_kib, std::int64_t process_limit);

  // Before the first test, as soon as the judge knows its tests are boxed: starts the
  // release thread, which makes the first test's cgroup at once (without limits:
  // they are not known yet) and then sweeps dead judges' cgroups, beside the judge's
  // own start (loading the problem, checking the tests), off the first test's path
  // (docs/performance.md).
  void make_cgroup_ahead();

  // A judge-box still exiting after its report (Process::take_exiting_box): reaped
  // by the next while_test_runs() (or at the end), and spared by kill_orphans()
  // until then (spared_pids()).
  void reap_later(ExitingBox box);
  // Those, and the run's judge-box server.
  std::vector<pid_t> spared_pids() const;

  // The judge-box server the run's boxes are forked from (process/box_server.hpp),
  // owned by the caller, spared by kill_orphans (spared_pids()); nullptr: each box
  // executes judge-box.
  void use_box_server(BoxServer* server) { box_server_ = server; }
  BoxServer* box_server() const { return box_server_; }

  // Given back after a test: removed by the next while_test_runs() (or at the end).
  void retire(TempDir folder);
  void retire(TestCgroup cgroup);

  // Called once a test's programs have started: removes what was given back, then,
  // once some kind of folder has been asked for a second time (a run of more than one
  // test, or a second pass), makes one spare of every kind of folder and cgroup asked
  // for so far. A lone test makes none (it would only be removed again at the end,
  // on that test's path). Also starts the release thread, once. Never throws: a
  // spare that cannot be made now is made (or its failure reported) when it is asked
  // for, and without a release thread everything is removed here or at the end.
  void while_test_runs();

  // Once the last test has ended: hands everything still held (given-back folders
  // and cgroups, spares, exiting boxes) to the release thread, which reaps the boxes
  // and removes the rest on any CPU (the test's own is free by then). Without a
  // release thread, nothing changes: the destructor removes it all.
  void release_in_background();
  // Until the release thread has finished (joined). Before the judge removes the
  // folder the test folders live in, or restores TMPDIR.
  void wait_released();
  bool release_thread_started() const { return release_thread_.joinable(); }

  std::size_t spare_folders() const { return spare_folders_.size(); }
  bool has_spare_cgroup() const { return spare_cgroup_.has_value(); }
  std::size_t retired() const { return retired_folders_.size() + retired_cgroups_.size(); }

 private:
  struct CgroupLimits {
    std::int64_t memory_kib = 0;
    std::int64_t process_limit = 0;
    bool operator==(const CgroupLimits& other) const {
      return memory_kib == other.memory_kib && process_limit == other.process_limit;
    }
  };

  // What release_in_background() hands over: destroying it removes it.
  struct Leftovers {
    std::vector<TempDir> folders;
    std::vector<TestCgroup> cgroups;
    std::vector<ExitingBox> boxes;
    BoxServer* box_server = nullptr;  // shut down once the boxes are gone
  };
  void start_release_thread();
  void run_release_thread(bool make_ahead);
  std::optional<TestCgroup> take_cgroup_made_ahead();
  void move_release_thread_off_the_judges_cpus();

  std::filesystem::path cgroup_root_;
  BoxServer* box_server_ = nullptr;
  std::set<std::string> folder_prefixes_;  // every prefix asked for
  bool asked_again_ = false;               // some prefix was asked for twice
  bool stale_swept_ = false;               // TestCgroup::remove_stale has run (or the release thread runs it)
  std::vector<std::pair<std::string, TempDir>> spare_folders_;
  std::optional<CgroupLimits> cgroup_limits_;  // the last limits asked for
  std::optional<std::pair<CgroupLimits, TestCgroup>> spare_cgroup_;
  std::vector<TempDir> retired_folders_;
  std::vector<TestCgroup> retired_cgroups_;
  std::vector<ExitingBox> exiting_boxes_;

  std::mutex release_mutex_;
  std::condition_variable release_wake_;
  std::optional<Leftovers> handed_over_;  // guarded by release_mutex_
  bool release_cancelled_ = false;        // guarded by release_mutex_: the thread ends with nothing to do
  pid_t release_tid_ = -1;                // guarded by release_mutex_
  bool ahead_requested_ = false;          // make_cgroup_ahead() asked, not taken yet
  bool ahead_made_ = false;               // guarded by release_mutex_
  std::optional<TestCgroup> ahead_cgroup_;  // guarded by release_mutex_
  std::thread release_thread_;
};

}  // namespace judge
