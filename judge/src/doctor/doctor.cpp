#include "doctor/doctor.hpp"

#include <fcntl.h>
#include <linux/magic.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <iterator>
#include <set>
#include <utility>
#include <sstream>

#include <fmt/core.h>
#include <nlohmann/json.hpp>

#include "base/enum_name.hpp"
#include "base/errors.hpp"
#include "base/json_text.hpp"
#include "base/parse_number.hpp"
#include "base/private_folder.hpp"
#include "base/text_file.hpp"
#include "base/unique_fd.hpp"
#include "box/own_cgroup.hpp"
#include "box/sandbox.hpp"
#include "process/cpu_claim.hpp"
#include "process/private_tmpdir.hpp"
#include "submission/submission.hpp"

namespace judge {
namespace fs = std::filesystem;

namespace {

std::string trimmed(std::string text) {
  while (!text.empty() && (text.back() == '\n' || text.back() == ' ')) text.pop_back();
  return text;
}

// Mounts of <proc>/self/mountinfo: (mount point, file system type, super options +
// mount options).
struct Mount {
  std::string point;
  std::string type;
  std::string options;
};

std::vector<Mount> read_mounts(const HostRoots& roots) {
  std::vector<Mount> mounts;
  std::istringstream lines(read_file(roots.proc / "self" / "mountinfo").value_or(""));
  for (std::string line; std::getline(lines, line);) {
    std::istringstream words(line);
    std::vector<std::string> fields;
    for (std::string word; words >> word;) fields.push_back(word);
    const auto dash = std::find(fields.begin(), fields.end(), "-");
    if (fields.size() < 6 || dash == fields.end() || dash + 3 > fields.end()) continue;
    mounts.push_back({fields[4], *(dash + 1), fields[5] + "," + *(dash + 3)});
  }
  return mounts;
}

bool has_option(const std::string& options, const std::string& option) {
  std::istringstream parts(options);
  for (std::string part; std::getline(parts, part, ',');)
    if (part == option) return true;
  return false;
}

// One value of /proc or /sys, trimmed; empty if the file is missing.
std::string read_value(const fs::path& file) { return trimmed(read_file(file).value_or("")); }

// A check that found something missing: how much worse verdicts or speed get, and
// the one command that fixes it.
void flag(Check& check, CheckStatus status, std::string cost, std::string fix) {
  check.status = status;
  check.cost = std::move(cost);
  check.fix = std::move(fix);
}

Check cgroups_check(const HostRoots& roots, const std::vector<Mount>& mounts, bool& pure_v2) {
  Check check{"cgroups", CheckStatus::ok, "", "", ""};
  std::set<std::string> v1;
  bool v2 = false;
  for (const auto& mount : mounts) {
    if (mount.type == "cgroup2" && mount.point == "/sys/fs/cgroup") v2 = true;
    if (mount.type == "cgroup")
      for (const char* controller : {"memory", "pids", "cpuacct"})
        if (has_option(mount.options, controller)) v1.insert(controller);
  }
  pure_v2 = v2;
  if (v2) {
    const std::string controllers = read_value(roots.sys / "fs/cgroup/cgroup.controllers");
    check.found = "cgroup v2, controllers: " + (controllers.empty() ? std::string("none") : controllers);
    std::istringstream words(controllers);
    const std::set<std::string> available{std::istream_iterator<std::string>(words), {}};
    for (const char* needed : {"memory", "pids"})
      if (!available.contains(needed)) {
        check.status = CheckStatus::less_exact;
        check.cost = fmt::format("no {} controller: memory or process limits fall back to rlimits", needed);
        check.fix = "enable it for the judge's cgroup: echo +memory +pids > /sys/fs/cgroup/cgroup.subtree_control";
      }
    return check;
  }
  std::string names;
  for (const auto& name : v1) names += (names.empty() ? "" : ", ") + name;
  check.found = v1.empty() ? "no cgroups mounted" : "cgroup v1 (hybrid), controllers: " + names;
  if (v1.size() < 3) {
    flag(check, CheckStatus::less_exact,
         "without memory, pids and cpuacct: MLE by address space, processes by RLIMIT_NPROC, children's CPU "
         "time unseen",
         "boot with cgroup v2 (systemd.unified_cgroup_hierarchy=1) or mount the v1 controllers");
  }
  return check;
}

// ", limit 150 MiB above" or ", no memory limit above".
std::string limit_words(std::int64_t limit_kib) {
  if (limit_kib <= 0) return "no memory limit at or above it";
  return fmt::format("a memory limit of {} MiB at or above it", limit_kib / 1024);
}

// cgroup v2: the tests' cgroups go under the judge's own cgroup where it can enable
// controllers for children, else under its parent (box/cgroup.cpp create_v2).
Check own_v2_check(Check check, const fs::path& cgroup_root, const std::string& own) {
  const fs::path dir = cgroup_dir(cgroup_root, own);
  check.found = fmt::format("cgroup v2 {}, {}", own, limit_words(memory_limit_above_kib(dir, cgroup_root)));
  const bool holds_processes = !read_value(dir / "cgroup.procs").empty();
  const bool enabled = read_value(dir / "cgroup.subtree_control").find("memory") != std::string::npos;
  if (dir == cgroup_root || enabled || !holds_processes) {
    check.found += ": the tests' cgroups are made under it";
    return check;
  }
  const std::string own_limit = read_value(dir / "memory.max");
  check.found += fmt::format(
      ": it holds processes, so cgroup v2 enables no controller for its children (\"no "
      "internal processes\"): the tests' cgroups are made under its parent {}",
      dir.parent_path().string());
  if (own_limit.empty() || own_limit == "max") return check;
  flag(check, CheckStatus::less_exact,
       fmt::format("its own memory.max ({}) does not bound the tests, only its parent's and those above", own_limit),
       "set the limit on a cgroup above the judge's and start the judge in a leaf under it: mkdir LIMITED/judge && "
       "echo $$ > LIMITED/judge/cgroup.procs && judge ...");
  return check;
}

// Where the tests' cgroups go: under the judge's own (box/own_cgroup.hpp), so that the
// limits of a Slurm job, a container or a unit that runs the judge bound them too.
Check own_cgroup_check(const HostRoots& roots, const std::vector<Mount>& mounts, bool pure_v2) {
  Check check{"own cgroup", CheckStatus::ok, "", "", ""};
  const OwnCgroups own = read_own_cgroups(roots.proc / "self" / "cgroup");
  const fs::path cgroup_root = roots.sys / "fs/cgroup";
  if (pure_v2) return own_v2_check(check, cgroup_root, own.v2.empty() ? "/" : own.v2);
  const auto memory = std::find_if(mounts.begin(), mounts.end(), [](const Mount& mount) {
    return mount.type == "cgroup" && has_option(mount.options, "memory");
  });
  if (memory == mounts.end()) {
    check.found = "no memory cgroup hierarchy (see cgroups)";
    return check;
  }
  const std::string path = own.v1.contains("memory") ? own.v1.at("memory") : "/";
  const fs::path dir = cgroup_dir(cgroup_root / "memory", path);
  check.found = fmt::format("memory {}, {}", path, limit_words(memory_limit_above_kib(dir)));
  std::error_code ec;
  if (fs::is_directory(dir, ec) && (has_option(memory->options, "ro") || ::access(dir.c_str(), W_OK) != 0)) {
    flag(check, CheckStatus::less_exact,
         "the judge's own cgroup cannot hold the tests' (read-only or not writable): they are made at the "
         "hierarchy's root, outside it, where its limits do not bound them (or without cgroups, by rlimits)",
         "mount /sys/fs/cgroup read-write where the judge runs and run it as root");
    return check;
  }
  check.found += ": the tests' cgroups are made under it";
  return check;
}

Check favordynmods_check(const std::vector<Mount>& mounts, bool pure_v2) {
  Check check{"favordynmods", CheckStatus::ok, "", "", ""};
  bool set = false;
  // The option switches one kernel-wide lock (cgroup_threadgroup_rwsem), so setting
  // it on any cgroup mount is enough: name a cgroup2 mount where there is one (the
  // "unified" one of a hybrid host), else the first v1 hierarchy.
  std::string v2_point, v1_point;
  for (const auto& mount : mounts) {
    if (mount.type != "cgroup2" && mount.type != "cgroup") continue;
    if (has_option(mount.options, "favordynmods")) set = true;
    std::string& point = mount.type == "cgroup2" ? v2_point : v1_point;
    if (point.empty()) point = mount.point;
  }
  const std::string target = pure_v2 || (v2_point.empty() && v1_point.empty()) ? "/sys/fs/cgroup"
                             : !v2_point.empty()                               ? v2_point
                                                                               : v1_point;
  check.found = set ? "set" : "not set";
  if (!set && !pure_v2) {
    // On cgroup v1 judge-box joins a test's cgroups by writing "0" to `tasks` (its own
    // thread), which the kernel does without the global lock (judge_box.cpp,
    // join_cgroups): the option would change nothing for the judge.
    check.found += " (not needed on cgroup v1: judge-box joins with its own thread, no global lock)";
    return check;
  }
  if (!set) {
    flag(check, CheckStatus::slower,
         "joining a test's cgroup waits for an RCU grace period: about 8-15 ms for a test after a pause",
         fmt::format("mount -o remount,favordynmods {} (kernel >= 6.0)", target));
  }
  return check;
}

Check user_namespaces_check(const HostRoots& roots) {
  const std::string max = read_value(roots.proc / "sys/user/max_user_namespaces");
  Check check{"user namespaces", CheckStatus::ok, max.empty() ? "unknown" : "max_user_namespaces " + max, "", ""};
  if (const auto clone = read_file(roots.proc / "sys/kernel/unprivileged_userns_clone"))
    check.found += ", unprivileged_userns_clone " + trimmed(*clone);
  if (max == "0" || max.empty()) {
    flag(check, CheckStatus::less_exact, "judge-box cannot make its namespaces: submissions run with rlimits only",
         "sysctl -w user.max_user_namespaces=15000");
  }
  return check;
}

Check pipe_size_check(const HostRoots& roots) {
  const std::string size = read_value(roots.proc / "sys/fs/pipe-max-size");
  const auto bytes = parse_integer<std::int64_t>(size);
  Check check{"pipe-max-size", CheckStatus::ok, bytes ? size + " bytes" : "unknown", "", ""};
  if (bytes && *bytes < 1048576)
    flag(check, CheckStatus::slower, "smaller pipes: more context switches on chatty interactions",
         "sysctl -w fs.pipe-max-size=1048576");
  return check;
}

Check governor_check(const HostRoots& roots) {
  Check check{"CPU frequency", CheckStatus::ok, "", "", ""};
  std::set<std::string> governors;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(roots.sys / "devices/system/cpu", ec)) {
    const auto governor = read_file(entry.path() / "cpufreq/scaling_governor");
    if (governor) governors.insert(trimmed(*governor));
  }
  const auto boost = read_file(roots.sys / "devices/system/cpu/cpufreq/boost");
  const auto no_turbo = read_file(roots.sys / "devices/system/cpu/intel_pstate/no_turbo");
  const bool boosting = (boost && trimmed(*boost) == "1") || (no_turbo && trimmed(*no_turbo) == "0");
  if (governors.empty()) {
    check.found = "no cpufreq (a VM, or a fixed frequency)";
    return check;
  }
  for (const auto& governor : governors) check.found += (check.found.empty() ? "governor " : ", ") + governor;
  if (boosting) check.found += ", boost on";
  if (governors != std::set<std::string>{"performance"} || boosting) {
    flag(check, CheckStatus::less_exact,
         "CPU times vary with the clock: a solution near the limit may flip between AC and TLE",
         boosting ? "cpupower frequency-set -g performance; echo 0 > /sys/devices/system/cpu/cpufreq/boost"
                  : "cpupower frequency-set -g performance");
  }
  return check;
}

Check swap_check(const HostRoots& roots) {
  Check check{"swap", CheckStatus::ok, "none", "", ""};
  std::istringstream lines(read_file(roots.proc / "swaps").value_or(""));
  std::string line;
  std::getline(lines, line);  // the header
  int devices = 0;
  while (std::getline(lines, line))
    if (!trimmed(line).empty()) ++devices;
  if (devices > 0) {
    check.found = fmt::format("{} swap device(s)", devices);
    flag(check, CheckStatus::less_exact,
         "a submission's memory may be swapped out: slower, and its peak memory reads low", "swapoff -a");
  }
  return check;
}

Check huge_pages_check(const HostRoots& roots) {
  Check check{"transparent huge pages", CheckStatus::ok, "", "", ""};
  const std::string mode = read_value(roots.sys / "kernel/mm/transparent_hugepage/enabled");
  check.found = mode.empty() ? "unknown" : mode;
  if (mode.find("[always]") != std::string::npos) {
    flag(check, CheckStatus::less_exact,
         "memory is charged in 2 MiB pages: peaks read up to 2 MiB high, small limits MLE early",
         "echo madvise > /sys/kernel/mm/transparent_hugepage/enabled");
  }
  return check;
}

// fs.protected_symlinks and fs.protected_regular: the kernel's own guard for programs
// that run as root and open names in a sticky folder others write (/tmp). The judge
// itself needs neither (it opens nothing there through a link, base/output_file.hpp,
// base/private_folder.hpp), but the setter's programs it runs outside the box (the
// interactor, a checker, a generator, the compilers of a package's programs) may.
Check protected_check(const HostRoots& roots, const std::string& name, const std::string& what) {
  const std::string value = read_value(roots.proc / "sys/fs" / name);
  Check check{"fs." + name, CheckStatus::ok,
              value.empty() ? "unknown" : value + (value == "0" ? " (off)" : " (on)"), "", ""};
  if (value.empty() || value == "0")
    flag(check, CheckStatus::less_exact,
         fmt::format("programs the judge runs as root outside the box (interactors, checkers) may {} in /tmp that "
                     "another user planted",
                     what),
         fmt::format("sysctl -w fs.{}=1 (and in /etc/sysctl.d/ to keep it)", name));
  return check;
}

// Why the folder at `path` (if it exists) is not the judge user's own, or "".
std::string why_not_own_folder(const fs::path& path) {
  struct stat st {};
  if (::lstat(path.c_str(), &st) != 0) return "";
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
  if (!fd.valid()) return "a symbolic link, or not a folder";
  return why_not_private(fd.get());
}

Check run_folder_check(const fs::path& base) {
  Check check{"run folders", CheckStatus::ok, base.string() + "/judge-run-*", "", ""};
  try {
    (void)open_base_folder(base);
  } catch (const ConfigError& error) {
    flag(check, CheckStatus::less_exact, std::string(error.what()) + ": judge run refuses to start (exit 2)",
         "set TMPDIR to a folder of yours");
    return check;
  }
  struct statfs info {};
  if (::statfs(base.c_str(), &info) == 0 && info.f_type == TMPFS_MAGIC) {
    check.found += " (tmpfs)";
    return check;
  }
  check.found += " (on disk)";
  flag(check, CheckStatus::slower, "each test makes and removes folders on disk: ~3 ms a test where it is mounted "
       "with discard", "mount a tmpfs on /dev/shm (or set TMPDIR to a tmpfs folder)");
  return check;
}

Check cpu_locks_check(const fs::path& dir) {
  Check check{"CPU locks", CheckStatus::ok, dir.string(), "", ""};
  std::string why = why_not_own_folder(dir);
  if (why.empty() && dir.parent_path() == "/run/judge") why = why_not_own_folder(dir.parent_path());
  if (!why.empty()) {
    flag(check, CheckStatus::less_exact, why + ": judge run --pin-cpu auto refuses it (exit 2)",
         fmt::format("rm -r {} (the judge makes it again, as its own)", dir.string()));
    return check;
  }
  struct stat st {};
  if (::lstat(dir.c_str(), &st) != 0) check.found += " (made on first use)";
  return check;
}

// Where the judge keeps its files: looked at as they are (nothing is made).
void add_location_checks(std::vector<Check>& checks, const HostFacts& facts) {
  if (!facts.run_base.empty()) checks.push_back(run_folder_check(facts.run_base));
  if (!facts.cpu_lock_dir.empty()) checks.push_back(cpu_locks_check(facts.cpu_lock_dir));
  if (!facts.cache_dir.empty()) checks.push_back(Check{"compile cache", CheckStatus::ok, facts.cache_dir.string(), "", ""});
}

}  // namespace

