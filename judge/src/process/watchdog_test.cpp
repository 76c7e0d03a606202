// The Watchdog's rules with fake programs and a fake clock: no process, no sleep.
#include "process/watchdog.hpp"

#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace judge {
namespace {

using std::chrono::milliseconds;

class FakeClock : public WatchClock {
 public:
  std::int64_t now_ms = 0;
  // A judge starved of CPU: the first wait from `stall_at_ms` on returns `stall_ms`
  // late, and the thread's run delay grows by as much.
  std::int64_t stall_at_ms = -1;
  std::int64_t stall_ms = 0;
  std::int64_t run_delay_ms = 0;
  TimePoint now() override { return TimePoint(milliseconds(now_ms)); }
  void wait(const std::vector<int>&, milliseconds timeout) override {
    now_ms += timeout.count();
    if (stall_at_ms >= 0 && now_ms >= stall_at_ms) {
      now_ms += stall_ms;
      run_delay_ms += stall_ms;
      stall_at_ms = -1;
    }
  }
  std::int64_t own_run_delay_ms() override { return run_delay_ms; }
};

// A program whose life is scripted: it ends on its own at `ends_at_ms`, or 1 ms
// after its peer has ended (it sees end-of-file), or when killed; its CPU time and
// its waiting for a CPU grow at fixed rates with the fake time.
class FakeProgram : public Supervised {
 public:
  FakeProgram(std::string name, FakeClock& clock, std::vector<std::string>& events)
      : name_(std::move(name)), clock_(clock), events_(events) {}
  std::optional<std::int64_t> ends_at_ms;
  FakeProgram* ends_after = nullptr;  // ends 1 ms after this one has ended
  double cpu_per_ms = 0.0;
  double waiting_per_ms = 0.0;
  std::int64_t children_cpu_ms = -1;
  std::int64_t written = -1;
  bool exiting = false;  // dying of its own cause right now

  std::optional<std::int64_t> killed_at_ms;
  bool reaped = false;

  std::optional<std::int64_t> end_ms() const {
    std::optional<std::int64_t> end = killed_at_ms;
    auto earliest = [&](std::int64_t at) { end = end ? std::min(*end, at) : at; };
    if (ends_at_ms) earliest(*ends_at_ms);
    if (ends_after && ends_after->end_ms()) earliest(*ends_after->end_ms() + 1);
    if (exiting) earliest(clock_.now_ms);
    return end;
  }
  bool running() const override { return !reaped; }
  bool try_reap() override {
    if (reaped || !end_ms() || clock_.now_ms < *end_ms()) return reaped;
    events_.push_back("reap " + name_);
    return reaped = true;
  }
  void reap() override {
    const auto end = end_ms();
    ASSERT_TRUE(end.has_value()) << name_ << " would be waited for forever";
    clock_.now_ms = std::max(clock_.now_ms, *end);
    try_reap();
  }
  void kill() override {
    events_.push_back("kill " + name_);
    if (!reaped && !killed_at_ms) killed_at_ms = clock_.now_ms;
  }
  bool is_exiting() const override { return exiting; }
  std::int64_t cpu_ms() override { return static_cast<std::int64_t>(cpu_per_ms * static_cast<double>(alive_ms())); }
  std::int64_t cpu_ms_with_children() override { return children_cpu_ms; }
  std::int64_t run_delay_ms() override {
    return static_cast<std::int64_t>(waiting_per_ms * static_cast<double>(alive_ms()));
  }
  std::int64_t bytes_written() override { return written; }
  int end_fd() const override { return 7; }

