// TempDir: a folder made fresh (mkdtemp: a name nobody could have planted) under the
// temporary folder or a folder given, removed with everything in it when the object
// goes away. It is the one type that makes and removes temporary folders: the run's
// private TMPDIR (process/private_tmpdir.hpp) is one, a test's work and feedback
// folders are TempDirs inside it, and the unit tests use them for their fixtures.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

class TempDir {
 public:
  // `prefix` names it ("judge-work-" -> /tmp/judge-work-Xa81Qz). Throws JudgeFault
  // when it cannot be made.
  explicit TempDir(const std::string& prefix = "judge-test-");
  // The same in `parent` (parent/judge-run-Xa81Qz); JudgeFault naming the reason.
  TempDir(const std::filesystem::path& parent, const std::string& prefix);
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Moved, the folder changes owner (run/resources_ahead.hpp keeps spare ones).
  TempDir(TempDir&& other) noexcept;
  TempDir& operator=(TempDir&& other) noexcept;
  ~TempDir();

  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace judge
