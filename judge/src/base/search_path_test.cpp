#include "base/search_path.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

// Sets PATH for one test and puts the old one back.
class ScopedPath {
 public:
  explicit ScopedPath(const std::string& value) : old_(std::getenv("PATH") ? std::getenv("PATH") : "") {
    ::setenv("PATH", value.c_str(), 1);
  }
  ~ScopedPath() { ::setenv("PATH", old_.c_str(), 1); }

 private:
  std::string old_;
};

TEST(FindOnPath, TakesTheFirstExecutableInPathOrder) {
  const TempDir temp("search-path-test-");
  for (const char* folder : {"a", "b", "c"}) fs::create_directories(temp.path() / folder);
  std::ofstream(temp.path() / "a/tool") << "not executable\n";
  std::ofstream(temp.path() / "b/tool") << "#!/bin/sh\n";
  std::ofstream(temp.path() / "c/tool") << "#!/bin/sh\n";
  ::chmod((temp.path() / "b/tool").c_str(), 0755);
  ::chmod((temp.path() / "c/tool").c_str(), 0755);
  const ScopedPath path((temp.path() / "a").string() + ":" + (temp.path() / "b").string() + ":" +
                        (temp.path() / "c").string());
  EXPECT_EQ(find_on_path("tool"), temp.path() / "b/tool");
  EXPECT_EQ(find_on_path("missing"), std::nullopt);
  EXPECT_EQ(find_on_path((temp.path() / "c/tool").string()), temp.path() / "c/tool");
  EXPECT_EQ(find_on_path((temp.path() / "a/tool").string()), std::nullopt);
}

}  // namespace
}  // namespace judge