 private:
  std::int64_t alive_ms() const {
    const auto end = end_ms();
    return end && *end < clock_.now_ms ? *end : clock_.now_ms;
  }
  std::string name_;
  FakeClock& clock_;
  std::vector<std::string>& events_;
};

struct WatchdogScene {
  FakeClock clock;
  std::vector<std::string> events;
  FakeProgram submission{"submission", clock, events};
  FakeProgram interactor{"interactor", clock, events};
  Limits limits;
  bool stop_asked = false;
  bool stop_answer = false;  // what the "no longer graded" question answers
  WatchdogScene() {
    limits.cpu_ms = 1000;
    limits.wall_ms = 3000;
    limits.interactor_cpu_ms = 5000;
  }
  std::optional<WatchClock::TimePoint> started_at;  // unset: the watch starts the clock
  WatchFacts run() {
    Watchdog watchdog(limits, clock, [this] {
      stop_asked = true;
      return stop_answer;
    });
    WatchFacts facts = watchdog.supervise(submission, interactor, nullptr, started_at);
    EXPECT_TRUE(!submission.running() && !interactor.running()) << "both must be reaped";
    return facts;
  }
};

TEST(Watchdog, SubmissionEndsFirstThenTheInteractorSeesEndOfFile) {
  WatchdogScene scene;
  scene.submission.ends_at_ms = 100;
  scene.interactor.ends_after = &scene.submission;
  const WatchFacts facts = scene.run();
  EXPECT_EQ(facts.ended_first, Side::submission);
  EXPECT_FALSE(facts.submission.killed_by_judge);
  EXPECT_FALSE(facts.interactor.killed_by_judge);
  EXPECT_FALSE(scene.stop_asked);  // the submission had ended: nothing left to stop
  // Its process group is killed as soon as it ends (children would hold the pipe).
  EXPECT_EQ(scene.events[0], "reap submission");
  EXPECT_EQ(scene.events[1], "kill submission");
}

TEST(Watchdog, SubmissionPastItsCpuLimitIsKilledAtOnce) {
  WatchdogScene scene;
  scene.submission.cpu_per_ms = 1.0;
  scene.interactor.ends_after = &scene.submission;
  const WatchFacts facts = scene.run();
  EXPECT_TRUE(facts.submission.killed_by_judge);
  EXPECT_TRUE(facts.submission.hit_cpu_limit);
  EXPECT_FALSE(facts.submission.hit_wall_limit);
  EXPECT_GT(facts.submission.cpu_ms_at_stop, 1000);
  EXPECT_LE(facts.submission.cpu_ms_at_stop, 1000 + Watchdog::cpu_check_interval.count());
  EXPECT_LE(*scene.submission.killed_at_ms, 1000 + Watchdog::cpu_check_interval.count());
  EXPECT_EQ(facts.ended_first, Side::submission);
}

// Issue 31's case: the judge is starved from 200 ms to 5200 ms; the kernel (or the
// box) ends the busy submission at 3870 ms; the judge, awake again past the wall
// limit, reaps it and stops the interactor at the wall limit. The facts say the judge
// was starved (grade/verdict_rules.hpp then decides TLE, not a JE of the interactor).
TEST(Watchdog, AStarvedJudgeRecordsItsLargestGapAndRunDelay) {
  WatchdogScene scene;
  scene.clock.stall_at_ms = 200;
  scene.clock.stall_ms = 5000;
  scene.submission.cpu_per_ms = 1.0;
  scene.submission.ends_at_ms = 3870;
  const WatchFacts facts = scene.run();
  EXPECT_EQ(facts.ended_first, Side::submission);
  EXPECT_FALSE(facts.submission.hit_cpu_limit) << "it had ended before the judge looked";
  EXPECT_TRUE(facts.interactor.hit_wall_limit);
  EXPECT_GE(facts.max_sample_gap_ms, 5000);
  EXPECT_EQ(facts.run_delay_ms, 5000);
}

// Pipes whose interactor side ends when the interactor ends its output.
class FakePipes : public PipeKeeper {
 public:
  explicit FakePipes(FakeClock& clock) : clock_(clock) {}
  std::optional<std::int64_t> output_ended_at_ms;
  mutable bool asked_before_release = false;
  void submission_reaped() override { released = true; }
  void interactor_reaped() override {}
  std::vector<int> wait_fds() const override { return {}; }
  void service() override {}
  bool interactor_output_ended() const override {
    asked_before_release = !released;
    return output_ended_at_ms && clock_.now_ms >= *output_ended_at_ms;
  }
  mutable bool released = false;

