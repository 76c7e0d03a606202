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

}  // namespace
}  // namespace judge
