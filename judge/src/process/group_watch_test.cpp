// GroupWatch's rules with scripted programs and a fake clock: no process, no sleep.
#include "process/group_watch.hpp"

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace judge {
namespace {

using std::chrono::milliseconds;

class TickingClock : public WatchClock {
 public:
  std::int64_t now_ms = 0;
  TimePoint now() override { return TimePoint(milliseconds(now_ms)); }
  void wait(const std::vector<int>&, milliseconds timeout) override { now_ms += timeout.count(); }
};

// A member whose life is scripted: it ends at `ends_at_ms`, or 1 ms after `follows`
// has ended (end-of-file from it), or when killed; it uses `cpu_per_ms` of CPU.
class ScriptedMember : public Supervised {
 public:
  ScriptedMember(std::string name, TickingClock& clock, std::vector<std::string>& log)
      : name_(std::move(name)), clock_(clock), log_(log) {}
  std::optional<std::int64_t> ends_at_ms;
  ScriptedMember* follows = nullptr;
  double cpu_per_ms = 0;
  std::int64_t waited_for_cpu_ms = 0;  // run_delay_ms: ready to run, but no CPU was free
  std::optional<std::int64_t> killed_at_ms;
  bool reaped = false;

  std::optional<std::int64_t> end_ms() const {
    std::optional<std::int64_t> end = killed_at_ms;
    if (ends_at_ms && (!end || *ends_at_ms < *end)) end = ends_at_ms;
    if (follows && follows->end_ms() && (!end || *follows->end_ms() + 1 < *end)) end = *follows->end_ms() + 1;
    return end;
  }
  bool running() const override { return !reaped; }
  bool try_reap() override {
    if (!reaped && end_ms() && clock_.now_ms >= *end_ms()) {
      log_.push_back("reap " + name_);
      reaped = true;
    }
    return reaped;
  }
  void reap() override {
    ASSERT_TRUE(end_ms().has_value()) << name_ << " would be waited for forever";
    clock_.now_ms = std::max(clock_.now_ms, *end_ms());
    try_reap();
  }
  void kill() override {
    log_.push_back("kill " + name_);
    if (!reaped && !killed_at_ms) killed_at_ms = clock_.now_ms;
  }
  bool is_exiting() const override { return false; }
  std::int64_t cpu_ms() override {
    const std::int64_t alive = end_ms() && *end_ms() < clock_.now_ms ? *end_ms() : clock_.now_ms;
    return static_cast<std::int64_t>(cpu_per_ms * static_cast<double>(alive));
  }
  std::int64_t cpu_ms_with_children() override { return -1; }
  std::int64_t run_delay_ms() override { return waited_for_cpu_ms; }
  std::int64_t bytes_written() override { return -1; }
  int end_fd() const override { return 7; }

 private:
  std::string name_;
  TickingClock& clock_;
  std::vector<std::string>& log_;
};

class RecordingKeeper : public GroupKeeper {
 public:
  explicit RecordingKeeper(std::vector<std::string>& log) : log_(log) {}
  void reaped(std::size_t index) override { log_.push_back("keeper " + std::to_string(index)); }
  std::vector<int> wait_fds() const override { return {}; }
  void service() override {}

 private:
  std::vector<std::string>& log_;
};

struct Group {
  TickingClock clock;
  std::vector<std::string> log;
  ScriptedMember manager{"manager", clock, log};
  ScriptedMember first{"p0", clock, log};
  ScriptedMember second{"p1", clock, log};
  std::int64_t wall_limit_extended_ms = -1;
  std::vector<Intervention> run(std::int64_t wall_ms = 3000) {
    RecordingKeeper keeper(log);
    GroupWatch watch(wall_ms, clock);
    auto facts = watch.supervise({{&manager, 5000}, {&first, 1000}, {&second, 1000}}, &keeper);
    wall_limit_extended_ms = watch.wall_limit_extended_ms();
    EXPECT_FALSE(manager.running() || first.running() || second.running()) << "every member must be reaped";
    return facts;
  }
};

TEST(GroupWatch, EveryMemberEndsByItselfAndIsReapedWithItsKeeperTold) {
  Group group;
  group.manager.ends_at_ms = 50;
  group.first.follows = &group.manager;
  group.second.ends_at_ms = 30;
  const auto facts = group.run();
  for (const Intervention& fact : facts) EXPECT_FALSE(fact.killed_by_judge);
  // Each reaped member's group is killed (its children held its FIFOs), then the keeper is told.
  const std::vector<std::string> expected{"reap p1",  "kill p1", "keeper 2", "reap manager", "kill manager",
                                          "keeper 0", "reap p0", "kill p0",  "keeper 1"};
  EXPECT_EQ(group.log, expected);
}

TEST(GroupWatch, TheManagerEndingDoesNotStopTheProcesses) {
  // CMS waits for every process: one still computing after the manager ended runs on
  // to its own end.
  Group group;
  group.manager.ends_at_ms = 10;
  group.first.ends_at_ms = 400;
  group.first.cpu_per_ms = 1;
  group.second.ends_at_ms = 20;
  const auto facts = group.run();
  EXPECT_FALSE(facts[1].killed_by_judge);
  EXPECT_EQ(group.first.end_ms(), 400);
}

TEST(GroupWatch, AProcessPastItsCpuLimitIsKilledAloneAndMarked) {
  Group group;
  group.first.cpu_per_ms = 1;  // passes 1000 ms at 1001 ms
  group.manager.follows = &group.first;
  group.second.follows = &group.manager;
  const auto facts = group.run(10000);
  EXPECT_TRUE(facts[1].hit_cpu_limit && facts[1].killed_by_judge);
  EXPECT_GE(facts[1].cpu_ms_at_stop, 1000);
  EXPECT_LT(group.first.end_ms().value(), 1100);
  EXPECT_FALSE(facts[0].killed_by_judge || facts[2].killed_by_judge);
}

TEST(GroupWatch, TheManagerPastItsOwnCpuLimitIsKilledAndMarked) {
  Group group;
  group.manager.cpu_per_ms = 2;  // passes 5000 ms at 2501 ms
  group.first.follows = &group.manager;
  group.second.follows = &group.manager;
  const auto facts = group.run(10000);
  EXPECT_TRUE(facts[0].hit_cpu_limit);
  EXPECT_FALSE(facts[1].killed_by_judge || facts[2].killed_by_judge);
}

TEST(GroupWatch, AtTheWallLimitEveryoneStillRunningIsKilledBeforeAnyIsReaped) {
  Group group;
  group.second.ends_at_ms = 100;  // ended long before: not killed by the judge
  const auto facts = group.run(3000);
  EXPECT_TRUE(facts[0].hit_wall_limit && facts[1].hit_wall_limit);
  EXPECT_FALSE(facts[2].hit_wall_limit);
  const auto first_reap_after_wall =
      std::find(group.log.begin() + 3, group.log.end(), "reap manager") - group.log.begin();
  const auto kill_p0 = std::find(group.log.begin() + 3, group.log.end(), "kill p0") - group.log.begin();
  EXPECT_LT(kill_p0, first_reap_after_wall) << "p0 must be killed before the manager is reaped";
  EXPECT_EQ(group.clock.now_ms, 3000);
}

TEST(GroupWatch, AProcessStarvedOfCpuGetsTheTimeItWaitedBackUpToFourWallLimits) {
  // A loaded machine: p0 waited 1200 ms for a CPU; it ends at 3500 ms, past the wall
  // limit of 3000 but within 3000 + 1200.
  Group group;
  group.first.ends_at_ms = 3500;
  group.first.waited_for_cpu_ms = 1200;
  group.manager.follows = &group.first;
  group.second.follows = &group.manager;
  auto facts = group.run(3000);
  EXPECT_FALSE(facts[0].killed_by_judge || facts[1].killed_by_judge || facts[2].killed_by_judge);
  EXPECT_EQ(group.wall_limit_extended_ms, 1200);
  // The extension stops at four wall limits.
  Group starved;
  starved.manager.waited_for_cpu_ms = 5000;
  starved.first.waited_for_cpu_ms = 100000;
  facts = starved.run(1000);
  EXPECT_TRUE(facts[1].hit_wall_limit);
  EXPECT_EQ(starved.wall_limit_extended_ms, 3000);
  EXPECT_EQ(starved.clock.now_ms, 4000);
}

TEST(GroupWatch, AProcessWaitingOnAStarvedManagerGetsTheManagersWaitBack) {
  // p0 sleeps on the manager's replies (its own run delay 0) while the manager waited
  // 900 ms for a CPU and p1 100 ms: the deadline moves by 900 + 100.
  Group group;
  group.first.ends_at_ms = 3900;
  group.manager.waited_for_cpu_ms = 900;
  group.second.waited_for_cpu_ms = 100;
  group.manager.follows = &group.first;
  group.second.follows = &group.manager;
  auto facts = group.run(3000);
  EXPECT_FALSE(facts[0].killed_by_judge || facts[1].killed_by_judge || facts[2].killed_by_judge);
  EXPECT_EQ(group.wall_limit_extended_ms, 1000);
  // Without the manager's wait the same run is stopped at the wall limit.
  Group unstarved;
  unstarved.first.ends_at_ms = 3900;
  unstarved.second.waited_for_cpu_ms = 100;
  unstarved.manager.follows = &unstarved.first;
  unstarved.second.follows = &unstarved.manager;
  facts = unstarved.run(3000);
  EXPECT_TRUE(facts[1].hit_wall_limit);
}

}  // namespace
}  // namespace judge
