#include "run/preflight.hpp"

#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <fstream>
#include <iterator>
#include <string>

#include <fmt/core.h>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/output_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class Preflight : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "preflight-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
    fs::create_directories(dir / "tests");
    problem.testdata_dir = dir / "tests";
  }
  void TearDown() override {
    ::chmod(dir.c_str(), 0755);
    fs::remove_all(dir);
  }
  TestCase add_test(const std::string& name) {
    std::ofstream(dir / "tests" / (name + ".in")) << "1\n";
    return {name, dir / "tests" / (name + ".in"), "/dev/null"};
  }
  // The message of the ConfigError `check` throws ("" if it throws none).
  template <typename Check>
  static std::string error_of(Check check) {
    try {
      check();
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "";
  }
  fs::path dir;
  Problem problem;
};

TEST_F(Preflight, AResultFileInAWritableFolderPassesAndLeavesNothing) {
  EXPECT_EQ(error_of([&] { check_result_file(dir / "result.json", "--json"); }), "");
  EXPECT_TRUE(fs::is_empty(dir / "tests"));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir), fs::directory_iterator()), 1);  // tests/ only
}

TEST_F(Preflight, AResultFileThatIsAFolderOrInAMissingFolderIsRefused) {
  EXPECT_NE(error_of([&] { check_result_file(dir, "--json"); }).find("that is a folder"), std::string::npos);
  // README: a missing --json folder is exit 2; it is not made.
  const std::string missing = error_of([&] { check_result_file(dir / "nowhere" / "r.json", "--json"); });
  EXPECT_NE(missing.find("the folder " + (dir / "nowhere").string() + " does not exist"), std::string::npos) << missing;
  EXPECT_FALSE(fs::exists(dir / "nowhere"));
}

TEST_F(Preflight, DevicesFifosAndStandardOutputAreWrittenInPlace) {
  EXPECT_EQ(error_of([&] { check_result_file("/dev/null", "--json"); }), "");
  EXPECT_EQ(error_of([&] { check_result_file("-", "--json"); }), "");
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  EXPECT_EQ(resolve_output(dir / "fifo", "--json").kind, OutputKind::write_in_place);
  EXPECT_EQ(resolve_output("/dev/null", "--json").kind, OutputKind::write_in_place);
  EXPECT_EQ(resolve_output("-", "--json").kind, OutputKind::standard_output);
  EXPECT_EQ(resolve_output(dir / "new.json", "--json").kind, OutputKind::replace_atomically);
}

// /dev/stdout, /dev/fd/N (a shell's >(jq .)): the judge's own descriptor, written as
// it is, never opened through the kernel's link; a descriptor it does not have is
// refused.
TEST_F(Preflight, DescriptorNamesAreTheJudgesOwnDescriptors) {
  EXPECT_EQ(resolve_output("/dev/stdout", "--json").kind, OutputKind::standard_output);
  int ends[2];
  ASSERT_EQ(::pipe(ends), 0);
  const OutputTarget target = resolve_output(fmt::format("/dev/fd/{}", ends[1]), "--json");
  EXPECT_EQ(target.kind, OutputKind::descriptor);
  EXPECT_EQ(target.fd, ends[1]);
  write_output(target, "{}\n");
  char got[8] = {};
  EXPECT_EQ(::read(ends[0], got, sizeof got), 3);
  EXPECT_STREQ(got, "{}\n");
  ::close(ends[0]);
  ::close(ends[1]);
  EXPECT_NE(error_of([&] { resolve_output(fmt::format("/proc/self/fd/{}", ends[1]), "--json"); })
                .find("no descriptor"),
            std::string::npos);
}

