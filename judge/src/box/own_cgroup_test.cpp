#include "box/own_cgroup.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"
#include "box/cgroup.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

void write(const fs::path& file, const std::string& text) {
  fs::create_directories(file.parent_path());
  std::ofstream(file) << text;
}

TEST(OwnCgroups, ReadsEveryV1ControllerAndTheV2Path) {
  const OwnCgroups own = parse_own_cgroups(
      "12:pids:/slurm/uid_0/job_7/step_batch\n"
      "4:memory:/slurm/uid_0/job_7/step_batch/task_0\n"
      "3:cpu,cpuacct:/slurm/uid_0/job_7\n"
      "1:name=systemd:/\n"
      "0::/user.slice\n"
      "garbage line\n"
      "5:devices:relative/is/no/path\n");
  EXPECT_EQ(own.v1.at("memory"), "/slurm/uid_0/job_7/step_batch/task_0");
  EXPECT_EQ(own.v1.at("pids"), "/slurm/uid_0/job_7/step_batch");
  EXPECT_EQ(own.v1.at("cpu"), "/slurm/uid_0/job_7");
  EXPECT_EQ(own.v1.at("cpuacct"), "/slurm/uid_0/job_7");
  EXPECT_EQ(own.v1.at("name=systemd"), "/");
  EXPECT_EQ(own.v1.count("devices"), 0u);
  EXPECT_EQ(own.v2, "/user.slice");
  EXPECT_TRUE(parse_own_cgroups("0::/\n").v1.empty());
}

TEST(OwnCgroups, TheDirIsUnderTheMountOrTheMountWhereItsPathIsNotThere) {
  TempDir mount("own-cgroup-");
  fs::create_directories(mount.path() / "job_7" / "step_batch");
  EXPECT_EQ(cgroup_dir(mount.path(), "/job_7/step_batch"), mount.path() / "job_7" / "step_batch");
  EXPECT_EQ(cgroup_dir(mount.path(), "/"), mount.path());
  // A container's view: /proc/self/cgroup names the host's path, the mount is its own cgroup.
  EXPECT_EQ(cgroup_dir(mount.path(), "/docker/0123abcd"), mount.path());
  // No way out of the mount.
  EXPECT_EQ(cgroup_dir(mount.path(), "/../../etc"), mount.path());
}

TEST(OwnCgroups, TheMemoryLimitAboveIsTheTightestOne) {
  TempDir root("own-cgroup-limit-");
  write(root.path() / "job" / "memory.stat",
        "cache 0\nhierarchical_memory_limit 157286400\nhierarchical_memsw_limit 9223372036854771712\n");
  EXPECT_EQ(memory_limit_above_kib(root.path() / "job"), 150 * 1024);
  write(root.path() / "free" / "memory.stat", "hierarchical_memory_limit 9223372036854771712\n");
  EXPECT_EQ(memory_limit_above_kib(root.path() / "free"), -1);
  EXPECT_EQ(memory_limit_above_kib(root.path() / "none"), -1);
  write(root.path() / "swap" / "memory.stat",
        "hierarchical_memory_limit 9223372036854771712\nhierarchical_memsw_limit 104857600\n");
  EXPECT_EQ(memory_limit_above_kib(root.path() / "swap"), 100 * 1024);
  // cgroup v2: memory.max of each folder up to the root.
  write(root.path() / "a" / "memory.max", "157286400\n");
  write(root.path() / "a" / "b" / "memory.max", "max\n");
  write(root.path() / "a" / "b" / "c" / "memory.max", "268435456\n");
  EXPECT_EQ(memory_limit_above_kib(root.path() / "a" / "b" / "c", root.path()), 150 * 1024);
  EXPECT_EQ(memory_limit_above_kib(root.path() / "a" / "b" / "c", root.path() / "a" / "b"), 256 * 1024);
  write(root.path() / "x" / "memory.max", "max\n");
  EXPECT_EQ(memory_limit_above_kib(root.path() / "x", root.path()), -1);
}