std::vector<Check> check_host(const HostRoots& roots, const HostFacts& facts) {
  const auto mounts = read_mounts(roots);
  bool pure_v2 = false;
  std::vector<Check> checks;
  checks.push_back(cgroups_check(roots, mounts, pure_v2));
  checks.push_back(own_cgroup_check(roots, mounts, pure_v2));
  checks.push_back(favordynmods_check(mounts, pure_v2));
  checks.push_back(user_namespaces_check(roots));
  checks.push_back(pipe_size_check(roots));
  checks.push_back(governor_check(roots));
  checks.push_back(swap_check(roots));
  checks.push_back(huge_pages_check(roots));
  checks.push_back(facts.root ? Check{"root", CheckStatus::ok, "the judge runs as root", "", ""}
                              : Check{"root", CheckStatus::less_exact, "not root",
                                      "no cgroups of its own and no uid switch: limits by rlimits only",
                                      "run the judge as root (sudo judge ...)"});
  checks.push_back(facts.judge_box_found
                       ? Check{"judge-box", CheckStatus::ok, "beside the judge", "", ""}
                       : Check{"judge-box", CheckStatus::less_exact, "missing beside the judge",
                               "submissions cannot be contained (judge run refuses --sandbox auto)",
                               "cmake --build build --target judge-box (or install both together)"});
  checks.push_back(protected_check(roots, "protected_symlinks", "follow a symbolic link"));
  checks.push_back(protected_check(roots, "protected_regular", "write into a file"));
  add_location_checks(checks, facts);
  return checks;
}

