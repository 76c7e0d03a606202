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
#include "box/own_cgroup.hpp"

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

// Makes parent/judge/<name>; returns it, or empty (with the reason) if not allowed.
fs::path make_dir(const fs::path& parent, const std::string& name, std::string& why) {
  std::error_code ec;
  const fs::path dir = parent / "judge" / name;
  // Twice: another judge removes parent/judge when its last test there has ended
  // (TestCgroup::remove), maybe between the two calls.
  for (int attempt = 0; attempt < 2; ++attempt) {
    fs::create_directories(parent / "judge", ec);
    if (fs::create_directory(dir, ec)) return dir;
    if (ec != std::errc::no_such_file_or_directory) break;
  }
  why = ec ? ec.message() : "exists already";
  return {};
}

}  // namespace

void TestCgroup::remove_stale(const fs::path& root) {
  // Every v1 hierarchy a test's cgroup may be made in, at its root and under the
  // judge's own cgroup, and the judge's own v2 cgroup.
  const OwnCgroups own = read_own_cgroups();
  std::vector<fs::path> parents;
  for (const char* controller : {"memory", "pids", "cpuacct"}) {
    parents.push_back(root / controller);
    const auto path = own.v1.find(controller);
    if (path != own.v1.end()) parents.push_back(cgroup_dir(root / controller, path->second));
  }
  parents.push_back(cgroup_dir(root, own.v2));
  for (const fs::path& parent : parents) {
    std::error_code ec;
    if (fs::is_directory(parent / "judge", ec)) remove_stale_in(parent / "judge");
  }
}

TestCgroup TestCgroup::create(std::int64_t memory_kib, std::int64_t process_limit, const fs::path& root) {
  return create(memory_kib, process_limit, root, read_own_cgroups());
}

TestCgroup TestCgroup::create(std::int64_t memory_kib, std::int64_t process_limit, const fs::path& root,
                              const OwnCgroups& own) {
  TestCgroup group;
  const std::string name = unique_name();
  std::error_code ec;
  if (fs::exists(root / "memory" / "memory.limit_in_bytes", ec) || fs::exists(root / "pids" / "pids.max", ec))
    group.create_v1(root, own, name, memory_kib, process_limit);
  else if (fs::exists(root / "cgroup.controllers", ec))
    group.create_v2(root, own, name, memory_kib, process_limit);
  else
    group.missing_.push_back(fmt::format("cgroups: none mounted at {}", root.string()));
  return group;
}

// A v1 cgroup for `controller` under the judge's own one in the hierarchy at
// `mount`; where that cannot hold it, at the hierarchy's root (the test keeps its own
// limits, the outer ones no longer bound it: said in outside_own_). Empty, with the
// reason in missing_, if neither place allows one.
fs::path TestCgroup::make_v1_dir_in(const fs::path& mount, const std::string& own_path, const std::string& controller,
                                    const std::string& name) {
  const fs::path own_dir = cgroup_dir(mount, own_path);
  std::string why;
  fs::path dir = make_dir(own_dir, name, why);
  if (!dir.empty() || own_dir == mount) {
    if (dir.empty())
      missing_.push_back(fmt::format("{} cgroup: cannot create one under {}: {}", controller, mount.string(), why));
    return dir;
  }
  std::string why_root;
  dir = make_dir(mount, name, why_root);
  if (dir.empty()) {
    missing_.push_back(
        fmt::format("{} cgroup: cannot create one under the judge's own cgroup {} ({}) nor under {} ({})", controller,
                    own_dir.string(), why, mount.string(), why_root));
    return dir;
  }
  outside_own_.push_back(
      fmt::format("{} cgroup: the judge's own cgroup {} cannot hold the test's ({}); made under "
                  "{} instead, where the limits of the judge's own cgroup do not bound the test",
                  controller, own_dir.string(), why, mount.string()));
  return dir;
}