// A fake cgroup v1 tree: memory and pids hierarchies with the judge's own cgroup in each.
struct FakeV1 {
  TempDir root{"fake-cgroup-v1-"};
  OwnCgroups own;
  FakeV1() {
    write(root.path() / "memory" / "memory.limit_in_bytes", "9223372036854771712\n");
    write(root.path() / "pids" / "pids.max", "max\n");
    write(root.path() / "memory" / "job_7" / "memory.stat", "hierarchical_memory_limit 157286400\n");
    fs::create_directories(root.path() / "pids" / "job_7");
    own.v1 = {{"memory", "/job_7"}, {"pids", "/job_7"}};
  }
};

TEST(TestCgroupNesting, V1CgroupsAreMadeUnderTheJudgesOwnWithItsLimitAbove) {
  FakeV1 fake;
  TestCgroup cgroup = TestCgroup::create(256 * 1024, 16, fake.root.path(), fake.own);
  ASSERT_TRUE(cgroup.limits_memory());
  ASSERT_TRUE(cgroup.limits_processes());
  EXPECT_TRUE(cgroup.outside_own().empty());
  EXPECT_EQ(cgroup.outer_memory_limit_kib(), 150 * 1024);
  for (const std::string& dir : cgroup.join_dirs()) {
    EXPECT_EQ(fs::path(dir).parent_path().parent_path().filename(), "job_7") << dir;
    EXPECT_EQ(fs::path(dir).parent_path().filename(), "judge") << dir;
  }
  EXPECT_EQ(read_file(fs::path(cgroup.join_dirs().front()) / "memory.limit_in_bytes"),
            std::to_string(256 * 1024 * 1024));
}

// The test's own limit reached, told apart from a limit above it that stopped the
// test first: failure counts (where the kernel keeps them), or the peak at the limit.
TEST(TestCgroupNesting, V1OwnLimitReachedIsTheCountsOrThePeakAtTheLimit) {
  FakeV1 fake;
  TestCgroup cgroup = TestCgroup::create(256 * 1024, 16, fake.root.path(), fake.own);
  ASSERT_TRUE(cgroup.limits_memory());
  const fs::path dir = cgroup.join_dirs().front();
  write(dir / "memory.failcnt", "0\n");
  write(dir / "memory.max_usage_in_bytes", std::to_string(150 * 1024 * 1024) + "\n");
  EXPECT_FALSE(cgroup.memory_limit_reached());  // stopped at 150 MiB of 256: not its own
  write(dir / "memory.max_usage_in_bytes", std::to_string(256 * 1024 * 1024 - 348 * 1024) + "\n");
  EXPECT_TRUE(cgroup.memory_limit_reached());  // 348 KiB short, as the kernel leaves it
  write(dir / "memory.max_usage_in_bytes", "0\n");
  write(dir / "memory.memsw.failcnt", "3\n");
  EXPECT_TRUE(cgroup.memory_limit_reached());
  for (const auto& file : fs::directory_iterator(dir)) fs::remove(file.path());
}

TEST(TestCgroupNesting, V1CgroupsAtTheRootWhenTheJudgesOwnCannotHoldThemAndSaid) {
  FakeV1 fake;
  // The judge's own memory cgroup cannot hold a folder "judge" (a file is in the way,
  // as a read-only cgroup mount refuses one).
  write(fake.root.path() / "memory" / "job_7" / "judge", "");
  TestCgroup cgroup = TestCgroup::create(256 * 1024, 16, fake.root.path(), fake.own);
  ASSERT_TRUE(cgroup.limits_memory());
  ASSERT_EQ(cgroup.outside_own().size(), 1u);
  EXPECT_NE(cgroup.outside_own()[0].find("memory cgroup: the judge's own cgroup"), std::string::npos);
  EXPECT_NE(cgroup.outside_own()[0].find("do not bound the test"), std::string::npos);
  EXPECT_EQ(fs::path(cgroup.join_dirs().front()).parent_path(), fake.root.path() / "memory" / "judge");
  EXPECT_EQ(cgroup.outer_memory_limit_kib(), -1);  // the root has no memory.stat limit
  EXPECT_TRUE(cgroup.missing().empty());
}

