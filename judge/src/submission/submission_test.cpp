#include "submission/submission.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "base/text_file.hpp"
#include "box/sandbox.hpp"
#include "submission/submission_files.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

class SubmissionTest : public testing::Test {
 protected:
  void SetUp() override {
    std::string pattern = (fs::temp_directory_path() / "submission-test-XXXXXX").string();
    ASSERT_NE(::mkdtemp(pattern.data()), nullptr);
    dir = pattern;
  }
  void TearDown() override { fs::remove_all(dir); }
  void write(const fs::path& relative, const std::string& text) {
    fs::create_directories((dir / relative).parent_path());
    std::ofstream(dir / relative) << text;
  }
  // Unboxed compiles are fast; the contained ones are tested below and in scenarios.
  Submission prepare(const fs::path& path, bool contain = false) {
    SubmissionOptions options;
    options.contain = contain;
    return prepare_submission(path, dir / "cache", options);
  }
  // Where the cache keeps a submission's files: sources/<key>/<name>.
  bool in_cache_sources(const fs::path& path) {
    return path.lexically_relative(dir / "cache" / "sources").begin()->string() != "..";
  }
  std::string error_of(const fs::path& path) {
    try {
      prepare(path);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "no error";
  }
  fs::path dir;
};

TEST_F(SubmissionTest, CompilesOnceThenHitsTheCache) {
  write("ok.c", "int main(void) { return 0; }\n");
  const Submission first = prepare(dir / "ok.c");
  EXPECT_TRUE(first.compiled);
  EXPECT_FALSE(first.compile_failed);
  EXPECT_EQ(first.language, "c");
  ASSERT_EQ(first.command.size(), 1u);
  EXPECT_TRUE(fs::exists(first.command[0]));
  ASSERT_EQ(first.roots.size(), 1u);  // the build's folder goes into the box
  const Submission second = prepare(dir / "ok.c");
  EXPECT_FALSE(second.compiled);
  EXPECT_EQ(second.command, first.command);
}

TEST_F(SubmissionTest, ChangedSourceIsCompiledAgain) {
  write("a.c", "int main(void) { return 0; }\n");
  const Submission first = prepare(dir / "a.c");
  write("a.c", "int main(void) { return 1; }\n");
  const Submission second = prepare(dir / "a.c");
  EXPECT_TRUE(second.compiled);
  EXPECT_NE(second.command, first.command);
}

// Issue 15, hole 2: a header the submission includes changed, the old binary ran.
TEST_F(SubmissionTest, ChangedHeaderIsCompiledAgain) {
  write("s/main.cpp", "#include \"value.hpp\"\nint main() { return VALUE; }\n");
  write("s/value.hpp", "#define VALUE 0\n");
  const Submission first = prepare(dir / "s");
  ASSERT_FALSE(first.compile_failed) << first.compile_message;
  write("s/value.hpp", "#define VALUE 1\n");
  const Submission second = prepare(dir / "s");
  EXPECT_TRUE(second.compiled);
  EXPECT_NE(second.command, first.command);
}

TEST_F(SubmissionTest, CompileErrorIsReportedNotThrown) {
  write("bad.cpp", "int main() { return undeclared_name; }\n");
  const Submission submission = prepare(dir / "bad.cpp");
  EXPECT_TRUE(submission.compile_failed);
  EXPECT_NE(submission.compile_message.find("undeclared_name"), std::string::npos);
  EXPECT_TRUE(submission.command.empty());
}

TEST_F(SubmissionTest, PythonIsCheckedForSyntaxAndRunThroughPython3) {
  write("s.py", "print(1)\n");
  const Submission submission = prepare(dir / "s.py");
  ASSERT_EQ(submission.command.size(), 2u);
  EXPECT_EQ(fs::path(submission.command[0]).filename(), "python3");
  // The cache's copy of the file, not the file itself (submission_files.hpp).
  EXPECT_EQ(fs::path(submission.command[1]).filename(), "s.py");
  EXPECT_TRUE(in_cache_sources(submission.command[1])) << submission.command[1];
  write("broken.py", "def f(:\n");
  const Submission broken = prepare(dir / "broken.py");
  EXPECT_TRUE(broken.compile_failed);
  EXPECT_NE(broken.compile_message.find("SyntaxError"), std::string::npos) << broken.compile_message;
}

TEST_F(SubmissionTest, AFolderOfTwoModulesRunsItsEntryWithTheOthersBeside) {
  write("p/main.py", "import helper\nhelper.go()\n");
  write("p/helper.py", "def go():\n    print(1)\n");
  const Submission submission = prepare(dir / "p");
  ASSERT_FALSE(submission.compile_failed) << submission.compile_message;
  EXPECT_EQ(fs::path(submission.command.back()).lexically_relative(submission.roots.at(0)), "main.py");
  ASSERT_EQ(submission.roots.size(), 1u);
  EXPECT_EQ(fs::path(submission.roots[0]).filename(), "p");
  EXPECT_TRUE(in_cache_sources(submission.roots[0])) << submission.roots[0];
}

TEST_F(SubmissionTest, AJvmGetsItsHeapFromTheMemoryLimitAndNoAddressSpaceLimit) {
  write("Main.java", "public class Main { public static void main(String[] a) {} }\n");
  const Submission submission = prepare(dir / "Main.java");
  ASSERT_FALSE(submission.compile_failed) << submission.compile_message;
  EXPECT_TRUE(submission.unlimited_address_space);
  EXPECT_GT(submission.extra_processes, 0);
  const auto command = command_for_limits(submission, 256 * 1024);
  // Kattis's flags: the heap is the whole limit (the cgroup holds the JVM to it).
  EXPECT_NE(std::find(command.begin(), command.end(), "-Xmx256m"), command.end());
  EXPECT_NE(std::find(command.begin(), command.end(), "-Xms256m"), command.end());
  EXPECT_EQ(command.back(), "Main");
}

TEST_F(SubmissionTest, UnusableSubmissionsAreConfigErrorsThatSayWhy) {
  EXPECT_NE(error_of(dir / "nope").find("does not exist"), std::string::npos);
  write("data.txt", "x");
  EXPECT_NE(error_of(dir / "data.txt").find("neither an executable nor a source"), std::string::npos);
  fs::create_symlink(dir / "loop", dir / "loop");
  EXPECT_NE(error_of(dir / "loop").find("symbolic link loop"), std::string::npos);
  fs::create_directory(dir / "empty");
  EXPECT_NE(error_of(dir / "empty").find("no source file"), std::string::npos);
}

// A program as it is (no ending, executable) runs as the cache's copy, nothing built;
// without the x bit, or with an ending, it goes through the languages table.
TEST_F(SubmissionTest, AnExecutableWithoutAnEndingRunsAsItIs) {
  write("sub/prog", "#!/bin/sh\necho 1\n");
  fs::permissions(dir / "sub/prog", fs::perms::owner_all);
  const fs::path relative = fs::relative(dir / "sub/prog");
  const Submission program = prepare(relative);
  ASSERT_EQ(program.command.size(), 1u);
  EXPECT_EQ(fs::path(program.command[0]).filename(), "prog");
  EXPECT_TRUE(in_cache_sources(program.command[0])) << program.command[0];
  EXPECT_TRUE(program.language.empty());
  EXPECT_FALSE(program.compiled);
  EXPECT_EQ(program.roots, std::vector<std::string>{program.command[0]});
  write("plain", "echo 1\n");
  EXPECT_NE(error_of(dir / "plain").find("neither an executable nor a source"), std::string::npos);
}

TEST_F(SubmissionTest, ALanguageWhoseToolchainIsMissingSaysWhatToInstall) {
  write("langs.yaml", "zig:\n  name: Zig\n  extensions: [zig]\n  compile: [no-such-zig, '{files}']\n"
                      "  run: ['{build}/main']\n  install: [zig]\n");
  write("a.zig", "pub fn main() void {}\n");
  ::setenv("JUDGE_LANGUAGES", (dir / "langs.yaml").c_str(), 1);
  const std::string message = error_of(dir / "a.zig");
  ::unsetenv("JUDGE_LANGUAGES");
  EXPECT_NE(message.find("Zig: no-such-zig is not installed here (apt-get install zig"), std::string::npos) << message;
}

// Issue 15, hole 1: the compiler runs in the box and sees the submission's files only.
TEST_F(SubmissionTest, TheBoxedCompilerCannotIncludeFilesOfTheHost) {
  if (find_box_executable().empty() || ::geteuid() != 0) GTEST_SKIP() << "needs judge-box and root";
  write("secret/answer.txt", "THE-HIDDEN-ANSWER\n");
  write("inc.cpp", "#include \"" + (dir / "secret/answer.txt").string() + "\"\nint main() {}\n");
  const Submission included = prepare(dir / "inc.cpp", true);
  EXPECT_TRUE(included.compile_failed);
  EXPECT_EQ(included.compile_message.find("THE-HIDDEN-ANSWER"), std::string::npos) << included.compile_message;
  write("shadow.cpp", "#include \"/etc/shadow\"\nint main() {}\n");
  const Submission shadow = prepare(dir / "shadow.cpp", true);
  EXPECT_TRUE(shadow.compile_failed);
  EXPECT_EQ(shadow.compile_message.find("root:"), std::string::npos) << shadow.compile_message;
  write("bin.cpp", "asm(\".incbin \\\"" + (dir / "secret/answer.txt").string() + "\\\"\");\nint main() {}\n");
  EXPECT_TRUE(prepare(dir / "bin.cpp", true).compile_failed);
  write("ok.cpp", "int main() {}\n");  // the same box compiles a good one
  const Submission ok = prepare(dir / "ok.cpp", true);
  EXPECT_FALSE(ok.compile_failed) << ok.compile_message;
}

// #include "/dev/zero" is stopped by the compile's memory limit (a CE, in seconds, not
// the host's memory); #include "/dev/stdin" reads the box's /dev/null, never the
// judge's stdin (here a pipe holding an #error that would fail the compile).
TEST_F(SubmissionTest, TheBoxedCompilerReadsNoEndlessDeviceAndNotTheJudgesStdin) {
  if (find_box_executable().empty() || ::geteuid() != 0) GTEST_SKIP() << "needs judge-box and root";
  write("zero.cpp", "#include \"/dev/zero\"\nint main() {}\n");
  const Submission zero = prepare(dir / "zero.cpp", true);
  EXPECT_TRUE(zero.compile_failed);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  const std::string poison = "#error the compiler read the judge's stdin\n";
  ASSERT_EQ(::write(fds[1], poison.data(), poison.size()), static_cast<ssize_t>(poison.size()));
  ::close(fds[1]);
  const int saved_stdin = ::dup(0);
  ::dup2(fds[0], 0);
  ::close(fds[0]);
  write("stdin.cpp", "#include \"/dev/stdin\"\nint main() {}\n");
  const Submission from_stdin = prepare(dir / "stdin.cpp", true);
  ::dup2(saved_stdin, 0);
  ::close(saved_stdin);
  EXPECT_FALSE(from_stdin.compile_failed) << from_stdin.compile_message;
}

// Issue 28, hole 1: a folder's link to a file outside it (the hidden test, /etc/shadow)
// is refused before anything compiles or runs, naming the link.
TEST_F(SubmissionTest, AFolderWithALinkOutOfItIsRefusedNamingTheLink) {
  write("secret/06-n10-fixed.in", "THE-HIDDEN-TEST\n");
  write("p/main.py", "print(open('t').read())\n");
  fs::create_symlink("../secret/06-n10-fixed.in", dir / "p/t");
  try {
    prepare(dir / "p");
    FAIL() << "taken";
  } catch (const SubmissionRefused& refused) {
    EXPECT_NE(std::string(refused.what()).find("p/t: a symbolic link to ../secret/06-n10-fixed.in, outside"),
              std::string::npos)
        << refused.what();
  }
}

// Issue 28, hole 6: one file holding P + "\x1fz.c\0" + Q got the build of the folder
// {sol.c: P, z.c: Q}. Its key is its own now: compiled on its own, a CE.
TEST_F(SubmissionTest, AFileCannotForgeTheKeyOfAFolderOfTwoFiles) {
  const std::string p = "int f(void);\nint main(void) { return f(); }\n";
  const std::string q = "int f(void) { return 0; }\n";
  write("pair/sol.c", p);
  write("pair/z.c", q);
  const Submission pair = prepare(dir / "pair");
  ASSERT_FALSE(pair.compile_failed) << pair.compile_message;
  fs::create_directories(dir / "one");
  std::ofstream(dir / "one" / "sol.c", std::ios::binary) << p << std::string("\x1fz.c\0", 5) << q;
  // The same folder layout as the pair's, as the old key saw it ("S/sol.c").
  fs::rename(dir / "pair", dir / "pair-done");
  fs::rename(dir / "one", dir / "pair");
  const Submission forged = prepare(dir / "pair");
  EXPECT_TRUE(forged.compile_failed);  // a cache hit would have been the pair's build, AC
}

// Issue 28, hole 11: the build's folder (what goes into the box) holds what the compile
// wrote and nothing else: no judge-build.json with the cache's and the sources' host paths.
TEST_F(SubmissionTest, TheBuildFolderThatGoesIntoTheBoxHoldsNoHostPath) {
  write("s/main.cpp", "#include \"value.hpp\"\nint main() { return VALUE; }\n");
  write("s/value.hpp", "#define VALUE 0\n");
  const Submission built = prepare(dir / "s");
  ASSERT_FALSE(built.compile_failed) << built.compile_message;
  ASSERT_EQ(built.roots.size(), 1u);
  for (const auto& entry : fs::recursive_directory_iterator(built.roots[0])) {
    EXPECT_NE(entry.path().filename(), "judge-build.json");
    if (entry.path().extension() == ".json") ADD_FAILURE() << entry.path();
  }
  const auto manifest = read_file(fs::path(built.roots[0]).parent_path() / "judge-build.json");
  ASSERT_TRUE(manifest);
  EXPECT_EQ(manifest->find((dir / "cache").string()), std::string::npos) << *manifest;
  EXPECT_NE(manifest->find("/usr/"), std::string::npos) << *manifest;  // the system's headers still
}

// Issue 28, hole 11: one CPU budget for the whole compile, not one per step: two steps
// of 1.2 s each do not fit in 2 s.
TEST_F(SubmissionTest, TheDependencyStepAndTheCompileShareOneCpuBudget) {
  const std::string burn =
      "'import time; t = time.process_time(); all(time.process_time() - t < 1.2 for _ in iter(int, 1))'";
  write("langs.yaml", "slow:\n  name: Slow\n  extensions: [slow]\n"
                      "  dependencies: [python3, -c, " + burn + "]\n"
                      "  compile: [python3, -c, " + burn + "]\n  run: [python3, '{entry}']\n");
  write("a.slow", "x\n");
  ::setenv("JUDGE_LANGUAGES", (dir / "langs.yaml").c_str(), 1);
  SubmissionOptions options;
  options.contain = false;
  options.compile_limits.cpu_ms = 2000;
  const Submission slow = prepare_submission(dir / "a.slow", dir / "cache", options);
  ::unsetenv("JUDGE_LANGUAGES");
  EXPECT_TRUE(slow.compile_failed);
  EXPECT_NE(slow.compile_message.find("ran out of time"), std::string::npos) << slow.compile_message;
}

// Issue 28, hole 11: an error flood is drained, not written to a file: the first 8 KiB
// are kept and the rest is said in bytes.
TEST_F(SubmissionTest, AnErrorFloodKeepsItsFirstBytesAndSaysHowMuchMoreThereWas) {
  write("langs.yaml", "flood:\n  name: Flood\n  extensions: [flood]\n"
                      "  compile: [sh, -c, 'yes error | head -c 20000000; exit 1']\n  run: ['{build}/x']\n");
  write("a.flood", "x\n");
  ::setenv("JUDGE_LANGUAGES", (dir / "langs.yaml").c_str(), 1);
  const Submission flood = prepare(dir / "a.flood");
  ::unsetenv("JUDGE_LANGUAGES");
  EXPECT_TRUE(flood.compile_failed);
  EXPECT_LT(flood.compile_message.size(), 9000u);
  EXPECT_NE(flood.compile_message.find("(19991808 more bytes of messages not shown)"), std::string::npos)
      << flood.compile_message.substr(flood.compile_message.size() - 200);
}

// Issue 28, hole 11: what a boxed compile may leave in its output folder is bounded in
// files (and bytes): 2000 files are refused in the box, before the cache.
TEST_F(SubmissionTest, TheBoxedCompilersOutputFolderIsBounded) {
  if (find_box_executable().empty() || ::geteuid() != 0) GTEST_SKIP() << "needs judge-box and root";
  write("langs.yaml", "many:\n  name: Many\n  extensions: [many]\n"
                      "  compile: [sh, -c, 'i=0; while [ $i -lt 2000 ]; do : > {build}/f$i || exit 1; i=$((i+1)); "
                      "done']\n  run: ['{build}/f1']\n");
  write("a.many", "x\n");
  ::setenv("JUDGE_LANGUAGES", (dir / "langs.yaml").c_str(), 1);
  const Submission many = prepare(dir / "a.many", true);
  ::unsetenv("JUDGE_LANGUAGES");
  EXPECT_TRUE(many.compile_failed);
  EXPECT_NE(many.compile_message.find("its output reached the bound of 256 MiB and 1000 files"), std::string::npos)
      << many.compile_message;
  std::size_t files = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir / "cache")) files += entry.is_regular_file();
  EXPECT_LT(files, 10u);  // the staged build went, with what the compiler left
}

}  // namespace
}  // namespace judge