int doctor_exit_code(const std::vector<Check>& checks) {
  for (const auto& check : checks)
    if (check.status == CheckStatus::less_exact) return 1;
  return 0;
}

std::string_view status_name(CheckStatus status) {
  return enum_name(status, std::array<std::string_view, 3>{"ok", "slower", "less exact"});
}

std::string doctor_table(const std::vector<Check>& checks) {
  std::string table;
  for (const auto& check : checks) {
    table += fmt::format("{:<24} {:<11} {}\n", check.name, status_name(check.status), check.found);
    if (check.status == CheckStatus::ok) continue;
    table += fmt::format("{:<36} cost: {}\n{:<36} fix:  {}\n", "", check.cost, "", check.fix);
  }
  const auto count = [&](CheckStatus status) {
    return std::count_if(checks.begin(), checks.end(), [&](const Check& check) { return check.status == status; });
  };
  table += fmt::format("{} ok, {} slower, {} less exact: {}\n", count(CheckStatus::ok), count(CheckStatus::slower),
                       count(CheckStatus::less_exact),
                       doctor_exit_code(checks) == 0 ? "verdicts are exact here" : "fix the items marked less exact");
  return table;
}

std::string doctor_json(const std::vector<Check>& checks) {
  nlohmann::json items = nlohmann::json::array();
  for (const auto& check : checks)
    items.push_back({{"name", check.name}, {"status", status_name(check.status)}, {"found", check.found},
                     {"cost", check.cost}, {"fix", check.fix}});
  return json_text({{"checks", items}, {"exit", doctor_exit_code(checks)}}, 2) + "\n";
}

int run_doctor_command(bool as_json) {
  const HostFacts facts{::geteuid() == 0, !find_box_executable().empty(), temp_base(), default_cpu_lock_dir(),
                        default_cache_dir()};
  const auto checks = check_host(HostRoots{}, facts);
  std::cout << (as_json ? doctor_json(checks) : doctor_table(checks));
  return doctor_exit_code(checks);
}

}  // namespace judge
