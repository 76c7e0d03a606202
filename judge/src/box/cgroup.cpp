#include "box/cgroup.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <thread>

#include <fmt/core.h>

#include "base/parse_number.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {

namespace fs = std::filesystem;

bool write_value(const fs::path& file, const std::string& value) {
  std::ofstream out(file);
  out << value;
  out.flush();
  return static_cast<bool>(out);
}

std::string read_text(const fs::path& file) { return read_file(file).value_or(""); }

// The number after `key` on its own line of a "key value" file, or -1.
std::int64_t keyed_value(const std::string& text, const std::string& key) {
  std::istringstream lines(text);
  std::string name;
  std::int64_t value = 0;
  while (lines >> name >> value) {
    if (name == key) return value;
  }
  return -1;
}

// A name no other test, of this judge or another, uses at the same time.
std::string unique_name() {
  const auto now = std::chrono::steady_clock::now().time_since_epoch();
  return fmt::format("{}-{}", ::getpid(),
                     std::chrono::duration_cast<std::chrono::nanoseconds>(now).count());
}

// Removes parent/judge/<pid>-* cgroups of judges that are gone (killed with SIGKILL,
// they could not remove their own); a cgroup still in use cannot be removed anyway.
void remove_stale_in(const fs::path& judge_dir) {
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(judge_dir, ec)) {
    // Only names unique_name() makes, "<pid>-<ns>": a pid out of range must not
    // become kill(-1, 0), which asks about every process.
    const std::string name = entry.path().filename().string();
    const std::size_t dash = name.find('-');
    const auto pid = dash == std::string::npos ? std::nullopt : parse_integer<pid_t>(name.substr(0, dash));
    if (pid && *pid > 0 && ::kill(*pid, 0) != 0 && errno == ESRCH) ::rmdir(entry.path().c_str());
  }
}

// The judge's own cgroup in the v2 tree at `root` (from /proc/self/cgroup's "0::" line).
fs::path own_v2_cgroup(const fs::path& root) {
  std::ifstream self("/proc/self/cgroup");
  std::string own;
  for (std::string line; std::getline(self, line);)
    if (line.rfind("0::", 0) == 0) own = line.substr(3);
  return root / fs::path(own).relative_path();
}

// Makes parent/judge/<name>; returns it, or empty (with the reason) if not allowed.
fs::path make_dir(const fs::path& parent, const std::string& name, std::string& why) {
  std::error_code ec;
  fs::create_directories(parent / "judge", ec);
  const fs::path dir = parent / "judge" / name;
  if (!fs::create_directory(dir, ec)) {
    why = ec ? ec.message() : "exists already";
    return {};
  }
  return dir;
}

}  // namespace

void TestCgroup::remove_stale(const fs::path& root) {
  // Every v1 hierarchy a test's cgroup may be made in, and the judge's own v2 cgroup.
  for (const fs::path& parent : {root / "memory", root / "pids", root / "cpuacct", own_v2_cgroup(root)}) {
    std::error_code ec;
    if (fs::is_directory(parent / "judge", ec)) remove_stale_in(parent / "judge");
  }
}

TestCgroup TestCgroup::create(std::int64_t memory_kib, std::int64_t process_limit,
                              const fs::path& root) {
  TestCgroup group;
  const std::string name = unique_name();
  std::error_code ec;
  if (fs::exists(root / "memory" / "memory.limit_in_bytes", ec) || fs::exists(root / "pids" / "pids.max", ec))
    group.create_v1(root, name, memory_kib, process_limit);
  else if (fs::exists(root / "cgroup.controllers", ec))
    group.create_v2(root, name, memory_kib, process_limit);
  else
    group.missing_.push_back(fmt::format("cgroups: none mounted at {}", root.string()));
  return group;
}

// A cgroup v1 directory for `controller` with `limit_file` set to `value` (none when
// limit_file is empty); empty, with the reason in missing_, if that is not allowed.
fs::path TestCgroup::make_v1_dir(const fs::path& root, const std::string& controller,
                                 const std::string& name, const std::string& limit_file,
                                 const std::string& value) {
  std::string why;
  const fs::path dir = make_dir(root / controller, name, why);
  if (dir.empty()) {
    missing_.push_back(fmt::format("{} cgroup: cannot create one under {}: {}", controller,
                                   (root / controller).string(), why));
    return {};
  }
  if (limit_file.empty() || write_value(dir / limit_file, value)) return dir;
  missing_.push_back(fmt::format("{} cgroup: cannot set the limit in {}", controller, dir.string()));
  std::error_code ec;
  fs::remove(dir, ec);
  return {};
}

