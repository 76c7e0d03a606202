// A temporary directory for the files a game writes (nuts-bolts' nextpass.in), made on
// first use and removed when the fuzzer exits normally.
#pragma once

#include <cstdlib>
#include <filesystem>
#include <string>
#include <system_error>
#include <unistd.h>

#include "fuzz_support.hpp"

namespace interactor_fuzz {

class ScratchDir {
 public:
  ScratchDir() {
    std::string pattern = (std::filesystem::temp_directory_path() / "interactor-fuzz.XXXXXX").string();
    if (::mkdtemp(pattern.data()) == nullptr) fail("mkdtemp", pattern);
    path_ = pattern;
  }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  ScratchDir(const ScratchDir&) = delete;
  ScratchDir& operator=(const ScratchDir&) = delete;
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

}  // namespace interactor_fuzz
