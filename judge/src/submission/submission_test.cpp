#include "submission/submission.hpp"

#include <stdlib.h>
#include <unistd.h>

#include <fstream>

#include <gtest/gtest.h>

#include "base/errors.hpp"
#include "box/sandbox.hpp"

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
    return prepare_submission(path, dir / "cache", SubmissionOptions{contain, "", ""});
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
  EXPECT_EQ(submission.command[1], (dir / "s.py").string());
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
  EXPECT_EQ(submission.command.back(), (dir / "p" / "main.py").string());
  EXPECT_EQ(submission.roots, std::vector<std::string>{(dir / "p").string()});
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

// A program as it is (no ending, executable) runs by its absolute path, nothing built;
// without the x bit, or with an ending, it goes through the languages table.
TEST_F(SubmissionTest, AnExecutableWithoutAnEndingRunsAsItIs) {
  write("sub/prog", "#!/bin/sh\necho 1\n");
  fs::permissions(dir / "sub/prog", fs::perms::owner_all);
  const fs::path relative = fs::relative(dir / "sub/prog");
  const Submission program = prepare(relative);
  ASSERT_EQ(program.command.size(), 1u);
  EXPECT_EQ(program.command[0], (dir / "sub/prog").string());
  EXPECT_TRUE(program.language.empty());
  EXPECT_FALSE(program.compiled);
  EXPECT_TRUE(program.roots.empty());
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

}  // namespace
}  // namespace judge
