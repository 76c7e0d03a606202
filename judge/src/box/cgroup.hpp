// TestCgroup: the kernel's accounting and limits for one test's submission, where
// the machine lets the judge create cgroups (as root: cgroup v1 "memory" and "pids"
// hierarchies, or a cgroup v2 tree with those controllers enabled). The box joins
// the cgroup's directories before it starts anything (judge_box.cpp), so every
// process of the submission is counted and limited:
//   memory  the limit (an allocation past it makes the kernel's OOM killer kill a
//           process of the test: a clean MLE, told apart by the oom_kill counter)
//   pids    the number of processes and threads (a fork bomb gets EAGAIN)
//   cpu     the CPU time of every process of the test together (cpuacct): a
//           submission cannot hide work in children the judge does not time
// Where a controller is missing, the judge falls back to rlimits and says so.
//
// The test's cgroups are made under the judge's own (box/own_cgroup.hpp), as
// <own>/judge/<pid>-<ns>, so the limits of whatever runs the judge (a Slurm job, a
// container, a systemd unit) bound every test too; where the judge's own cgroup cannot
// hold them, at the hierarchy's root, and outside_own() says so.
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "box/own_cgroup.hpp"

namespace judge {

class TestCgroup {
 public:
  // Creates the test's cgroups with these limits (0: no such limit). Controllers
  // that cannot be used are left out and named in missing(); never throws.
  // `root` overrides /sys/fs/cgroup (tests).
  static TestCgroup create(std::int64_t memory_kib, std::int64_t process_limit,
                           const std::filesystem::path& root = "/sys/fs/cgroup");
  // The same, under the cgroups `own` names (the judge's, read by the one above from
  // /proc/self/cgroup; tests give others).
  static TestCgroup create(std::int64_t memory_kib, std::int64_t process_limit, const std::filesystem::path& root,
                           const OwnCgroups& own);

  // Sets the limits of a cgroup made without any (create(0, 0), made ahead of the
  // test: run/resources_ahead.hpp). False if the kernel refused one: the caller then
  // makes a cgroup with create(), which says which controller could not be used.
  // Equivalent to create(memory_kib, process_limit) when it succeeds.
  bool apply_limits(std::int64_t memory_kib, std::int64_t process_limit);

  // Removes the test cgroups that judges killed with SIGKILL left behind (named after
  // their pid, which is gone). Once per judge process, while its first boxed test
  // runs (run/resources_ahead.hpp; listing the parent folders before every test cost
  // ~20 system calls a test, and before the first one they were on its path).
  // Both places are swept: under the judge's own cgroups and at each hierarchy's root.
  static void remove_stale(const std::filesystem::path& root = "/sys/fs/cgroup");

  TestCgroup(TestCgroup&&) noexcept;
  TestCgroup& operator=(TestCgroup&&) noexcept;
  ~TestCgroup();  // removes the directories (they are empty once the box has ended)

  bool limits_memory() const { return !memory_dir_.empty(); }
  bool limits_processes() const { return !pids_dir_.empty(); }
  // "cgroup v1", "cgroup v2" or "" (none).
  const std::string& version() const { return version_; }
  // The directories the box must join (cgroup.procs in each).
  std::vector<std::string> join_dirs() const;
  // Why a controller is not used (empty when both are).
  const std::vector<std::string>& missing() const { return missing_; }
  // Controllers whose cgroup is not under the judge's own (it could not hold one): why,
  // and where it was made instead. Empty when every one is nested.
  const std::vector<std::string>& outside_own() const { return outside_own_; }
  // The tightest memory limit on the cgroups above the test's, in KiB (-1: none): the
  // judge's own cgroup's or an ancestor's (a Slurm job's --mem). When it is reached
  // before the test's own, the kernel kills the submission with the test's limit
  // untouched (grade/verdict_rules.hpp "outer_memory_limit").
  std::int64_t outer_memory_limit_kib() const { return outer_memory_limit_kib_; }

  // After the test: whether the OOM killer killed a process of it.
  bool oom_killed() const;
  // After the test: whether memory use reached the limit at some point (v1
  // memory.failcnt or memory.memsw.failcnt, or memory.max_usage_in_bytes within 1 MiB
  // or 1 % of the limit; v2 memory.events "max"). False when a limit above the test's
  // stopped it first.
  bool memory_limit_reached() const;
  // After the test: the memory cgroup's peak in KiB (v1 memory.max_usage_in_bytes,
  // v2 memory.peak; -1 where the kernel does not say). Every process of the test
  // together, with what the kernel charged for them (stacks, page tables): what the
  // limit is enforced on, so what an MLE message must name.
  std::int64_t peak_kib() const;
  // CPU time used by every process in the cgroup so far, in ms (-1: not counted).
  std::int64_t cpu_ms() const;

 private:
  TestCgroup() = default;
  void create_v1(const std::filesystem::path& root, const OwnCgroups& own, const std::string& name,
                 std::int64_t memory_kib, std::int64_t process_limit);
  std::filesystem::path make_v1_dir(const std::filesystem::path& root, const OwnCgroups& own,
                                    const std::string& controller, const std::string& name,
                                    const std::string& limit_file, const std::string& value);
  std::filesystem::path make_v1_dir_in(const std::filesystem::path& mount, const std::string& own_path,
                                       const std::string& controller, const std::string& name);
  void create_v2(const std::filesystem::path& root, const OwnCgroups& own, const std::string& name,
                 std::int64_t memory_kib, std::int64_t process_limit);
  void remove();
  std::string version_;
  std::filesystem::path memory_dir_;
  std::filesystem::path pids_dir_;
  std::filesystem::path cpu_dir_;
  std::vector<std::string> missing_;
  std::vector<std::string> outside_own_;
  std::int64_t outer_memory_limit_kib_ = -1;
};

}  // namespace judge
