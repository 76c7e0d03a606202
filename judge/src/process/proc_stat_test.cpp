#include "process/proc_stat.hpp"

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>

#include <filesystem>
#include <fstream>

#include <gtest/gtest.h>

namespace judge {
namespace {

namespace fs = std::filesystem;

// A fake /proc in a temporary folder, removed at the end of the test.
struct FakeProc {
  fs::path root = fs::temp_directory_path() / ("proc-stat-test-" + std::to_string(::getpid()));
  FakeProc() { fs::create_directories(root); }
  ~FakeProc() { fs::remove_all(root); }
  void write(const std::string& relative, const std::string& text) const {
    fs::create_directories((root / relative).parent_path());
    std::ofstream(root / relative) << text;
  }
  void process(pid_t pid, pid_t ppid, pid_t pgrp, char state = 'S') const {
    write(std::to_string(pid) + "/stat",
          std::to_string(pid) + " (a (b) c) " + state + " " + std::to_string(ppid) + " " +
              std::to_string(pgrp) + " 1 0 -1 4194560 10 0 0 0 150 25 0 0 20 0 1 0\n");
  }
};

TEST(ProcStat, ParsesFieldsAfterTheLastParenthesisOfComm) {
  const auto stat = parse_proc_stat("42 (we (ird) name) R 7 42 42 0 -1 4194564 1 2 3 4 120 30 0 0");
  ASSERT_TRUE(stat.has_value());
  EXPECT_EQ(stat->pid, 42);
  EXPECT_EQ(stat->state, 'R');
  EXPECT_EQ(stat->ppid, 7);
  EXPECT_EQ(stat->pgrp, 42);
  EXPECT_EQ(stat->flags & proc_flag_exiting, proc_flag_exiting);
  EXPECT_EQ(stat->utime_ticks, 120u);
  EXPECT_EQ(stat->stime_ticks, 30u);
}

TEST(ProcStat, RejectsTruncatedLines) {
  EXPECT_FALSE(parse_proc_stat("42 (name R 7").has_value());
  EXPECT_FALSE(parse_proc_stat("42 (name) R 7 42").has_value());
  EXPECT_FALSE(parse_proc_stat("").has_value());
}

TEST(ProcStat, ListsProcessesAndChildrenOfAFakeTree) {
  const FakeProc proc;
  proc.process(10, 1, 10);
  proc.process(11, 10, 10);
  proc.process(12, 10, 12, 'Z');
  proc.process(13, 11, 10);
  proc.write("self/stat", "not a process folder\n");
  proc.write("14/stat", "garbage\n");
  EXPECT_EQ(list_processes(proc.root.string()).size(), 4u);
  auto children = children_of(10, proc.root.string());
  std::sort(children.begin(), children.end());
  EXPECT_EQ(children, (std::vector<pid_t>{11, 12}));
  EXPECT_FALSE(read_proc_stat(99, proc.root.string()).has_value());
}

TEST(ProcStat, ChildrenComeFromEachThreadsListAndFromTheScanWithoutLists) {
  const FakeProc proc;
  proc.process(10, 1, 10);
  proc.process(11, 10, 10);
  proc.process(12, 10, 12);
  proc.process(13, 10, 13);
  // With the kernel's lists, only they count (13 is listed by neither thread: it is
  // not a child, whatever its stale stat line says).
  proc.write("10/task/10/children", "11 ");
  proc.write("10/task/15/children", "12 ");
  auto listed = children_of_process(10, proc.root.string());
  std::sort(listed.begin(), listed.end());
  EXPECT_EQ(listed, (std::vector<pid_t>{11, 12}));
  // Without them, the scan of every process.
  proc.process(20, 1, 20);
  proc.process(21, 20, 20);
  proc.write("20/task/20/schedstat", "0 0 0\n");
  EXPECT_EQ(children_of_process(20, proc.root.string()), (std::vector<pid_t>{21}));
  // The judge's own list names a child it just started.
  const pid_t child = ::fork();
  if (child == 0) {
    ::pause();
    ::_exit(0);
  }
  ASSERT_GT(child, 0);
  const auto mine = children_of_self();
  EXPECT_NE(std::find(mine.begin(), mine.end(), child), mine.end());
  ::kill(child, SIGKILL);
  ::waitpid(child, nullptr, 0);
}

TEST(ProcStat, SumsRunDelayOverThreadsAndReadsWchar) {
  const FakeProc proc;
  proc.write("20/task/20/schedstat", "5000000 3000000 7\n");
  proc.write("20/task/21/schedstat", "1000 2000000 1\n");
  proc.write("20/io", "rchar: 10\nwchar: 12345\nsyscr: 1\n");
  EXPECT_EQ(run_delay_ns(20, proc.root.string()), 5000000);
  EXPECT_EQ(bytes_written(20, proc.root.string()), 12345);
  EXPECT_EQ(bytes_written(21, proc.root.string()), -1);
  EXPECT_EQ(run_delay_ns(21, proc.root.string()), 0);
}

TEST(ProcStat, SumsRunDelayOverTheTreeTheProcessStarted) {
  const FakeProc proc;
  // A wrapper (30) that waits on the interactor it started (31), which has a child
  // of its own (32); 33 is someone else's. No children lists: one scan finds them.
  proc.process(30, 1, 30);
  proc.process(31, 30, 30);
  proc.process(32, 31, 30);
  proc.process(33, 1, 33);
  proc.write("30/task/30/schedstat", "100 1000000 1\n");
  proc.write("31/task/31/schedstat", "100 20000000 1\n");
  proc.write("32/task/32/schedstat", "100 300000000 1\n");
  proc.write("33/task/33/schedstat", "100 4000000000 1\n");
  EXPECT_EQ(tree_run_delay_ns(30, proc.root.string()), 321000000);
  EXPECT_EQ(tree_run_delay_ns(31, proc.root.string()), 320000000);
  // At most `max_processes` of it, the nearest first.
  EXPECT_EQ(tree_run_delay_ns(30, proc.root.string(), 2), 21000000);
  // With the kernel's lists, they name the children (the stale stat line of 32 does
  // not make it 30's child).
  proc.write("30/task/30/children", "31 ");
  proc.write("31/task/31/children", "");
  EXPECT_EQ(tree_run_delay_ns(30, proc.root.string()), 21000000);
}

TEST(ProcStat, ReadsTheRealProcessItself) {
  const auto self = read_proc_stat(::getpid());
  ASSERT_TRUE(self.has_value());
  EXPECT_EQ(self->pid, ::getpid());
  EXPECT_EQ(self->ppid, ::getppid());
  EXPECT_EQ(self->state, 'R');
}

}  // namespace
}  // namespace judge