// cgroup v1: one hierarchy per controller.
void TestCgroup::create_v1(const fs::path& root, const std::string& name, std::int64_t memory_kib,
                           std::int64_t process_limit) {
  version_ = "cgroup v1";
  std::error_code ec;
  const std::string bytes = std::to_string(memory_kib * 1024);
  memory_dir_ = make_v1_dir(root, "memory", name, memory_kib > 0 ? "memory.limit_in_bytes" : "", bytes);
  // Swap must not be a way around the limit (the file exists with swap accounting).
  if (!memory_dir_.empty() && memory_kib > 0 && fs::exists(memory_dir_ / "memory.memsw.limit_in_bytes", ec))
    write_value(memory_dir_ / "memory.memsw.limit_in_bytes", bytes);
  pids_dir_ = make_v1_dir(root, "pids", name, process_limit > 0 ? "pids.max" : "",
                          std::to_string(process_limit));
  std::string why;
  if (fs::exists(root / "cpuacct" / "cpuacct.usage", ec)) {
    if (fs::path dir = make_dir(root / "cpuacct", name, why); !dir.empty()) cpu_dir_ = dir;
  }
}

// cgroup v2: one tree; a child of the judge's own cgroup, if the controllers are
// delegated to it (enabling them fails while the judge's cgroup holds processes, the
// "no internal processes" rule; then they are reported missing).
void TestCgroup::create_v2(const fs::path& root, const std::string& name, std::int64_t memory_kib,
                           std::int64_t process_limit) {
  version_ = "cgroup v2";
  const fs::path base = own_v2_cgroup(root);
  const std::string enabled = read_text(base / "cgroup.subtree_control");
  for (const char* controller : {"memory", "pids"}) {
    if (enabled.find(controller) == std::string::npos)
      write_value(base / "cgroup.subtree_control", fmt::format("+{}", controller));
  }
  const std::string now_enabled = read_text(base / "cgroup.subtree_control");
  std::string why;
  const fs::path dir = make_dir(base, name, why);
  if (dir.empty()) {
    missing_.push_back(fmt::format("cgroup v2: cannot create one under {}: {}", base.string(), why));
    return;
  }
  if (now_enabled.find("memory") != std::string::npos &&
      (memory_kib <= 0 || write_value(dir / "memory.max", std::to_string(memory_kib * 1024)))) {
    if (memory_kib > 0) write_value(dir / "memory.swap.max", "0");
    memory_dir_ = dir;
  } else {
    missing_.push_back(fmt::format("memory cgroup: the memory controller is not available in {}",
                                   base.string()));
  }
  if (now_enabled.find("pids") != std::string::npos &&
      (process_limit <= 0 || write_value(dir / "pids.max", std::to_string(process_limit)))) {
    pids_dir_ = dir;
  } else {
    missing_.push_back(fmt::format("pids cgroup: the pids controller is not available in {}",
                                   base.string()));
  }
  // cpu.stat's usage_usec is kept by every v2 cgroup, controller or not.
  if (!memory_dir_.empty() || !pids_dir_.empty()) cpu_dir_ = dir;
  std::error_code ec;
  if (memory_dir_.empty() && pids_dir_.empty()) fs::remove(dir, ec);
}

bool TestCgroup::apply_limits(std::int64_t memory_kib, std::int64_t process_limit) {
  const bool v2 = version_ == "cgroup v2";
  if (memory_kib > 0 && !memory_dir_.empty()) {
    const std::string bytes = std::to_string(memory_kib * 1024);
    if (!write_value(memory_dir_ / (v2 ? "memory.max" : "memory.limit_in_bytes"), bytes)) return false;
    // As create(): swap must not be a way around the limit.
    std::error_code ec;
    if (v2) write_value(memory_dir_ / "memory.swap.max", "0");
    else if (fs::exists(memory_dir_ / "memory.memsw.limit_in_bytes", ec))
      write_value(memory_dir_ / "memory.memsw.limit_in_bytes", bytes);
  }
  if (process_limit > 0 && !pids_dir_.empty() &&
      !write_value(pids_dir_ / "pids.max", std::to_string(process_limit)))
    return false;
  return true;
}

