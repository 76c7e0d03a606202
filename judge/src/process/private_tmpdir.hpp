// PrivateTmpdir: one folder for everything temporary of a `judge run` (or of one test
// of `judge batch`) — the tests' work and feedback folders, the compiler's own files —
// made under temp_base() and set as TMPDIR for the judge and all it starts, then
// removed with whatever it holds when the run ends, however it ends (short of SIGKILL).
// A process the judge had to kill cannot remove its own temporaries (gcc leaves
// its ccXXXXXX.o when a Ctrl-C stops a compile); this folder takes them along.
//
// On a shared host nothing in the base folder is trusted: the base must be root's or
// the judge user's, and sticky if others can write it (base/private_folder.hpp); the
// run folder is made by mkdtemp (a fresh name nobody could plant), opened with
// O_NOFOLLOW and checked with fstat (the judge user's, mode 0700) before it is used.
//
// A judge killed by SIGKILL cannot remove its folder; the next judge does. Whether
// the judge that made a folder is dead is known from a lock, never from a pid (which
// the kernel reuses): the judge holds an exclusive flock on the folder itself for as
// long as it lives (forked children share it, exec'd ones do not hold it), and
// `.judge-run-lock` inside says it took it. A folder of this user's whose lock can be
// taken and that holds the marker is a dead judge's, and is removed while its lock is
// held. One without the marker (a judge between mkdtemp and its lock, or a judge of
// a version before the marker) is left alone.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/errors.hpp"
#include "base/unique_fd.hpp"

namespace judge {

// Where the folder is made: $TMPDIR when it is set (the user's choice); otherwise
// /dev/shm when it is a writable tmpfs, else /tmp. Every test creates and removes a
// few folders and files; on a disk file system mounted with `discard` each removal
// waits for the device, a few ms a test, where a tmpfs waits for nothing.
std::filesystem::path temp_base();

// Removes the run folders of dead judges of this user from the open base folder
// (above); `keep` is a name never touched (the caller's own). Returns how many.
int sweep_dead_run_folders(const UniqueFd& base, const std::filesystem::path& shown_base,
                           const std::string& keep = "");

class PrivateTmpdir {
 public:
  // Throws ConfigError when the folder cannot be made (TMPDIR unwritable, a base or
  // a folder someone else can change). Call while no other thread reads the
  // environment (setenv).
  PrivateTmpdir();
  PrivateTmpdir(const PrivateTmpdir&) = delete;
  PrivateTmpdir& operator=(const PrivateTmpdir&) = delete;
  ~PrivateTmpdir();  // restores TMPDIR, removes the folder, then lets its lock go

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  UniqueFd lock_;  // the folder, flocked while this judge lives
  std::optional<std::string> previous_;  // TMPDIR as it was (nullopt: unset)
};

}  // namespace judge
