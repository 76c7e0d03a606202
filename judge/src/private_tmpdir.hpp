// PrivateTmpdir: one folder for everything temporary of a `judge run` — the tests'
// work and feedback folders, the compiler's own files — made under the TMPDIR the
// judge was given and set as TMPDIR for the judge and all it starts, then removed
// with whatever it holds when the run ends, however it ends (short of SIGKILL).
// A process the judge had to kill cannot remove its own temporaries (gcc leaves
// its ccXXXXXX.o when a Ctrl-C stops a compile); this folder takes them along.
#pragma once

#include <filesystem>
#include <optional>
#include <string>

namespace judge {

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
