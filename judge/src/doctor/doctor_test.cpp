#include "doctor/doctor.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace judge {
namespace {
namespace fs = std::filesystem;

HostFacts root_with_judge_box() {
  HostFacts facts;
  facts.root = true;
  facts.judge_box_found = true;
  return facts;
}

// A fake /proc and /sys of one kind of host.
class FakeHost : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "doctor-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    roots = {dir / "proc", dir / "sys"};
    write("proc/sys/user/max_user_namespaces", "15000\n");
    write("proc/sys/fs/pipe-max-size", "1048576\n");
    write("proc/sys/fs/protected_symlinks", "1\n");
    write("proc/sys/fs/protected_regular", "2\n");
    write("proc/swaps", "Filename\tType\tSize\tUsed\tPriority\n");
    write("sys/kernel/mm/transparent_hugepage/enabled", "always [madvise] never\n");
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const fs::path& relative, const std::string& text) {
    fs::create_directories((dir / relative).parent_path());
    std::ofstream(dir / relative) << text;
  }
  void pure_v2(const std::string& options) {
    write("proc/self/mountinfo", "35 24 0:30 / /sys/fs/cgroup rw,nosuid shared:9 - cgroup2 cgroup2 " + options + "\n");
    write("sys/fs/cgroup/cgroup.controllers", "cpuset cpu io memory pids\n");
  }
  void hybrid_v1() {  // this judge's CI host: v1 controllers beside an empty unified mount
    write("proc/self/mountinfo",
          "31 23 0:28 / /sys/fs/cgroup rw,relatime - tmpfs tmpfs rw,mode=755\n"
          "32 31 0:29 / /sys/fs/cgroup/cpuacct rw,relatime - cgroup cgroup rw,cpuacct\n"
          "35 31 0:32 / /sys/fs/cgroup/memory rw,relatime - cgroup cgroup rw,memory\n"
          "36 31 0:33 / /sys/fs/cgroup/pids rw,relatime - cgroup cgroup rw,pids\n"
          "40 31 0:35 / /sys/fs/cgroup/unified rw,relatime - cgroup2 cgroup2 rw\n");
  }
  const Check& named(const std::vector<Check>& checks, const std::string& name) {
    for (const auto& check : checks)
      if (check.name == name) return check;
    throw std::runtime_error("no check " + name);
  }
  fs::path dir;
  HostRoots roots;
  HostFacts facts = root_with_judge_box();
};

TEST_F(FakeHost, PureV2WithFavordynmodsIsAllOk) {
  pure_v2("rw,nsdelegate,favordynmods,memory_recursiveprot");
  const auto checks = check_host(roots, facts);
  for (const auto& check : checks) EXPECT_EQ(check.status, CheckStatus::ok) << check.name << ": " << check.found;
  EXPECT_EQ(named(checks, "cgroups").found, "cgroup v2, controllers: cpuset cpu io memory pids");
  EXPECT_EQ(doctor_exit_code(checks), 0);
}

// A pipe-max-size that is no number is unknown, not a size of 0 that calls the host slower.
TEST_F(FakeHost, PipeMaxSizeThatIsNoNumberIsUnknown) {
  pure_v2("rw,nsdelegate,favordynmods,memory_recursiveprot");
  for (const char* text : {"garbage\n", "65536x\n", "99999999999999999999\n"}) {
    write("proc/sys/fs/pipe-max-size", text);
    const Check check = named(check_host(roots, facts), "pipe-max-size");
    EXPECT_EQ(check.status, CheckStatus::ok) << text;
    EXPECT_EQ(check.found, "unknown") << text;
  }
  write("proc/sys/fs/pipe-max-size", "65536\n");
  EXPECT_EQ(named(check_host(roots, facts), "pipe-max-size").status, CheckStatus::slower);
}

TEST_F(FakeHost, WithoutFavordynmodsItIsSlowerButExact) {
  pure_v2("rw,nsdelegate,memory_recursiveprot");
  const auto checks = check_host(roots, facts);
  const Check& check = named(checks, "favordynmods");
  EXPECT_EQ(check.status, CheckStatus::slower);
  EXPECT_NE(check.cost.find("8-15 ms for a test after a pause"), std::string::npos);
  EXPECT_EQ(check.fix, "mount -o remount,favordynmods /sys/fs/cgroup (kernel >= 6.0)");
  EXPECT_EQ(doctor_exit_code(checks), 0);
}

