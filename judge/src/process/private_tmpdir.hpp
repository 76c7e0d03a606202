// PrivateTmpdir: one folder for everything temporary of a `judge run` (or of one test
// of `judge batch`) — the tests' work and feedback folders, the compiler's own files —
// made under temp_base() and set as TMPDIR for the judge and all it starts, then
// removed with whatever it holds when the run ends, however it ends (short of SIGKILL).
// A process the judge had to kill cannot remove its own temporaries (gcc leaves
// its ccXXXXXX.o when a Ctrl-C stops a compile); this folder takes them along.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

#include "base/errors.hpp"

namespace judge {

// Where the folder is made: $TMPDIR when it is set (the user's choice); otherwise
// /dev/shm when it is a writable tmpfs, else /tmp. Every test creates and removes a
// few folders and files; on a disk file system mounted with `discard` each removal
// waits for the device, a few ms a test, where a tmpfs waits for nothing.
std::filesystem::path temp_base();

class PrivateTmpdir {
 public:
  // Throws ConfigError when the folder cannot be made (TMPDIR unwritable).
  // Call while no other thread reads the environment (setenv).
  PrivateTmpdir();
  PrivateTmpdir(const PrivateTmpdir&) = delete;
  PrivateTmpdir& operator=(const PrivateTmpdir&) = delete;
  ~PrivateTmpdir();  // restores TMPDIR, removes the folder

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
  std::optional<std::string> previous_;  // TMPDIR as it was (nullopt: unset)
};

}  // namespace judge