TestCgroup::TestCgroup(TestCgroup&& other) noexcept
    : version_(std::move(other.version_)),
      memory_dir_(std::move(other.memory_dir_)),
      pids_dir_(std::move(other.pids_dir_)),
      cpu_dir_(std::move(other.cpu_dir_)),
      missing_(std::move(other.missing_)) {
  other.memory_dir_.clear();
  other.pids_dir_.clear();
  other.cpu_dir_.clear();
}

TestCgroup& TestCgroup::operator=(TestCgroup&& other) noexcept {
  if (this != &other) {
    remove();
    version_ = std::move(other.version_);
    memory_dir_ = std::move(other.memory_dir_);
    pids_dir_ = std::move(other.pids_dir_);
    cpu_dir_ = std::move(other.cpu_dir_);
    missing_ = std::move(other.missing_);
    other.memory_dir_.clear();
    other.pids_dir_.clear();
    other.cpu_dir_.clear();
  }
  return *this;
}

TestCgroup::~TestCgroup() { remove(); }

std::vector<std::string> TestCgroup::join_dirs() const {
  std::vector<std::string> dirs;
  if (!memory_dir_.empty()) dirs.push_back(memory_dir_.string());
  if (!pids_dir_.empty() && pids_dir_ != memory_dir_) dirs.push_back(pids_dir_.string());
  if (!cpu_dir_.empty() && cpu_dir_ != memory_dir_ && cpu_dir_ != pids_dir_)
    dirs.push_back(cpu_dir_.string());
  return dirs;
}

std::int64_t TestCgroup::cpu_ms() const {
  if (cpu_dir_.empty()) return -1;
  if (version_ == "cgroup v2") {
    const std::int64_t usec = keyed_value(read_text(cpu_dir_ / "cpu.stat"), "usage_usec");
    return usec < 0 ? -1 : usec / 1000;
  }
  std::ifstream usage(cpu_dir_ / "cpuacct.usage");
  std::int64_t ns = -1;
  if (!(usage >> ns)) return -1;
  return ns / 1000000;
}

bool TestCgroup::oom_killed() const {
  if (memory_dir_.empty()) return false;
  const bool v2 = version_ == "cgroup v2";
  const std::string text = read_text(memory_dir_ / (v2 ? "memory.events" : "memory.oom_control"));
  const std::int64_t kills = keyed_value(text, "oom_kill");
  if (kills >= 0) return kills > 0;
  // Kernels before 4.13 have no oom_kill counter: the limit having been hit at all
  // is the nearest fact.
  return !v2 && keyed_value("failcnt " + read_text(memory_dir_ / "memory.failcnt"), "failcnt") > 0;
}

bool TestCgroup::memory_limit_reached() const {
  if (memory_dir_.empty()) return false;
  if (version_ == "cgroup v2") return keyed_value(read_text(memory_dir_ / "memory.events"), "max") > 0;
  return keyed_value("failcnt " + read_text(memory_dir_ / "memory.failcnt"), "failcnt") > 0;
}

std::int64_t TestCgroup::peak_kib() const {
  if (memory_dir_.empty()) return -1;
  const bool v2 = version_ == "cgroup v2";
  std::ifstream in(memory_dir_ / (v2 ? "memory.peak" : "memory.max_usage_in_bytes"));
  std::int64_t bytes = -1;
  if (!(in >> bytes) || bytes < 0) return -1;
  return bytes / 1024;
}

void TestCgroup::remove() {
  // A cgroup can be removed once its last process has left it. Its box has exited by
  // now as a rule (ExitingBox), but the kernel may take a moment to let go of an
  // exiting task: retried after 50 us, doubling to 2 ms, for about 100 ms in all
  // (a first wait of 2 ms cost a one-test run that much, for a task gone after 0.3).
  for (const fs::path* dir : {&memory_dir_, &pids_dir_, &cpu_dir_}) {
    if (dir->empty()) continue;
    std::chrono::microseconds pause(50);
    std::chrono::microseconds waited(0);
    while (::rmdir(dir->c_str()) != 0 && errno != ENOENT && waited < std::chrono::milliseconds(100)) {
      std::this_thread::sleep_for(pause);
      waited += pause;
      pause = std::min<std::chrono::microseconds>(pause * 2, std::chrono::milliseconds(2));
    }
  }
  memory_dir_.clear();
  pids_dir_.clear();
  cpu_dir_.clear();
}

}  // namespace judge