// A cgroup v1 directory for `controller` with `limit_file` set to `value` (none when
// limit_file is empty); empty, with the reason in missing_, if that is not allowed.
fs::path TestCgroup::make_v1_dir(const fs::path& root, const OwnCgroups& own, const std::string& controller,
                                 const std::string& name, const std::string& limit_file, const std::string& value) {
  const auto own_path = own.v1.find(controller);
  const fs::path dir =
      make_v1_dir_in(root / controller, own_path == own.v1.end() ? "/" : own_path->second, controller, name);
  if (dir.empty()) return {};
  if (limit_file.empty() || write_value(dir / limit_file, value)) return dir;
  missing_.push_back(fmt::format("{} cgroup: cannot set the limit in {}", controller, dir.string()));
  std::error_code ec;
  fs::remove(dir, ec);
  return {};
}

// cgroup v1: one hierarchy per controller.
void TestCgroup::create_v1(const fs::path& root, const OwnCgroups& own, const std::string& name,
                           std::int64_t memory_kib, std::int64_t process_limit) {
  version_ = "cgroup v1";
  std::error_code ec;
  const std::string bytes = std::to_string(memory_kib * 1024);
  memory_dir_ = make_v1_dir(root, own, "memory", name, memory_kib > 0 ? "memory.limit_in_bytes" : "", bytes);
  // Swap must not be a way around the limit (the file exists with swap accounting).
  if (!memory_dir_.empty() && memory_kib > 0 && fs::exists(memory_dir_ / "memory.memsw.limit_in_bytes", ec))
    write_value(memory_dir_ / "memory.memsw.limit_in_bytes", bytes);
  // The test's folder is <parent>/judge/<name>: the limits above it are its parent's.
  if (!memory_dir_.empty()) outer_memory_limit_kib_ = memory_limit_above_kib(memory_dir_.parent_path().parent_path());
  pids_dir_ = make_v1_dir(root, own, "pids", name, process_limit > 0 ? "pids.max" : "", std::to_string(process_limit));
  if (fs::exists(root / "cpuacct" / "cpuacct.usage", ec)) {
    const auto own_path = own.v1.find("cpuacct");
    cpu_dir_ = make_v1_dir_in(root / "cpuacct", own_path == own.v1.end() ? "/" : own_path->second, "cpuacct", name);
  }
}

namespace {

// Why cgroup v2 does not let `controller` be enabled for the children of `base`.
std::string v2_refusal(const fs::path& base, const std::string& controller) {
  if (read_text(base / "cgroup.controllers").find(controller) == std::string::npos)
    return fmt::format("the {} controller is not delegated to {} (not in its cgroup.controllers)", controller,
                       base.string());
  if (!read_text(base / "cgroup.procs").empty())
    return fmt::format(
        "{} holds processes (the judge's), and cgroup v2 enables no controller for the children "
        "of such a cgroup (\"no internal processes\")",
        base.string());
  return fmt::format("the {} controller could not be enabled in {}", controller, base.string());
}

// Whether the v2 cgroup at `dir` sets a memory or pids limit of its own.
bool has_v2_limit(const fs::path& dir) {
  for (const char* file : {"memory.max", "memory.high", "pids.max"}) {
    const std::string text = read_text(dir / file);
    if (!text.empty() && text.rfind("max", 0) != 0) return true;
  }
  return false;
}

// Enables the memory and pids controllers for the children of `dir` where they are
// not yet; true when memory is enabled then.
bool enable_v2_controllers(const fs::path& dir) {
  const std::string enabled = read_text(dir / "cgroup.subtree_control");
  for (const char* controller : {"memory", "pids"}) {
    if (enabled.find(controller) == std::string::npos)
      write_value(dir / "cgroup.subtree_control", fmt::format("+{}", controller));
  }
  return read_text(dir / "cgroup.subtree_control").find("memory") != std::string::npos;
}

}  // namespace

