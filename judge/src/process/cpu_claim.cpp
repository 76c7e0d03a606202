#include "process/cpu_claim.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "base/private_folder.hpp"

namespace judge {
namespace fs = std::filesystem;

fs::path default_cpu_lock_dir() {
  if (::geteuid() == 0) return "/run/judge/cpu-locks";
  if (const char* runtime = std::getenv("XDG_RUNTIME_DIR"); runtime != nullptr && *runtime == '/')
    return fs::path(runtime) / "judge-cpu-locks";
  return "/tmp/judge-cpu-locks-" + std::to_string(::geteuid());
}

namespace {

// The lock folder, opened and checked (base/private_folder.hpp). For the default
// root place, /run/judge is checked as well: it is made there too.
UniqueFd open_lock_dir(const fs::path& lock_dir) {
  if (lock_dir == "/run/judge/cpu-locks") return open_private_path("/run", "judge/cpu-locks");
  return open_private_path(lock_dir.parent_path(), lock_dir.filename());
}

}  // namespace

CpuClaim CpuClaim::claim(const fs::path& lock_dir) {
  CpuClaim result;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return result;
  std::vector<int> allowed;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) allowed.push_back(cpu);
  if (allowed.empty()) return result;

  const UniqueFd dir = open_lock_dir(lock_dir);
  for (int cpu : allowed) {
    // No link is followed: the folder is this user's alone, and O_NOFOLLOW keeps it so.
    UniqueFd fd(::openat(dir.get(), std::to_string(cpu).c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0600));
    if (!fd.valid()) continue;
    if (::flock(fd.get(), LOCK_EX | LOCK_NB) == 0) {
      result.cpu_ = cpu;
      result.lock_ = std::move(fd);
      return result;
    }
  }
  result.cpu_ = allowed[static_cast<std::size_t>(::getpid()) % allowed.size()];
  return result;
}

bool keep_calling_thread_off_cpu(int cpu) {
  if (cpu < 0 || cpu >= CPU_SETSIZE) return false;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0 || !CPU_ISSET(cpu, &set) || CPU_COUNT(&set) < 2)
    return false;
  CPU_CLR(cpu, &set);
  return ::sched_setaffinity(0, sizeof set, &set) == 0;
}

}  // namespace judge
