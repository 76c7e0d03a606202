#include "process/python3.hpp"

#include <stdlib.h>
#include <sys/stat.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/search_path.hpp"
#include "base/temp_dir.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class Python3 : public testing::Test {
 protected:
  void SetUp() override { old_path = std::getenv("PATH") ? std::getenv("PATH") : ""; }
  void TearDown() override { ::setenv("PATH", old_path.c_str(), 1); }
  std::string old_path;
  TempDir temp{"python3-test-"};
};

TEST_F(Python3, ALauncherScriptIsReplacedByTheInterpreterItStarts) {
  const auto real = find_on_path("python3");
  ASSERT_TRUE(real.has_value()) << "the test needs a python3 on PATH";
  // A launcher in the manner of pyenv's shim: a script that execs the interpreter.
  std::ofstream(temp.path() / "python3") << "#!/bin/sh\nexec " << real->string() << " \"$@\"\n";
  ::chmod((temp.path() / "python3").c_str(), 0755);
  ::setenv("PATH", (temp.path().string() + ":" + old_path).c_str(), 1);
  const fs::path chosen = python3_for("a test");
  EXPECT_NE(chosen, temp.path() / "python3");
  EXPECT_TRUE(chosen.is_absolute());
  EXPECT_TRUE(fs::is_regular_file(chosen));
}

TEST_F(Python3, NoPython3IsAConfigErrorSayingWhatNeedsIt) {
  ::setenv("PATH", temp.path().c_str(), 1);
  try {
    python3_for("the output validator x.py");
    FAIL();
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("the output validator x.py"), std::string::npos);
  }
}

}  // namespace
}  // namespace judge
