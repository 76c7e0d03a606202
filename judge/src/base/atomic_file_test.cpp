#include "base/atomic_file.hpp"

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/temp_dir.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

TEST(AtomicFile, ReplacesTheWholeFileAndLeavesNoTemporaries) {
  const TempDir temp("atomic-file-test-");
  const fs::path& dir = temp.path();
  write_file_atomically(dir / "r.json", "first");
  write_file_atomically(dir / "r.json", "second");
  EXPECT_EQ(read_file(dir / "r.json"), "second");
  int files = 0;
  for ([[maybe_unused]] const auto& entry : fs::directory_iterator(dir)) ++files;
  EXPECT_EQ(files, 1);
  EXPECT_THROW(write_file_atomically(dir / "missing-dir" / "r.json", "x"), JudgeFault);
}

}  // namespace
}  // namespace judge
