#include "process/proc_stat.hpp"

#include <dirent.h>
#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace judge {
namespace {

// The whole of a small /proc file (a stat line, io counters), or "" if unreadable.
std::string read_small_file(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return {};
  std::string text;
  char buffer[1024];
  for (;;) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text.append(buffer, static_cast<std::size_t>(n));
  }
  ::close(fd);
  return text;
}

// Calls visit(name) for every entry of a directory whose name is a number.
template <typename Visit>
void for_each_numbered_entry(const std::string& dir_path, Visit visit) {
  DIR* dir = ::opendir(dir_path.c_str());
  if (dir == nullptr) return;
  while (const dirent* entry = ::readdir(dir)) {
    char* end = nullptr;
    const long number = std::strtol(entry->d_name, &end, 10);
    if (end == entry->d_name || *end != '\0') continue;
    visit(number, entry->d_name);
  }
  ::closedir(dir);
}

}  // namespace

std::optional<ProcStat> parse_proc_stat(std::string_view text) {
  const std::string line(text);
  const auto close = line.rfind(')');
  if (close == std::string::npos) return std::nullopt;
  ProcStat stat;
  long pid = 0, ppid = 0, pgrp = 0, session = 0, tty = 0, tpgid = 0;
  unsigned long minflt = 0, cminflt = 0, majflt = 0, cmajflt = 0;
  if (std::sscanf(line.c_str(), "%ld", &pid) != 1) return std::nullopt;
  if (std::sscanf(line.c_str() + close + 1, " %c %ld %ld %ld %ld %ld %lu %lu %lu %lu %lu %llu %llu",
                  &stat.state, &ppid, &pgrp, &session, &tty, &tpgid, &stat.flags, &minflt,
                  &cminflt, &majflt, &cmajflt, &stat.utime_ticks, &stat.stime_ticks) != 13)
    return std::nullopt;
  stat.pid = static_cast<pid_t>(pid);
  stat.ppid = static_cast<pid_t>(ppid);
  stat.pgrp = static_cast<pid_t>(pgrp);
  return stat;
}

std::optional<ProcStat> read_proc_stat(pid_t pid, const std::string& proc_root) {
  const std::string text = read_small_file(proc_root + "/" + std::to_string(pid) + "/stat");
  if (text.empty()) return std::nullopt;
  return parse_proc_stat(text);
}

std::vector<ProcStat> list_processes(const std::string& proc_root) {
  std::vector<ProcStat> processes;
  for_each_numbered_entry(proc_root, [&](long pid, const char*) {
    // A process may end between the listing and the read: then it is left out.
    if (auto stat = read_proc_stat(static_cast<pid_t>(pid), proc_root)) processes.push_back(*stat);
  });
  return processes;
}

std::vector<pid_t> children_of(pid_t parent, const std::string& proc_root) {
  std::vector<pid_t> children;
  for (const ProcStat& stat : list_processes(proc_root))
    if (stat.ppid == parent) children.push_back(stat.pid);
  return children;
}

std::vector<pid_t> children_of_process(pid_t parent, const std::string& proc_root) {
  const std::string tasks = proc_root + "/" + std::to_string(parent) + "/task";
  std::vector<pid_t> children;
  bool listed = false;
  for_each_numbered_entry(tasks, [&](long, const char* tid) {
    const std::string path = tasks + "/" + tid + "/children";
    if (::access(path.c_str(), R_OK) != 0) return;
    listed = true;
    const std::string text = read_small_file(path);
    const char* at = text.c_str();
    char* end = nullptr;
    for (long pid = std::strtol(at, &end, 10); end != at; pid = std::strtol(at, &end, 10)) {
      children.push_back(static_cast<pid_t>(pid));
      at = end;
    }
  });
  return listed ? children : children_of(parent, proc_root);
}

std::vector<pid_t> children_of_self() { return children_of_process(::getpid()); }

std::int64_t run_delay_ns(pid_t pid, const std::string& proc_root) {
  const std::string tasks = proc_root + "/" + std::to_string(pid) + "/task";
  std::int64_t total_ns = 0;
  for_each_numbered_entry(tasks, [&](long, const char* tid) {
    // "runtime_ns run_delay_ns timeslices"
    const std::string text = read_small_file(tasks + "/" + tid + "/schedstat");
    long long runtime_ns = 0, delay_ns = 0;
    if (std::sscanf(text.c_str(), "%lld %lld", &runtime_ns, &delay_ns) == 2) total_ns += delay_ns;
  });
  return total_ns;
}

std::int64_t tree_run_delay_ns(pid_t pid, const std::string& proc_root, std::size_t max_processes) {
  // Where the kernel keeps no children lists, one scan of every process serves the
  // whole tree (a scan for each member would grow with the tree times the machine).
  const std::string own_list = proc_root + "/" + std::to_string(pid) + "/task/" + std::to_string(pid) + "/children";
  const bool listed = ::access(own_list.c_str(), R_OK) == 0;
  const std::vector<ProcStat> scanned = listed ? std::vector<ProcStat>{} : list_processes(proc_root);
  std::vector<pid_t> found{pid};
  std::int64_t total_ns = 0;
  for (std::size_t next = 0; next < found.size(); ++next) {
    total_ns += run_delay_ns(found[next], proc_root);
    std::vector<pid_t> children;
    if (listed) children = children_of_process(found[next], proc_root);
    for (const ProcStat& stat : scanned)
      if (stat.ppid == found[next]) children.push_back(stat.pid);
    for (const pid_t child : children)
      if (found.size() < max_processes) found.push_back(child);
  }
  return total_ns;
}

std::int64_t bytes_written(pid_t pid, const std::string& proc_root) {
  const std::string text = read_small_file(proc_root + "/" + std::to_string(pid) + "/io");
  const auto at = text.find("wchar:");
  if (at == std::string::npos) return -1;
  long long value = -1;
  if (std::sscanf(text.c_str() + at + 6, "%lld", &value) != 1) return -1;
  return value;
}

}  // namespace judge
