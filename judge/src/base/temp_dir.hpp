// TempDir: a folder made fresh (mkdtemp) under the temporary folder, removed with
// everything in it when the object goes away. A test's work and feedback folders
// are TempDirs inside the run's private TMPDIR (process/private_tmpdir.hpp); the
// unit tests use them for their fixtures.
#pragma once

#include <filesystem>
#include <string>

namespace judge {

class TempDir {
 public:
  // `prefix` names it ("judge-work-" -> /tmp/judge-work-Xa81Qz). Throws JudgeFault
  // when it cannot be made.
  explicit TempDir(const std::string& prefix = "judge-test-");
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