// Issue 28: --json followed a link someone planted and replaced its target.
TEST_F(Preflight, ALinkIsRefusedAndItsTargetUntouched) {
  std::ofstream(dir / "victim") << "precious\n";
  fs::create_symlink(dir / "victim", dir / "link.json");
  const std::string refused = error_of([&] { check_result_file(dir / "link.json", "--json"); });
  EXPECT_NE(refused.find("a symbolic link (to " + (dir / "victim").string() + ")"), std::string::npos) << refused;
  EXPECT_THROW(write_output_file(dir / "link.json", "--json", "{}\n"), ConfigError);
  // Resolved while it was absent, a link by the time of the write: the name is
  // replaced (rename), the target is not written.
  fs::remove(dir / "link.json");
  const OutputTarget target = resolve_output(dir / "link.json", "--json");
  fs::create_symlink(dir / "victim", dir / "link.json");
  write_output(target, "{}\n");
  EXPECT_FALSE(fs::is_symlink(fs::symlink_status(dir / "link.json")));
  std::ifstream victim(dir / "victim");
  EXPECT_EQ(std::string(std::istreambuf_iterator<char>(victim), {}), "precious\n");
}

// Issue 28: a FIFO nobody reads kept the judge waiting forever.
TEST_F(Preflight, AFifoNobodyReadsIsRefusedAtOnce) {
  ASSERT_EQ(::mkfifo((dir / "fifo").c_str(), 0600), 0);
  EXPECT_EQ(error_of([&] { check_result_file(dir / "fifo", "--json"); }), "");  // not opened then
  const auto started = std::chrono::steady_clock::now();
  const std::string refused = error_of([&] { write_output_file(dir / "fifo", "--json", "{}\n"); });
  EXPECT_NE(refused.find("no process has the FIFO open for reading"), std::string::npos) << refused;
  EXPECT_LT(std::chrono::steady_clock::now() - started, std::chrono::seconds(1));
}

TEST_F(Preflight, AResultFileInAFolderWithoutWritePermissionIsRefused) {
  if (::geteuid() == 0) GTEST_SKIP() << "root writes anywhere (test_faults.py uses a read-only mount)";
  ::chmod(dir.c_str(), 0555);
  EXPECT_NE(error_of([&] { check_result_file(dir / "r.json", "--json"); }).find("cannot create a file"),
            std::string::npos);
}

TEST_F(Preflight, TheTranscriptFolderIsCreated) {
  EXPECT_EQ(error_of([&] { check_transcripts_dir(dir / "a" / "b"); }), "");
  EXPECT_TRUE(fs::is_directory(dir / "a" / "b"));
  EXPECT_TRUE(fs::is_empty(dir / "a" / "b"));
  std::ofstream(dir / "file") << "x";
  EXPECT_NE(error_of([&] { check_transcripts_dir(dir / "file"); }), "");
}

TEST_F(Preflight, MissingAndDanglingTestFilesAreNamed) {
  const TestCase present = add_test("01");
  EXPECT_EQ(error_of([&] { check_test_files(problem, {present}, true); }), "");
  const TestCase gone{"02", dir / "tests" / "02.in", "/dev/null"};
  EXPECT_NE(error_of([&] { check_test_files(problem, {present, gone}, false); }).find("test 02: cannot read"),
            std::string::npos);
  fs::create_symlink("gone.in", dir / "tests" / "03.in");
  // Listing the tests skips the link; with every test selected, it is named.
  const std::string dangling = error_of([&] { check_test_files(problem, {present}, true); });
  EXPECT_NE(dangling.find("03.in is a broken symbolic link (to gone.in)"), std::string::npos) << dangling;
  EXPECT_EQ(error_of([&] { check_test_files(problem, {present}, false); }), "");
}

TEST_F(Preflight, ATestInputThatIsAFolderIsRefused) {
  fs::create_directories(dir / "tests" / "04.in");
  const TestCase folder{"04", dir / "tests" / "04.in", "/dev/null"};
  EXPECT_NE(error_of([&] { check_test_files(problem, {folder}, false); }).find("is not a file"),
            std::string::npos);
}

}  // namespace
}  // namespace judge
