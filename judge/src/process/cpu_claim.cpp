#include "process/cpu_claim.hpp"

#include <fcntl.h>
#include <sched.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

namespace judge {

CpuClaim CpuClaim::claim(const std::filesystem::path& lock_dir) {
  CpuClaim result;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (::sched_getaffinity(0, sizeof set, &set) != 0) return result;
  std::vector<int> allowed;
  for (int cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) allowed.push_back(cpu);
  if (allowed.empty()) return result;

  std::error_code ec;
  std::filesystem::create_directories(lock_dir, ec);
  ::chmod(lock_dir.c_str(), 01777);  // shared by every user's judges, like /tmp
  for (int cpu : allowed) {
    const std::string path = (lock_dir / std::to_string(cpu)).string();
    UniqueFd fd(::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666));
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