 private:
  FakeClock& clock_;
};

// A testlib interactor rejects and ends its output at 100 ms; the Python submission
// crashes on that end-of-file at 101 ms and its box reports at once, while the
// interactor is still exiting (reaped at 103 ms): the judge reaps the submission
// first, yet records that the interactor's output had ended before.
// Whether the watch records the interactor's output as ended first, with the
// interactor's output ending, the submission ending and the interactor ending at
// these times; `asked_before_release`: the judge asked while it held the
// submission's output.
bool output_ended_first(std::int64_t output_ended_at_ms, std::int64_t submission_ends_at_ms,
                        std::int64_t interactor_ends_at_ms, bool* asked_before_release = nullptr) {
  WatchdogScene scene;
  FakePipes pipes(scene.clock);
  pipes.output_ended_at_ms = output_ended_at_ms;
  scene.submission.ends_at_ms = submission_ends_at_ms;
  scene.interactor.ends_at_ms = interactor_ends_at_ms;
  Watchdog watchdog(scene.limits, scene.clock, [] { return true; });
  const WatchFacts facts = watchdog.supervise(scene.submission, scene.interactor, &pipes);
  EXPECT_EQ(facts.ended_first, Side::submission);
  if (asked_before_release) *asked_before_release = pipes.asked_before_release;
  return facts.interactor_output_ended_first;
}

TEST(Watchdog, TheInteractorsEndedOutputIsRecordedWhenTheSubmissionIsReapedFirst) {
  bool asked_before_release = false;
  EXPECT_TRUE(output_ended_first(100, 101, 123, &asked_before_release));
  EXPECT_TRUE(asked_before_release) << "asked while the judge still held the submission's output";
  // A submission that crashes first (its output ends, the interactor then rejects):
  // the interactor's output had not ended.
  EXPECT_FALSE(output_ended_first(150, 101, 160));
}

TEST(Watchdog, AJudgeThatIsNotStarvedSamplesEveryInterval) {
  WatchdogScene scene;
  scene.submission.ends_at_ms = 500;
  scene.interactor.ends_after = &scene.submission;
  const WatchFacts facts = scene.run();
  EXPECT_LE(facts.max_sample_gap_ms, Watchdog::cpu_check_interval.count() + 1);
  EXPECT_EQ(facts.run_delay_ms, 0);
}

TEST(Watchdog, InteractorPastItsOwnCpuLimitIsKilled) {
  WatchdogScene scene;
  scene.limits.wall_ms = 100000;
  scene.interactor.cpu_per_ms = 1.0;
  scene.submission.ends_after = &scene.interactor;
  const WatchFacts facts = scene.run();
  EXPECT_TRUE(facts.interactor.hit_cpu_limit);
  EXPECT_GT(facts.interactor.cpu_ms_at_stop, 5000);
  EXPECT_EQ(facts.ended_first, Side::interactor);
}

TEST(Watchdog, AtTheWallLimitBothAreKilledBeforeEitherIsReaped) {
  WatchdogScene scene;  // both wait for each other forever
  scene.interactor.written = 12;
  const WatchFacts facts = scene.run();
  EXPECT_EQ(*scene.submission.killed_at_ms, 3000);
  EXPECT_EQ(*scene.interactor.killed_at_ms, 3000);
  EXPECT_EQ(scene.events, (std::vector<std::string>{"kill submission", "kill interactor",
                                                    "reap submission", "kill submission",
                                                    "reap interactor"}));
  EXPECT_TRUE(facts.submission.hit_wall_limit && facts.interactor.hit_wall_limit);
  EXPECT_FALSE(facts.submission.hit_cpu_limit);
  EXPECT_EQ(facts.interactor_bytes_written, 12);
  EXPECT_EQ(facts.wall_limit_extended_ms, 0);
}

TEST(Watchdog, ATestWatchedOnlyAfterItStartedIsKilledAtItsStartPlusTheWallLimit) {
  WatchdogScene scene;  // both wait for each other forever
  scene.started_at = WatchClock::TimePoint(milliseconds(0));
  scene.clock.now_ms = 40;  // the judge read the test before's facts meanwhile
  scene.run();
  EXPECT_EQ(*scene.submission.killed_at_ms, 3000);
  EXPECT_EQ(*scene.interactor.killed_at_ms, 3000);
}

// Starved between the test's spawn and its watch (SIGSTOP'ed right after the
// spawn, in scripts/test_starved_watchdog.py): the gap counts from the test's start.
TEST(Watchdog, AJudgeStarvedBeforeItsWatchBeganRecordsTheGapFromTheTestsStart) {
  WatchdogScene scene;
  scene.started_at = WatchClock::TimePoint(milliseconds(0));
  scene.clock.now_ms = 3500;  // the judge ran again only now
  scene.submission.cpu_per_ms = 1.0;
  const WatchFacts facts = scene.run();
  EXPECT_GE(facts.max_sample_gap_ms, 3500);
}

TEST(Watchdog, AStarvedSubmissionGetsItsWaitingAddedToTheWallLimit) {
  WatchdogScene scene;
  scene.submission.waiting_per_ms = 0.5;  // runnable but waiting half the time
  const WatchFacts facts = scene.run();
  // The limit moves while the waiting grows, up to 4 wall limits.
  EXPECT_GT(facts.wall_limit_extended_ms, 1000);
  EXPECT_TRUE(facts.submission.hit_wall_limit);
  EXPECT_GT(*scene.submission.killed_at_ms, 4000);
  EXPECT_LE(*scene.submission.killed_at_ms, 4 * 3000);
}

TEST(Watchdog, ASubmissionWaitingOnAStarvedInteractorGetsTheInteractorsWaitingBack) {
  WatchdogScene scene;
  scene.interactor.waiting_per_ms = 0.5;  // the submission sleeps on its replies
  const WatchFacts facts = scene.run();
  EXPECT_GT(facts.wall_limit_extended_ms, 1000);
  EXPECT_GT(*scene.submission.killed_at_ms, 4000);
  EXPECT_LE(*scene.submission.killed_at_ms, 4 * 3000);
}

TEST(Watchdog, WhatBothWaitedForACpuIsRecordedWhenTheLimitWasNeverReached) {
  // Under a generous limit nothing is extended, but a tighter limit applied after the
  // run (judge verify's inferred one) must know what would have moved it.
  WatchdogScene scene;
  scene.submission.ends_at_ms = 2000;
  scene.interactor.ends_after = &scene.submission;
  scene.submission.waiting_per_ms = 0.25;
  scene.interactor.waiting_per_ms = 0.5;
  const WatchFacts facts = scene.run();
  EXPECT_EQ(facts.wall_limit_extended_ms, 0);
  // Sampled every 250 ms: 0.75 of the run, but for the last interval at most.
  EXPECT_GE(facts.waited_for_cpu_ms, 1500 - 190);
  EXPECT_LE(facts.waited_for_cpu_ms, 1500);
}

TEST(Watchdog, TheWallExtensionStopsAtFourWallLimits) {
  WatchdogScene scene;
  scene.submission.waiting_per_ms = 1.0;  // waits all the time: starved for good
  const WatchFacts facts = scene.run();
  EXPECT_EQ(facts.wall_limit_extended_ms, 3 * 3000);
  EXPECT_EQ(*scene.submission.killed_at_ms, 4 * 3000);
}

TEST(Watchdog, ChildrenThatBurnedTheCpuLimitMakeTheWallStopACpuStop) {
  WatchdogScene scene;
  scene.submission.children_cpu_ms = 2500;  // a fork bomb starving its main process
  const WatchFacts facts = scene.run();
  EXPECT_TRUE(facts.submission.hit_wall_limit);
  EXPECT_TRUE(facts.submission.hit_cpu_limit);
  EXPECT_EQ(facts.submission.cpu_ms_at_stop, 2500);
}

TEST(Watchdog, AnInteractorThatNoLongerGradesHasTheSubmissionStopped) {
  WatchdogScene scene;
  scene.interactor.ends_at_ms = 200;  // rejects; the submission waits on
  scene.stop_answer = true;
  const WatchFacts facts = scene.run();
  EXPECT_TRUE(scene.stop_asked);
  EXPECT_EQ(facts.ended_first, Side::interactor);
  EXPECT_TRUE(facts.submission.killed_by_judge);
  EXPECT_FALSE(facts.submission.hit_wall_limit);
  EXPECT_LT(*scene.submission.killed_at_ms, 300);
}

TEST(Watchdog, ASubmissionAlreadyDyingOfItsOwnCauseIsWaitedForNotKilled) {
  WatchdogScene scene;
  scene.interactor.ends_at_ms = 200;
  scene.stop_answer = true;
  scene.submission.ends_at_ms = 100000;
  Watchdog watchdog(scene.limits, scene.clock, [&] {
    scene.submission.exiting = true;  // an OOM kill under way when the interactor ends
    return true;
  });
  const WatchFacts facts = watchdog.supervise(scene.submission, scene.interactor);
  EXPECT_FALSE(facts.submission.killed_by_judge);
  EXPECT_FALSE(scene.submission.killed_at_ms.has_value() &&
               *scene.submission.killed_at_ms < 200);
}

TEST(Watchdog, AnAcceptingInteractorLetsTheSubmissionExitByItself) {
  WatchdogScene scene;
  scene.interactor.ends_at_ms = 100;
  scene.submission.ends_at_ms = 400;
  scene.stop_answer = false;
  const WatchFacts facts = scene.run();
  EXPECT_TRUE(scene.stop_asked);
  EXPECT_FALSE(facts.submission.killed_by_judge);
  EXPECT_EQ(facts.ended_first, Side::interactor);
  EXPECT_GE(scene.clock.now_ms, 400);
}

TEST(Watchdog, WhenBothEndedBetweenTwoLooksTheInteractorIsCountedFirst) {
  WatchdogScene scene;
  scene.submission.ends_at_ms = 5;
  scene.interactor.ends_at_ms = 10;
  scene.clock.now_ms = 0;
  // The first look happens at time 0; the next one 20 ms later sees both ended.
  const WatchFacts facts = scene.run();
  EXPECT_EQ(facts.ended_first, Side::interactor);
}

}  // namespace
}  // namespace judge
