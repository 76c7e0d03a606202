// The judge's one reader of /proc: a process's stat line (state, parent, process
// group, flags, CPU ticks), the list of every process, the children of one, the time
// its threads waited for a CPU (schedstat) and the bytes it has written (io).
// Plain POSIX and no library beyond the standard one: judge-box, a small static
// program, links it too. `proc_root` is "/proc" but for tests, which build fake trees.
#pragma once

#include <sys/types.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace judge {

struct ProcStat {
  pid_t pid = 0;
  char state = 0;  // R, S, D, Z, X, ...
  pid_t ppid = 0;
  pid_t pgrp = 0;
  unsigned long flags = 0;          // the kernel's PF_* flags
  unsigned long long utime_ticks = 0;  // in clock ticks (sysconf(_SC_CLK_TCK))
  unsigned long long stime_ticks = 0;
};

// PF_EXITING (include/linux/sched.h): the process has begun to exit.
inline constexpr unsigned long proc_flag_exiting = 0x4;

// Parses the text of /proc/PID/stat: "pid (comm) state ppid pgrp session tty_nr
// tpgid flags minflt cminflt majflt cmajflt utime stime ...". comm may hold spaces
// and parentheses, so the fields are read after its last ')'.
std::optional<ProcStat> parse_proc_stat(std::string_view text);

// /proc/PID/stat of one process (nullopt: no such process, or unreadable).
std::optional<ProcStat> read_proc_stat(pid_t pid, const std::string& proc_root = "/proc");

// Every process /proc lists, as far as each could be read.
std::vector<ProcStat> list_processes(const std::string& proc_root = "/proc");

// The pids whose parent is `parent` (a scan of every process).
std::vector<pid_t> children_of(pid_t parent, const std::string& proc_root = "/proc");

// The same from the process's own /proc/PID/task/*/children lists (a few small
// files: the judge asks after every test, and a scan of every process grows with the
// machine's process count); the scan where the kernel keeps no such lists
// (CONFIG_PROC_CHILDREN off).
std::vector<pid_t> children_of_process(pid_t parent, const std::string& proc_root = "/proc");
std::vector<pid_t> children_of_self();

// Time the process's threads spent runnable but waiting for a CPU, in ns
// (/proc/PID/task/*/schedstat, second field), or 0 if unknown.
std::int64_t run_delay_ns(pid_t pid, const std::string& proc_root = "/proc");

// The same summed over the process and its descendants, the first `max_processes`
// of them found (breadth first): a wrapper that waits on a child it started (the CMS
// export's Python manager and its interactor) sleeps, and the child's wait for a CPU
// is what holds up the other side.
std::int64_t tree_run_delay_ns(pid_t pid, const std::string& proc_root = "/proc", std::size_t max_processes = 64);

// Bytes the process has passed to write(2) and similar calls (/proc/PID/io
// "wchar"), or -1 if unknown.
std::int64_t bytes_written(pid_t pid, const std::string& proc_root = "/proc");

}  // namespace judge
