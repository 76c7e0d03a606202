// A task's stub or grader picked by the submission's language and assembled beside
// it under the task's name.
#include "submission/companions.hpp"

#include <fstream>

#include <gtest/gtest.h>

#include "base/temp_dir.hpp"
#include "base/text_file.hpp"

namespace judge {
namespace {
namespace fs = std::filesystem;

struct Sol {
  TempDir dir{"companions-test-"};
  Companions companions;
  Sol() {
    companions.role = "stub";
    companions.name = "bits";
    for (const char* name : {"stub.cpp", "stub.py", "bits.h"}) std::ofstream(dir.path() / name) << name;
    companions.sources = {dir.path() / "stub.cpp", dir.path() / "stub.py"};
    companions.headers = {dir.path() / "bits.h"};
  }
};

TEST(Companions, TheCompanionOfTheSubmissionsLanguageIsPickedByItsEnding) {
  Sol sol;
  const Languages languages = Languages::load();
  EXPECT_EQ(companion_for(sol.companions, *languages.by_id("cpp")), sol.dir.path() / "stub.cpp");
  EXPECT_EQ(companion_for(sol.companions, *languages.by_id("python3")), sol.dir.path() / "stub.py");
  EXPECT_FALSE(companion_for(sol.companions, *languages.by_id("c")).has_value());
  const std::string message = no_companion_message(sol.companions, *languages.by_id("c"), languages);
  EXPECT_NE(message.find("it has none for C"), std::string::npos) << message;
  EXPECT_NE(message.find("stub.cpp"), std::string::npos) << message;
}

TEST(Companions, TheSubmissionIsCompiledUnderTheTasksNameBesideTheStubAndHeaders) {
  Sol sol;
  TempDir folder("companions-folder-");
  std::ofstream(sol.dir.path() / "my solution.cpp") << "int decode();";
  const std::string entry = assemble_with_companion(sol.dir.path() / "my solution.cpp", sol.dir.path() / "stub.cpp",
                                                    sol.companions, folder.path());
  EXPECT_EQ(entry, "stub.cpp");
  EXPECT_EQ(read_file(folder.path() / "bits.cpp"), "int decode();");
  EXPECT_EQ(read_file(folder.path() / "stub.cpp"), "stub.cpp");
  EXPECT_EQ(read_file(folder.path() / "bits.h"), "bits.h");
  EXPECT_FALSE(fs::exists(folder.path() / "stub.py"));
}

// A Kattis package's include/ as problemtools reads it: default/ then the language's
// folder, C++'s variants taking cpp/; the include files written over the submission's,
// at their paths below the folder; main.<ending> in the language's folder the entry.
TEST(KattisIncludes, DefaultThenTheLanguagesFilesOverTheSubmissionsAndMainIsTheEntry) {
  TempDir dir("includes-test-");
  const fs::path include = dir.path() / "include";
  auto write = [](const fs::path& path, const std::string& text) {
    fs::create_directories(path.parent_path());
    std::ofstream(path) << text;
  };
  write(include / "default/NOTICE.txt", "default");
  write(include / "default/grader.h", "default header");
  write(include / "cpp/grader.h", "cpp header");
  write(include / "cpp/lib/util.h", "nested");
  write(include / "python3/main.py", "the grader");
  write(include / "python3/helper.py", "helper");
  const Languages languages = Languages::load();
  EXPECT_EQ(include_folders_for(include, *languages.by_id("cpp")),
            (std::vector<fs::path>{include / "default", include / "cpp"}));
  EXPECT_EQ(include_folders_for(include, *languages.by_id("cpp17")),
            (std::vector<fs::path>{include / "default", include / "cpp"}));
  EXPECT_EQ(include_folders_for(include, *languages.by_id("java")), (std::vector<fs::path>{include / "default"}));
  EXPECT_TRUE(include_folders_for(dir.path() / "none", *languages.by_id("cpp")).empty());

  const fs::path submission = dir.path() / "sub";
  write(submission / "guess.cpp", "contestant");
  write(submission / "grader.h", "contestant's own header");
  const fs::path cpp = dir.path() / "cpp-out";
  fs::create_directory(cpp);
  EXPECT_EQ(assemble_with_includes(submission, {"guess.cpp", "grader.h"},
                                   include_folders_for(include, *languages.by_id("cpp")), *languages.by_id("cpp"), cpp),
            "");
  EXPECT_EQ(read_file(cpp / "guess.cpp"), "contestant");
  EXPECT_EQ(read_file(cpp / "grader.h"), "cpp header") << "the language's include wins, written last";
  EXPECT_EQ(read_file(cpp / "lib/util.h"), "nested");
  EXPECT_EQ(read_file(cpp / "NOTICE.txt"), "default");

  write(submission / "main.py", "contestant's main");
  const fs::path python = dir.path() / "py-out";
  fs::create_directory(python);
  EXPECT_EQ(assemble_with_includes(submission, {"main.py"}, include_folders_for(include, *languages.by_id("python3")),
                                   *languages.by_id("python3"), python),
            "main.py");
  EXPECT_EQ(read_file(python / "main.py"), "the grader");
}

}  // namespace
}  // namespace judge