TEST(TestCgroupNesting, TheJudgeFolderGoesWithTheLastTest) {
  FakeV1 fake;
  const fs::path judge_dir = fake.root.path() / "memory" / "job_7" / "judge";
  {
    TestCgroup cgroup = TestCgroup::create(0, 0, fake.root.path(), fake.own);
    // A fake tree's folders hold the written limit files: emptied as the kernel's are.
    for (const std::string& dir : cgroup.join_dirs())
      for (const auto& file : fs::directory_iterator(dir)) fs::remove(file.path());
    EXPECT_TRUE(fs::is_directory(judge_dir));
  }
  EXPECT_FALSE(fs::exists(judge_dir));
}

// A fake cgroup v2 tree where the judge's own cgroup refuses to enable controllers
// for children (its cgroup.subtree_control cannot be written: a folder is in the way).
TEST(TestCgroupNesting, V2CgroupsGoUnderTheParentWhenTheJudgesOwnHoldsProcesses) {
  TempDir root("fake-cgroup-v2-");
  write(root.path() / "cgroup.controllers", "memory pids\n");
  write(root.path() / "outer" / "cgroup.controllers", "memory pids\n");
  write(root.path() / "outer" / "memory.max", "157286400\n");
  write(root.path() / "outer" / "cgroup.subtree_control", "memory pids\n");
  write(root.path() / "outer" / "leaf" / "cgroup.controllers", "memory pids\n");
  write(root.path() / "outer" / "leaf" / "cgroup.procs", "1234\n");
  fs::create_directories(root.path() / "outer" / "leaf" / "cgroup.subtree_control");
  OwnCgroups own;
  own.v2 = "/outer/leaf";
  // The leaf sets no limit of its own: under its parent nothing is lost, and nothing said.
  write(root.path() / "outer" / "leaf" / "memory.max", "max\n");
  TestCgroup cgroup = TestCgroup::create(256 * 1024, 16, root.path(), own);
  ASSERT_TRUE(cgroup.limits_memory());
  EXPECT_EQ(fs::path(cgroup.join_dirs().front()).parent_path(), root.path() / "outer" / "judge");
  EXPECT_TRUE(cgroup.outside_own().empty());
  EXPECT_EQ(cgroup.outer_memory_limit_kib(), 150 * 1024);
  // It does: the test is not bound by it, and that is said.
  write(root.path() / "outer" / "leaf" / "memory.max", "104857600\n");
  TestCgroup limited = TestCgroup::create(256 * 1024, 16, root.path(), own);
  ASSERT_TRUE(limited.limits_memory());
  ASSERT_EQ(limited.outside_own().size(), 1u);
  EXPECT_NE(limited.outside_own()[0].find("no internal processes"), std::string::npos) << limited.outside_own()[0];
}

TEST(TestCgroupNesting, V2CgroupsUnderTheJudgesOwnWhereItCanHoldThem) {
  TempDir root("fake-cgroup-v2-");
  write(root.path() / "cgroup.controllers", "memory pids\n");
  write(root.path() / "job" / "memory.max", "max\n");
  write(root.path() / "job" / "cgroup.subtree_control", "memory pids\n");
  OwnCgroups own;
  own.v2 = "/job";
  TestCgroup cgroup = TestCgroup::create(256 * 1024, 16, root.path(), own);
  ASSERT_TRUE(cgroup.limits_memory());
  EXPECT_EQ(fs::path(cgroup.join_dirs().front()).parent_path(), root.path() / "job" / "judge");
  EXPECT_TRUE(cgroup.outside_own().empty());
  EXPECT_EQ(cgroup.outer_memory_limit_kib(), -1);
}

}  // namespace
}  // namespace judge
