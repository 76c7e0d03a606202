// CpuClaim picks the CPU a judge process runs its tests on (`--pin-cpu auto`).
// Judges running at once on one machine (CTest -j, batch workers, a user's shell
// loop) must not all pile onto the same core, so each claims a CPU by holding an
// exclusive flock on /tmp/judge-cpu-locks/<cpu> (released when the process
// ends, however it ends). When every CPU it may use is claimed, it shares one,
// chosen by its pid, without a claim.
#pragma once

#include <filesystem>

#include "base/unique_fd.hpp"

namespace judge {

class CpuClaim {
 public:
  // Claims a CPU among those the calling process may run on; -1 if none is known.
  static CpuClaim claim(const std::filesystem::path& lock_dir = "/tmp/judge-cpu-locks");
  int cpu() const { return cpu_; }
  bool exclusive() const { return lock_.valid(); }

 private:
  int cpu_ = -1;
  UniqueFd lock_;
};

// Takes `cpu` out of the CPUs the calling thread (and what it starts from now on)
// may run on, when others remain: the judge keeps off the CPU its tests are pinned
// to. After each vfork the kernel tends to wake the judge on the CPU its child runs
// on, and with the interactor pinned there the judge then waited behind the
// interactor's start, on most short tests, while the other CPU idled. Returns whether
// the set changed.
bool keep_calling_thread_off_cpu(int cpu);

}  // namespace judge