TEST_F(FakeHost, HybridV1HasItsControllersAndNoFavordynmods) {
  hybrid_v1();
  const auto checks = check_host(roots, facts);
  EXPECT_EQ(named(checks, "cgroups").status, CheckStatus::ok);
  EXPECT_EQ(named(checks, "cgroups").found, "cgroup v1 (hybrid), controllers: cpuacct, memory, pids");
  // On v1 the box joins with its own thread, which takes no global lock: the option
  // is not needed, and the doctor does not ask for it.
  EXPECT_EQ(named(checks, "favordynmods").status, CheckStatus::ok);
  EXPECT_EQ(named(checks, "favordynmods").fix, "");
  EXPECT_NE(named(checks, "favordynmods").found.find("not set (not needed on cgroup v1"), std::string::npos)
      << named(checks, "favordynmods").found;
  EXPECT_EQ(doctor_exit_code(checks), 0);
}

// The tests' cgroups go under the judge's own (box/own_cgroup.hpp): the doctor names
// it with the memory limit above it, and says when it cannot hold them.
TEST_F(FakeHost, V1OwnCgroupIsNamedWithItsLimitAndAReadOnlyOneIsLessExact) {
  hybrid_v1();
  write("proc/self/cgroup", "4:memory:/slurm/job_7\n8:pids:/slurm/job_7\n0::/\n");
  write("sys/fs/cgroup/memory/slurm/job_7/memory.stat", "hierarchical_memory_limit 157286400\n");
  const Check check = named(check_host(roots, facts), "own cgroup");
  EXPECT_EQ(check.status, CheckStatus::ok);
  EXPECT_EQ(check.found,
            "memory /slurm/job_7, a memory limit of 150 MiB at or above it: the tests' cgroups are made under it");
  write("proc/self/mountinfo", "35 31 0:32 / /sys/fs/cgroup/memory ro,relatime - cgroup cgroup ro,memory\n");
  const Check read_only = named(check_host(roots, facts), "own cgroup");
  EXPECT_EQ(read_only.status, CheckStatus::less_exact);
  EXPECT_NE(read_only.cost.find("made at the hierarchy's root, outside it"), std::string::npos) << read_only.cost;
}

TEST_F(FakeHost, V2OwnCgroupWithProcessesPutsTheTestsUnderItsParent) {
  pure_v2("rw,favordynmods");
  write("proc/self/cgroup", "0::/job/leaf\n");
  write("sys/fs/cgroup/job/memory.max", "157286400\n");
  write("sys/fs/cgroup/job/leaf/cgroup.procs", "1234\n");
  write("sys/fs/cgroup/job/leaf/memory.max", "max\n");
  const Check leaf = named(check_host(roots, facts), "own cgroup");
  EXPECT_EQ(leaf.status, CheckStatus::ok);
  EXPECT_NE(leaf.found.find("a memory limit of 150 MiB"), std::string::npos) << leaf.found;
  EXPECT_NE(leaf.found.find("made under its parent"), std::string::npos) << leaf.found;
  write("sys/fs/cgroup/job/leaf/memory.max", "104857600\n");
  const Check limited = named(check_host(roots, facts), "own cgroup");
  EXPECT_EQ(limited.status, CheckStatus::less_exact);
  EXPECT_NE(limited.cost.find("its own memory.max (104857600) does not bound the tests"), std::string::npos);
}

TEST_F(FakeHost, V2WithoutThePidsControllerIsLessExact) {
  pure_v2("rw,favordynmods");
  write("sys/fs/cgroup/cgroup.controllers", "cpu memory\n");
  const auto checks = check_host(roots, facts);
  EXPECT_EQ(named(checks, "cgroups").status, CheckStatus::less_exact);
  EXPECT_NE(named(checks, "cgroups").cost.find("no pids controller"), std::string::npos);
  EXPECT_EQ(doctor_exit_code(checks), 1);
}