// cgroup v2: one tree; a child of the judge's own cgroup, if the controllers can be
// enabled for its children. Enabling them fails while the judge's cgroup holds
// processes (the judge itself: the "no internal processes" rule), unless it is the
// root: then the test's cgroup goes beside the judge's, under its parent (still
// inside a job's, container's or unit's cgroup that holds the judge's: bound by their
// limits, not by the judge's own), and outside_own_ says so. Where neither allows
// it, the controllers are reported missing, with why.
void TestCgroup::create_v2(const fs::path& root, const OwnCgroups& own, const std::string& name,
                           std::int64_t memory_kib, std::int64_t process_limit) {
  version_ = "cgroup v2";
  fs::path base = cgroup_dir(root, own.v2);
  if (!enable_v2_controllers(base) && base != root) {
    const fs::path parent = base.parent_path();
    if (enable_v2_controllers(parent)) {
      // Where the judge's own cgroup sets no limit of its own (the judge started in a
      // leaf under the cgroup that has them), nothing is lost.
      if (has_v2_limit(base))
        outside_own_.push_back(
            fmt::format("cgroup v2: the judge's own cgroup cannot hold the test's: {}; made under "
                        "its parent {} instead, whose limits and those above it bound the test, "
                        "not the judge's own cgroup's",
                        v2_refusal(base, "memory"), parent.string()));
      base = parent;
    }
  }
  const std::string now_enabled = read_text(base / "cgroup.subtree_control");
  std::string why;
  const fs::path dir = make_dir(base, name, why);
  if (dir.empty()) {
    missing_.push_back(
        fmt::format("cgroup v2: cannot create one under the judge's own cgroup {}: {}; limited by "
                    "rlimits instead",
                    base.string(), why));
    return;
  }
  // The test's folder is base/judge/<name>: base/judge (which holds no process) passes
  // the controllers on to it.
  write_value(base / "judge" / "cgroup.subtree_control", "+memory +pids");
  if (now_enabled.find("memory") != std::string::npos &&
      (memory_kib <= 0 || write_value(dir / "memory.max", std::to_string(memory_kib * 1024)))) {
    if (memory_kib > 0) write_value(dir / "memory.swap.max", "0");
    memory_dir_ = dir;
    outer_memory_limit_kib_ = memory_limit_above_kib(base, root);
  } else {
    missing_.push_back(
        fmt::format("memory cgroup: {}; limited by RLIMIT_AS instead (run the judge in a leaf cgroup "
                    "whose parent has the memory controller enabled)",
                    v2_refusal(base, "memory")));
  }
  if (now_enabled.find("pids") != std::string::npos &&
      (process_limit <= 0 || write_value(dir / "pids.max", std::to_string(process_limit)))) {
    pids_dir_ = dir;
  } else {
    missing_.push_back(fmt::format("pids cgroup: {}; limited by RLIMIT_NPROC instead", v2_refusal(base, "pids")));
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
      missing_(std::move(other.missing_)),
      outside_own_(std::move(other.outside_own_)),
      outer_memory_limit_kib_(other.outer_memory_limit_kib_) {
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
    outside_own_ = std::move(other.outside_own_);
    outer_memory_limit_kib_ = other.outer_memory_limit_kib_;
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
  // With swap accounting the memory+swap counter is charged first and, its limit being
  // the memory limit (create_v1), is the one that fails: memory.memsw.failcnt, which
  // some kernels do not count (6.18 here: both stay 0 at the test's own limit). So
  // also the usage's peak at the limit: within 1 MiB or 1 % of it (per-CPU charge
  // batches and reclaim leave it a little short: 340 KiB of 256 MiB here). A limit
  // above the test's that stops it first leaves its peak far below its own limit.
  for (const char* file : {"memory.failcnt", "memory.memsw.failcnt"})
    if (keyed_value(std::string("failcnt ") + read_text(memory_dir_ / file), "failcnt") > 0) return true;
  const std::int64_t limit = keyed_value("limit " + read_text(memory_dir_ / "memory.limit_in_bytes"), "limit");
  const std::int64_t peak = keyed_value("peak " + read_text(memory_dir_ / "memory.max_usage_in_bytes"), "peak");
  if (limit <= 0 || peak < 0 || limit >= (std::int64_t{1} << 60)) return false;
  return peak >= limit - std::max<std::int64_t>(std::int64_t{1} << 20, limit / 100);
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
    // Its parent <own>/judge too, once no test of any judge is left in it: a Slurm
    // step's or a systemd unit's cgroup can only be removed without children.
    // Another judge's test still there keeps it (ENOTEMPTY or EBUSY: nothing to do).
    ::rmdir(dir->parent_path().c_str());
  }
  memory_dir_.clear();
  pids_dir_.clear();
  cpu_dir_.clear();
}

}  // namespace judge
