// CpuClaim picks the CPU a judge process runs its tests on (`--pin-cpu auto`).
// Judges running at once on one machine (CTest -j, batch workers, a user's shell
// loop) must not all pile onto the same core, so each claims a CPU by holding an
// exclusive flock on <lock folder>/<cpu> (released when the process ends, however
// it ends). When every CPU it may use is claimed, it shares one, chosen by its pid,
// without a claim.
//
// The lock folder is one no other user can change (base/private_folder.hpp): it once
// was /tmp/judge-cpu-locks, shared by every user and made mode 1777 by whichever
// judge came first, so a link planted there made a root judge chmod and fill a
// folder of someone else's. Now each user's judges share a folder of that user's:
//   root                   /run/judge/cpu-locks (/run is root's)
//   others                 $XDG_RUNTIME_DIR/judge-cpu-locks (the user's 0700 runtime folder)
//   others, without it     /tmp/judge-cpu-locks-UID, made 0700 by that user
// A folder there that is a link, someone else's, or writable by others is refused
// (ConfigError, exit 2, naming it), never used. Judges of different users no longer
// see each other's claims: they may pin tests to the same CPU (slower, not wrong).
#pragma once

#include <filesystem>

#include "base/unique_fd.hpp"

namespace judge {

// Where this user's judges keep their CPU locks (above); nothing is made.
std::filesystem::path default_cpu_lock_dir();

class CpuClaim {
 public:
  // Claims a CPU among those the calling process may run on; -1 if none is known.
  // `lock_dir` is made if missing (its parent must exist) and checked as above.
  // Throws ConfigError when it is not a private folder of this user.
  static CpuClaim claim(const std::filesystem::path& lock_dir = default_cpu_lock_dir());
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