TEST_F(FakeHost, SwapGovernorHugePagesAndNamespacesAreNamed) {
  pure_v2("rw,favordynmods");
  write("proc/swaps", "Filename\tType\tSize\tUsed\tPriority\n/swapfile file 1048572 0 -2\n");
  write("sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", "powersave\n");
  write("sys/devices/system/cpu/cpu1/cpufreq/scaling_governor", "powersave\n");
  write("sys/kernel/mm/transparent_hugepage/enabled", "[always] madvise never\n");
  write("proc/sys/user/max_user_namespaces", "0\n");
  const auto checks = check_host(roots, facts);
  EXPECT_EQ(named(checks, "swap").status, CheckStatus::less_exact);
  EXPECT_EQ(named(checks, "swap").fix, "swapoff -a");
  EXPECT_EQ(named(checks, "CPU frequency").found, "governor powersave");
  EXPECT_EQ(named(checks, "CPU frequency").fix, "cpupower frequency-set -g performance");
  EXPECT_EQ(named(checks, "transparent huge pages").status, CheckStatus::less_exact);
  EXPECT_EQ(named(checks, "user namespaces").status, CheckStatus::less_exact);
  EXPECT_EQ(doctor_exit_code(checks), 1);
  EXPECT_NE(doctor_table(checks).find("fix the items marked less exact"), std::string::npos);
}

TEST_F(FakeHost, NotRootAndNoJudgeBoxAreLessExact) {
  pure_v2("rw,favordynmods");
  const auto checks = check_host(roots, HostFacts{});  // not root, no judge-box
  EXPECT_EQ(named(checks, "root").status, CheckStatus::less_exact);
  EXPECT_EQ(named(checks, "judge-box").status, CheckStatus::less_exact);
  const auto report = nlohmann::json::parse(doctor_json(checks));
  EXPECT_EQ(report["exit"], 1);
  EXPECT_EQ(report["checks"].size(), checks.size());
}

// Issue 28: the host settings that matter on a shared host, and where the judge keeps
// its files, each looked at as it is.
TEST_F(FakeHost, ProtectedLinksOffIsLessExact) {
  pure_v2("rw,favordynmods");
  write("proc/sys/fs/protected_symlinks", "0\n");
  const auto checks = check_host(roots, facts);
  EXPECT_EQ(named(checks, "fs.protected_symlinks").status, CheckStatus::less_exact);
  EXPECT_EQ(named(checks, "fs.protected_symlinks").fix, "sysctl -w fs.protected_symlinks=1 (and in /etc/sysctl.d/ to keep it)");
  EXPECT_EQ(named(checks, "fs.protected_regular").status, CheckStatus::ok);
  EXPECT_EQ(named(checks, "fs.protected_regular").found, "2 (on)");
  EXPECT_EQ(doctor_exit_code(checks), 1);
}

TEST_F(FakeHost, ThePlacesOfTheJudgesFilesAreNamedAndChecked) {
  pure_v2("rw,favordynmods");
  fs::create_directories(dir / "base");
  HostFacts places = facts;
  places.run_base = dir / "base";
  places.cpu_lock_dir = dir / "locks";
  places.cache_dir = dir / "cache";
  auto checks = check_host(roots, places);
  EXPECT_EQ(named(checks, "run folders").found.rfind((dir / "base").string() + "/judge-run-*", 0), 0u);
  EXPECT_EQ(named(checks, "CPU locks").status, CheckStatus::ok);
  EXPECT_EQ(named(checks, "CPU locks").found, (dir / "locks").string() + " (made on first use)");
  EXPECT_FALSE(fs::exists(dir / "locks"));  // looked at, not made
  EXPECT_EQ(named(checks, "compile cache").found, (dir / "cache").string());
  // A lock folder someone planted as a link: judge run would refuse it, and says so.
  fs::create_directory_symlink(dir / "base", dir / "locks");
  checks = check_host(roots, places);
  EXPECT_EQ(named(checks, "CPU locks").status, CheckStatus::less_exact);
  EXPECT_NE(named(checks, "CPU locks").cost.find("symbolic link"), std::string::npos);
  // A base others can write and rename in: judge run refuses to start.
  ::chmod((dir / "base").c_str(), 0777);
  checks = check_host(roots, places);
  EXPECT_EQ(named(checks, "run folders").status, CheckStatus::less_exact);
}

}  // namespace
}  // namespace judge
